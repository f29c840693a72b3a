import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";
import { shopToday } from "../../app/utils/shop-time";

test.describe("admin accessibility", () => {
  // axe runs as a script in the page. Without JavaScript the markup is the same but for the
  // controls that render once React runs (useHydrated), checked below.
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
        "/admin/invoices",
        "/admin/reports?by=day",
        "/admin/repair-items?category=watch",
        "/admin/repair-items/new",
        "/admin/repair-items/1/delete",
        "/admin/settings",
        "/admin/hours",
        "/admin/photos",
        "/admin/close",
        `/admin/close/${shopToday()}/report`,
        // Buying and selling devices (issue 33).
        "/admin/trade-ins",
        "/admin/trade-ins/grid",
        "/admin/trade-ins/grid/new",
        "/admin/purchases",
        "/admin/purchases/new",
        "/admin/stock",
        "/admin/stock/new",
        "/admin/reservations",
      ]) {
        await page.goto(path);
        await check(path);
      }
      // A draft invoice: the line rows, the discount, the deposit form.
      await page.goto(`/admin/repairs/${booked.id}/invoice`);
      await page.getByRole("button", { name: "Start invoice" }).click();
      await expect(page.getByRole("heading", { name: "Draft invoice" })).toBeVisible();
      await check("a draft invoice");
      // Issued, with its receipt and pickup sections; then the warranty page's claim form, which
      // shows once the repair is invoiced.
      await page.locator('[name="description1"]').fill("Keyboard replacement");
      await page.locator('[name="unitPrice1"]').fill("149");
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByRole("status").getByText("Invoice saved.")).toBeVisible();
      await page.getByRole("button", { name: "Issue invoice" }).click();
      await expect(page.getByRole("heading", { name: /^Invoice \d+/ })).toBeVisible();
      await check("an issued invoice");
      await page.goto(`/admin/repairs/${booked.id}/warranty`);
      await check("a repair's warranty");
      // On a phone the wide tables and charts scroll sideways: still reachable by keyboard.
      await page.setViewportSize(phone);
      for (const path of ["/admin/dashboard", "/admin/repairs", "/admin/close"]) {
        await page.goto(path);
        await check(`${path} (phone)`);
      }
    },
  );
});

test.describe("admin accessibility without JavaScript", () => {
  test.skip(({ jsEnabled }) => jsEnabled, "checks the markup without JavaScript");

  /**
   * The admin pages whose markup differs without JavaScript: a dialog over its list stays open
   * but not modal (components/admin/admin-dialog.tsx), and the price-list entry form in one shows
   * its "New brand" and "New series" fields from the start (repair-item-form.tsx); a repair's page
   * has no "Copy link" and says how the note is filled without the script
   * (repair-detail-sections.tsx, repair-status-form.tsx); a print sheet names the browser's Print
   * in place of its button (print-sheet.tsx). The login page and the other forms are the same
   * markup either way (the server draws it and React hydrates it as drawn), and one dialog stands
   * for all: they share the component.
   */
  test("a price-list dialog, a repair's page and its print sheet have no axe violations", async ({
    page,
    request,
  }) => {
    const booked = await bookViaApi(request);
    await logIn(page);
    // axe cannot run in a page without JavaScript: the page's document, scripts removed, is
    // checked in a JavaScript page of its own at the same address, so styles resolve alike (a new
    // context takes the project's options, JavaScript off among them, unless told otherwise).
    const copy = await (
      await page.context().browser()!.newContext({ javaScriptEnabled: true })
    ).newPage();
    try {
      for (const path of [
        "/admin/repair-items/new",
        `/admin/repairs/${booked.id}`,
        `/admin/repairs/${booked.id}/ticket`,
      ]) {
        await page.goto(path);
        const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
        await copy.unrouteAll();
        await copy.route(page.url(), (route) =>
          route.fulfill({ contentType: "text/html", body: html }),
        );
        await copy.goto(page.url());
        expect.soft(await axeViolations(copy, { label: `${path} (no JavaScript)` })).toEqual([]);
      }
    } finally {
      await copy.context().close();
    }
  });
});
