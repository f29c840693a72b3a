import { expect, test } from "@playwright/test";
import { admin } from "../e2e/support/admin";
import { staffVisitor, visitor } from "./support/html-page";

/**
 * The staff login and logout as a browser without JavaScript goes through them: the login form
 * posted as it is, the server's redirects followed and its toasts read. The browser specs keep the
 * form with JavaScript and what only a browser shows (tests/e2e/admin-auth.spec.ts).
 */
test.describe("staff login", () => {
  test("refuses a wrong password and an unknown user with the same Login Failed toast", async ({
    request,
  }) => {
    for (const username of [admin.username, "nobody-at-all"]) {
      const login = await visitor(request).open("/admin/login");
      const refused = await login
        .form("Login")
        .fill({ Username: username, Password: "not-the-password" })
        .submit("Login");
      expect(refused.status, username).toBe(401);
      expect(refused.url.pathname + refused.url.search).toBe("/admin/login");
      expect(refused.toast()).toEqual({
        type: "destructive",
        title: "Login Failed",
        description: "Invalid username or password.",
      });
      // The password is never sent back; the username is, to correct it.
      expect(refused.$(refused.control("Password")).attr("value") ?? "").toBe("");
      expect(refused.$(refused.control("Username")).attr("value")).toBe(username);
    }
  });

  test("sends a visitor to the login page with the Unauthorized toast, then back to the page they wanted", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const login = await browsing.open("/admin/repairs?status=pending");
    expect(login.url.pathname + login.url.search).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Frepairs%3Fstatus%3Dpending",
    );
    expect(login.toast()).toMatchObject({
      title: "Unauthorized",
      description: "Please log in to access this page.",
    });
    // The form carries the way back.
    const landed = await login
      .form("Login")
      .fill({ Username: admin.username, Password: admin.password })
      .submit("Login");
    expect(landed.url.pathname + landed.url.search).toBe("/admin/repairs?status=pending");
    expect(landed.headings(1)).toEqual(["Manage Repair Requests"]);
    const status = landed.$(landed.control("Status"));
    expect(status.find("option[selected]").attr("value")).toBe("pending");
  });

  test("logs out: the session ends on the server and the admin pages close", async ({
    request,
  }) => {
    const { landed, open } = await staffVisitor(request);
    const loggedOut = await landed.form("Logout").submit("Logout");
    expect(loggedOut.url.pathname + loggedOut.url.search).toBe("/admin/login");
    expect(loggedOut.toast()?.title).toBe("Logged Out");
    const closed = await open("/admin/dashboard");
    expect(closed.url.pathname + closed.url.search).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fdashboard",
    );
  });
});
