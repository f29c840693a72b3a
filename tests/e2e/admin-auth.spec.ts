import { expect, test } from "./fixtures";
import { admin, logIn } from "./support/admin";

test.describe("staff login", () => {
  test("refuses a wrong password and an unknown user with the same Login Failed toast", async ({
    page,
  }) => {
    for (const username of [admin.username, "nobody-at-all"]) {
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login" }).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Login Failed");
      await expect(toast).toContainText("Invalid username or password.");
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByLabel("Password")).toHaveValue("");
    }
  });

  test("logs in and lands on the dashboard with the success toast", async ({ page }) => {
    await logIn(page);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Login Successful!");
    await expect(page.getByTestId("toast")).toContainText("Redirecting to admin dashboard.");
    const menu = page.getByRole("navigation", { name: "Admin" });
    for (const item of ["Dashboard", "Analytics", "Manage Repairs", "Manage Price List"])
      await expect(menu.getByRole("link", { name: item })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("sends a visitor to the login page with the Unauthorized toast, then back to the page they wanted", async ({
    page,
  }) => {
    await page.goto("/admin/repairs?status=pending");
    await expect(page).toHaveURL(
      /\/admin\/login\?redirectTo=%2Fadmin%2Frepairs%3Fstatus%3Dpending$/,
    );
    await expect(page.getByTestId("toast")).toContainText("Unauthorized");
    await expect(page.getByTestId("toast")).toContainText("Please log in to access this page.");

    await page.getByLabel("Username").fill(admin.username);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/repairs\?status=pending$/);
    await expect(page.getByRole("heading", { name: "Manage Repair Requests" })).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("pending");
  });

  test("a session that ends while browsing sends the next click to the login page", async ({
    page,
    context,
  }) => {
    await logIn(page);
    await context.clearCookies({ name: "wf_staff" });
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Manage Repairs" })
      .click();
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Frepairs$/);
    await expect(page.getByTestId("toast")).toContainText("Please log in to access this page.");
  });

  test("never sends the staff member off the site after login, however the return path is spelt", async ({
    page,
  }) => {
    await logIn(page, { from: "/admin/login?redirectTo=%2F%2Fevil.example%2Fphish" });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.context().clearCookies({ name: "wf_staff" });
    await logIn(page, {
      from: `/admin/login?${new URLSearchParams({ redirectTo: "/..//evil.example/x" })}`,
    });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // Signed in already: the login page sends straight on, and still only to this site.
    await page.goto(`/admin/login?${new URLSearchParams({ redirectTo: "/.//evil.example/x" })}`);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("logs out: the session ends on the server and the admin pages close", async ({ page }) => {
    await logIn(page);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("button", { name: "Logout" })
      .click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByTestId("toast")).toContainText("Logged Out");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  });

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
