import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { parseCsv } from "../support/csv";
import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { apiToken, logIn } from "./support/admin";
import { bookViaApi } from "./support/api";
import { nextWeekday } from "./support/booking";

/**
 * A surname no other test (or the other project's run of this one) uses: the search that finds just
 * ours.
 */
const uniqueSurname = () =>
  `Lister${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function setStatus(request: APIRequestContext, id: number, status: string) {
  const response = await request.post("/api/admin/update_booking.php", {
    headers: { authorization: `Bearer ${await apiToken(request)}` },
    data: { id, status, notifyCustomer: false },
  });
  expect(response.ok()).toBe(true);
}

/**
 * Three bookings of one customer surname: an iPhone 13 the soonest, a Galaxy, a Pixel the latest.
 */
async function bookThree(request: APIRequestContext, surname: string) {
  const book = (
    firstName: string,
    model: string,
    brand: string,
    daysAhead: number,
    urgency: string,
  ) =>
    bookViaApi(request, {
      firstName,
      lastName: surname,
      deviceCategory: "Mobile Repair Service",
      deviceBrand: brand,
      deviceModel: model,
      preferredDate: nextWeekday(daysAhead),
      urgency,
    });
  const iphone = await book("Ada", "iPhone 13", "Apple", 3, "emergency");
  const galaxy = await book("Zoë", "Galaxy S21", "Samsung", 10, "normal");
  const pixel = await book("Mia", "Pixel 7", "Google", 20, "urgent");
  return { iphone, galaxy, pixel };
}

const references = (page: Page) => page.getByTestId("repair-row").locator("td:first-child");
/** The first cells' text: each reference is a link named "Open WF-…". */
const opening = (...bookings: { reference: string }[]) =>
  bookings.map((booking) => `Open ${booking.reference}`);

test.describe("repair list", () => {
  test("sorts by a header link, filters and searches through the URL", async ({
    page,
    request,
  }) => {
    const surname = uniqueSurname();
    const { iphone, galaxy, pixel } = await bookThree(request, surname);
    await setStatus(request, galaxy.id, "in_progress");
    await logIn(page);
    await page.goto(`/admin/repairs?q=${surname}`);
    await expect(page.getByTestId("repair-row")).toHaveCount(3);
    // Newest first by default.
    await expect(references(page)).toHaveText(opening(pixel, galaxy, iphone));

    await page.getByRole("link", { name: "Appointment" }).first().click();
    await expect(page).toHaveURL(/sort=appointment&dir=asc/);
    await expect(page.getByRole("columnheader", { name: "Appointment" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await expect(references(page)).toHaveText(opening(iphone, galaxy, pixel));
    await page.getByRole("link", { name: "Appointment" }).first().click();
    await expect(page).toHaveURL(/sort=appointment&dir=desc/);
    await expect(page.getByRole("columnheader", { name: "Appointment" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(references(page)).toHaveText(opening(pixel, galaxy, iphone));

    // Filters from the form keep the sort.
    await page.getByLabel("Status").selectOption("in_progress");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/status=in_progress/);
    await expect(page).toHaveURL(/sort=appointment/);
    await expect(references(page)).toHaveText(opening(galaxy));
    await expect(page.getByTestId("repair-row").getByTestId("status-badge")).toHaveText(
      "In Progress",
    );

    await page.goto(`/admin/repairs?q=${surname}`);
    await page.getByLabel("Search").fill(`iPhone 13 ${surname}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(references(page)).toHaveText(opening(iphone));
    await expect(page.getByTestId("repair-row")).toContainText("Emergency");

    await page.goto(`/admin/repairs?q=${surname}`);
    await page.getByLabel("Dates by").selectOption("appointment");
    await page.getByLabel("From").fill(nextWeekday(9));
    await page.getByLabel("To", { exact: true }).fill(nextWeekday(21));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(references(page)).toHaveText(opening(pixel, galaxy));

    await page.goto(`/admin/repairs?q=${iphone.phone}`);
    await expect(references(page)).toHaveText(opening(iphone));
    await page
      .getByRole("link", { name: `Open ${iphone.reference}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/repairs/${iphone.id}$`));
  });

  test("offers page numbers", async ({ page, request }) => {
    const surname = uniqueSurname();
    for (let i = 0; i < 21; i++)
      await bookViaApi(request, { lastName: surname, firstName: `Page${i}` });
    await logIn(page);
    await page.goto(`/admin/repairs?q=${surname}&sort=customer`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText("Showing 1–20 of 21 repair requests");
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=customer/);
    await expect(page.getByTestId("repair-row")).toHaveCount(1);
    await expect(page.getByTestId("repair-row")).toContainText("Page9");
  });

  test("exports the filtered list as a CSV file", async ({ page, request }) => {
    const surname = uniqueSurname();
    const { iphone, galaxy, pixel } = await bookThree(request, surname);
    await logIn(page);
    await page.goto(`/admin/repairs?q=${surname}&urgency=normal`);
    await expect(page.getByTestId("repair-row")).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^repairs-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(new TextDecoder().decode(bytes));
    expect(header?.slice(0, 5)).toEqual([
      "Reference",
      "Created",
      "First name",
      "Last name",
      "Phone",
    ]);
    expect(records.map((r) => [r[0], r[2], r[3], r[8], r[13]])).toEqual([
      [galaxy.reference, "Zoë", surname, "Galaxy S21", "Normal"],
    ]);
    expect(records.map((r) => r[0])).not.toContain(iphone.reference);
    expect(records.map((r) => r[0])).not.toContain(pixel.reference);
  });

  test("becomes cards on a phone and a table that fits on a laptop", async ({ page, request }) => {
    const surname = uniqueSurname();
    await bookThree(request, surname);
    await logIn(page);
    const noSidewaysScroll = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      );

    await page.setViewportSize(phone);
    await page.goto(`/admin/repairs?q=${surname}`);
    await expect(page.getByTestId("repair-card")).toHaveCount(3);
    await expect(page.getByTestId("repair-card").first()).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    expect(await noSidewaysScroll()).toBe(true);
    await page
      .getByRole("navigation", { name: "Sort repairs" })
      .getByRole("link", { name: "Device" })
      .click();
    await expect(page).toHaveURL(/sort=device&dir=asc/);
    expect(await noSidewaysScroll()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/repairs");
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByTestId("repair-card").first()).toBeHidden();
    expect(await noSidewaysScroll()).toBe(true);
    // Every column is in view: the last header ends inside the window.
    const lastHeader = await page.getByRole("columnheader", { name: "Created" }).boundingBox();
    expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(1280);
    // …and the table stays inside its panel rather than spilling over the edge.
    const table = await page.getByRole("table").boundingBox();
    const panel = await page.getByRole("table").locator("..").boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(panel!.x + panel!.width + 0.5);
  });

  test(
    "has a colour for each status and no axe violations",
    { tag: "@js-only" },
    async ({ page, request }) => {
      test.setTimeout(60_000);
      const surname = uniqueSurname();
      const statuses = [
        "pending",
        "in_progress",
        "waiting_parts",
        "completed",
        "ready_for_pickup",
        "cancelled",
      ];
      for (const [i, status] of statuses.entries()) {
        const booked = await bookViaApi(request, { lastName: surname, firstName: `Status${i}` });
        if (status !== "pending") await setStatus(request, booked.id, status);
      }
      await logIn(page);
      await page.goto(`/admin/repairs?q=${surname}`);
      const badges = page.getByTestId("repair-row").getByTestId("status-badge");
      await expect(badges).toHaveCount(6);
      const colours = await badges.evaluateAll((nodes) =>
        nodes.map((node) => getComputedStyle(node).backgroundColor),
      );
      expect(new Set(colours).size).toBe(6);
      const check = async (label: string) => {
        expect(await axeViolations(page, { label })).toEqual([]);
      };
      await check("desktop");
      await page.setViewportSize(phone);
      await check("phone");
    },
  );
});
