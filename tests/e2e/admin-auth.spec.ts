import { expect, test } from "./fixtures";
import { admin, logIn, logInWithForm } from "./support/admin";

// Without JavaScript the login and logout are the server's forms and redirects, tested once at the
// HTML level (tests/html/admin-auth.spec.ts); the return path and the session's lifetime are
// tested in tests/integration/admin-auth.test.ts. Here: the login form in both browsers, and what
// the client-side router does with JavaScript on.
test.describe("staff login", () => {
  test(
    "refuses a wrong password and an unknown user with the same Login Failed toast",
    { tag: "@js-only" },
    async ({ page }) => {
      for (const username of [admin.username, "nobody-at-all"]) {
        await page.goto("/admin/login");
        await page.getByLabel("Username").fill(username);
        await page.getByLabel("Password").fill("not-the-password");
        await page.getByRole("button", { name: "Login" }).click();
        const toast = page.getByTestId("toast");
        await expect(toast).toContainText("Login Failed");
        await expect(toast).toContainText("Invalid username or password.");
        await expect(page).toHaveURL(/\/admin\/login$/);
        // With JavaScript the page stays; the script empties the password as the server does.
        await expect(page.getByLabel("Password")).toHaveValue("");
      }
    },
  );

  test("logs in and lands on the dashboard with the success toast", async ({ page }) => {
    await logInWithForm(page);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Login Successful!");
    await expect(page.getByTestId("toast")).toContainText("Redirecting to admin dashboard.");
    const menu = page.getByRole("navigation", { name: "Admin" });
    for (const item of ["Dashboard", "Analytics", "Manage Repairs", "Manage Price List"])
      await expect(menu.getByRole("link", { name: item })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  // Without JavaScript every click loads a page, which the server sends to the login (the
  // Unauthorized redirect is tested in tests/integration/admin-auth.test.ts); with it, the
  // router's data request must lead there too.
  test(
    "a session that ends while browsing sends the next click to the login page",
    { tag: "@js-only" },
    async ({ page, context }) => {
      await logIn(page);
      await context.clearCookies({ name: "wf_staff" });
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Manage Repairs" })
        .click();
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Frepairs$/);
      await expect(page.getByTestId("toast")).toContainText("Please log in to access this page.");
    },
  );

  test(
    "logs out: the session ends on the server and the admin pages close",
    { tag: "@js-only" },
    async ({ page }) => {
      await logIn(page);
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("button", { name: "Logout" })
        .click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByTestId("toast")).toContainText("Logged Out");
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
    },
  );

  // Without JavaScript the browser shows its own progress instead.
  test(
    "shows Logging In... on a disabled button while the login is in flight",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(admin.username);
      await page.getByLabel("Password").fill(admin.password);
      // Hold the login request until the button has been checked.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/admin/login.data*", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Login" }).click();
      const button = page.getByRole("button", { name: "Logging In..." });
      await expect(button).toBeDisabled();
      release();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    },
  );
});
