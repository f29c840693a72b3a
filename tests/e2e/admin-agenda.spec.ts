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

test.describe("agenda", () => {
  test("day view lists a booked appointment in its slot with free slots around it, and links to the repair", async ({
    page,
    request,
  }) => {
    const day = nextWeekday(6);
    const lastName = uniqueName("Agenda");
    const booked = await bookViaApi(request, {
      lastName,
      preferredDate: day,
      preferredTime: "2:30 PM",
      urgency: "emergency",
      deviceCategory: "Tablet Repair",
      deviceBrand: "Apple",
      deviceModel: "iPad Air",
    });
    await logIn(page);
    await page.goto(`/admin/agenda?date=${day}`);

    const slot = page.getByTestId("agenda-slot").filter({ hasText: "2:30 PM" });
    const card = slot.getByTestId("agenda-item").filter({ hasText: lastName });
    await expect(card).toContainText("Apple iPad Air");
    await expect(card.getByTestId("urgency-flag")).toHaveText("Emergency");
    await expect(card.getByTestId("status-badge")).toHaveText("Pending");
    // A weekday runs 10:00 AM to the last slot at 5:30 PM (slots end at 6 PM); free ones say so.
    await expect(page.getByTestId("agenda-slot").first()).toContainText("10:00 AM");
    await expect(page.getByTestId("agenda-slot").filter({ hasText: "Free" }).first()).toBeVisible();
    await expect(card.getByRole("link", { name: new RegExp(lastName) })).toHaveAttribute(
      "href",
      `/admin/repairs/${booked.id}`,
    );
  });

  test("week view and URL filters: category, urgency, and cancelled hidden by default", async ({
    page,
    request,
  }) => {
    const day = nextWeekday(7);
    const lastName = uniqueName("Week");
    await bookViaApi(request, {
      lastName,
      preferredDate: day,
      preferredTime: "11:00 AM",
      urgency: "urgent",
      deviceCategory: "Laptop Repair",
    });
    await logIn(page);
    await page.goto(`/admin/agenda?view=week&date=${day}`);
    const column = page.getByTestId("agenda-day").filter({ has: page.locator(`#day-${day}`) });
    await expect(column.getByTestId("agenda-item").filter({ hasText: lastName })).toContainText(
      "11:00 AM",
    );
    await expect(page.getByTestId("agenda-day")).toHaveCount(7);

    // The filter form is a GET form: the choice lands in the URL.
    await page.getByLabel("Category").selectOption("watch");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/category=watch/);
    await expect(page).toHaveURL(/view=week/);
    await expect(page.getByTestId("agenda-item").filter({ hasText: lastName })).toHaveCount(0);

    await page.goto(`/admin/agenda?view=week&date=${day}&category=laptop&urgency=urgent`);
    await expect(page.getByTestId("agenda-item").filter({ hasText: lastName })).toHaveCount(1);
    await expect(page.getByLabel("Urgency")).toHaveValue("urgent");
    await page.goto(`/admin/agenda?view=week&date=${day}&status=cancelled`);
    await expect(page.getByTestId("agenda-item").filter({ hasText: lastName })).toHaveCount(0);

    // Previous / next move by a week and keep the view.
    await page.goto(`/admin/agenda?view=week&date=${day}`);
    await page.getByRole("link", { name: "Next week" }).click();
    await expect(page).toHaveURL(/view=week&date=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId("agenda-item").filter({ hasText: lastName })).toHaveCount(0);
  });

  test("overdue and waiting-for-pickup sections are there to link to", async ({ page }) => {
    await logIn(page);
    await page.goto("/admin/agenda#overdue");
    await expect(page.getByRole("heading", { name: /^Overdue/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Waiting for pickup/ })).toBeVisible();
    await expect(page.getByTestId("overdue-count")).toHaveText(/^\d+$/);
  });

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
