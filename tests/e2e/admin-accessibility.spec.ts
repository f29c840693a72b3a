import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";

test.describe("admin accessibility", () => {
  // axe runs as a script in the page; the markup is the same with JavaScript off.
  test(
    "the login page, dashboard, lists and dialogs have no axe violations",
    { tag: "@js-only" },
    async ({ page, request }) => {
      test.setTimeout(120_000);
      const booked = await bookViaApi(request);
      await page.goto("/admin/login");
      const check = async (label: string) => {
        expect(await axeViolations(page, { label })).toEqual([]);
      };
      await check("login");
      await logIn(page);
      await check("dashboard");
      for (const path of [
        "/admin/repairs",
        `/admin/repairs/${booked.id}`,
        "/admin/repair-items?category=watch",
        "/admin/repair-items/new",
        "/admin/repair-items/1/delete",
      ]) {
        await page.goto(path);
        await check(path);
      }
      // On a phone the wide tables and charts scroll sideways: still reachable by keyboard.
      await page.setViewportSize(phone);
      for (const path of ["/admin/dashboard", "/admin/repairs"]) {
        await page.goto(path);
        await check(`${path} (phone)`);
      }
    },
  );
});
