import type { Locator, Page } from "@playwright/test";
import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";
import { setStatus } from "../html/support/admin-repair-list";

// Without JavaScript the row's form posts and the page comes back: tests/html/admin-quick-status.spec.ts.
// Here: the fetcher (the row drawn again in place, the page not reloaded, the focus kept) and the
// rows at phone width.

const searchFor = (lastName: string) => `/admin/repairs?${new URLSearchParams({ q: lastName })}`;

/** Signs in and opens the list searched for one customer, at phone width (the cards). */
async function openList(page: Page, lastName: string) {
  await page.setViewportSize(phone);
  const path = searchFor(lastName);
  await logIn(page, {
    from: `/admin/login?redirectTo=${encodeURIComponent(path)}`,
    landsOn: /\/admin\/repairs\?/,
  });
}

const card = (page: Page, reference: string) =>
  page.getByTestId("repair-card").filter({ hasText: reference });

const statusForm = (scope: Locator, reference: string) =>
  scope.getByRole("form", { name: `Status of ${reference}` });

test(
  "with JavaScript a row's status changes in place: no page load, the focus stays on Update, a stale row is refused in the row",
  { tag: "@js-only" },
  async ({ page, request }) => {
    const lastName = `Fetch${Date.now().toString(36)}`;
    const booked = await bookViaApi(request, { lastName });
    await openList(page, lastName);
    // A mark on the window: a page load would clear it.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    const row = card(page, booked.reference);
    const form = statusForm(row, booked.reference);

    await form.getByLabel(`New status of ${booked.reference}`).selectOption("in_progress");
    await form.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      `${booked.reference} is now In Progress; the customer was notified.`,
    );
    await expect(row.getByTestId("status-badge")).toHaveText("In Progress");
    await expect(form.getByRole("button", { name: "Update" })).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(new URL(page.url()).search).toBe(new URL(searchFor(lastName), page.url()).search);

    // Someone else moves it on; this row still shows In Progress and is refused where it is.
    await setStatus(request, booked.id, "waiting_parts");
    await form.getByLabel(`New status of ${booked.reference}`).selectOption("ready_for_pickup");
    await form.getByRole("button", { name: "Update" }).click();
    const alert = row.getByRole("alert");
    await expect(alert).toContainText(
      `${booked.reference} was changed while you had it open, so nothing was saved.`,
    );
    await expect(alert).toContainText("In Progress → Waiting for Parts");
    await expect(row.getByTestId("status-badge")).toHaveText("Waiting for Parts");
    await expect(form.getByLabel(`New status of ${booked.reference}`)).toHaveValue(
      "ready_for_pickup",
    );
    expect(await axeViolations(page, { label: "a refused row" })).toEqual([]);

    // One press applies it on top.
    await form.getByRole("button", { name: "Update" }).click();
    await expect(row.getByTestId("status-badge")).toHaveText("Ready for Pickup");
    await expect(alert).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  },
);

test("at 390 px a row's status form is one line inside its card, and the number is a tap-to-call link", async ({
  page,
  request,
}) => {
  const lastName = `Narrow${Date.now().toString(36)}`;
  const booked = await bookViaApi(request, { lastName });
  await openList(page, lastName);
  const row = card(page, booked.reference);
  const form = statusForm(row, booked.reference);
  const select = await form.getByLabel(`New status of ${booked.reference}`).boundingBox();
  const button = await form.getByRole("button", { name: "Update" }).boundingBox();
  const box = await row.boundingBox();
  // Side by side, both inside the card, both big enough to tap.
  expect(Math.abs(select!.y - button!.y)).toBeLessThan(8);
  expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
  expect(Math.min(select!.height, button!.height)).toBeGreaterThanOrEqual(24);
  await expect(row.getByRole("link", { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute(
    "href",
    /^tel:\+1\d{10}$/,
  );
});
