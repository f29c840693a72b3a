import type { Page } from "@playwright/test";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn, uniqueName } from "./support/admin";
import { bookViaApi } from "./support/api";
import { nextWeekday } from "./support/booking";

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);

// What the server renders (the day and week views, the sections to link to, every filter and
// date) is tested once at the HTML level (tests/html/admin-agenda.spec.ts). Here: a filter and the
// week's step through the router's navigations, the layout and axe.
test.describe("agenda", () => {
  test(
    "the week view's filter and its next week go through the router and keep the view",
    { tag: "@js-only" },
    async ({ page, request }) => {
      const day = nextWeekday(7);
      const lastName = uniqueName("Week");
      // The payload's defaults: a laptop at 11:00 AM.
      await bookViaApi(request, { lastName, preferredDate: day });
      await logIn(page);
      await page.goto(`/admin/agenda?view=week&date=${day}`);
      const item = page.getByTestId("agenda-item").filter({ hasText: lastName });
      await expect(item).toContainText("11:00 AM");

      await page.getByLabel("Category").selectOption("watch");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/view=week.*category=watch|category=watch.*view=week/);
      await expect(item).toHaveCount(0);
      await expect(page.getByTestId("agenda-day")).toHaveCount(7);

      await page.getByLabel("Category").selectOption("laptop");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(item).toHaveCount(1);
      await page.getByRole("link", { name: "Next week" }).click();
      await expect(page).toHaveURL(/view=week&date=\d{4}-\d{2}-\d{2}/);
      await expect(item).toHaveCount(0);
    },
  );

  for (const viewport of [phone, desktop]) {
    test(`day and week views fit ${viewport.width} px without sideways scroll`, async ({
      page,
      request,
    }) => {
      const day = nextWeekday(6);
      await bookViaApi(request, {
        lastName: "Featherstonehaugh-Montgomery",
        preferredDate: day,
        preferredTime: "10:30 AM",
        urgency: "emergency",
      });
      await page.setViewportSize(viewport);
      await logIn(page);
      for (const view of ["day", "week"]) {
        await page.goto(`/admin/agenda?view=${view}&date=${day}`);
        await noSidewaysScroll(page);
      }
    });
  }

  test("is axe clean in day and week views", { tag: "@js-only" }, async ({ page, request }) => {
    const day = nextWeekday(6);
    await bookViaApi(request, { preferredDate: day, preferredTime: "3:00 PM", urgency: "urgent" });
    await logIn(page);
    for (const view of ["day", "week"]) {
      await page.goto(`/admin/agenda?view=${view}&date=${day}`);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
