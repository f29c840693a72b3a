import type { Page } from "@playwright/test";
import { bookThree, setStatus, uniqueSurname } from "../html/support/admin-repair-list";
import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";
import { nextWeekday } from "./support/booking";

const references = (page: Page) => page.getByTestId("repair-row").locator("td:first-child");
/** The first cells' text: each reference is a link named "Open WF-…". */
const opening = (...bookings: { reference: string }[]) =>
  bookings.map((booking) => `Open ${booking.reference}`);

// Without JavaScript the sort links, the filters, the page numbers and the CSV export (a plain
// link) are the server's answers, tested once at the HTML level
// (tests/html/admin-repair-list.spec.ts). Here: the same sorting and filtering through the
// router's navigations, the layout, the badges' colours and axe.
test.describe("repair list", () => {
  test(
    "sorts by a header link, filters and searches through the URL",
    { tag: "@js-only" },
    async ({ page, request }) => {
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
      await page.getByLabel("Status", { exact: true }).selectOption("in_progress");
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
    },
  );

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
