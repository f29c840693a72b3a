import { expect, test } from "@playwright/test";
import { uniqueName } from "../e2e/support/admin";
import { bookViaApi } from "../e2e/support/api";
import { nextWeekday } from "../e2e/support/booking";
import { staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * The agenda as the server renders it: its day and week views, and the filters and dates that are
 * a GET form and links, so the URL holds them. The layout and axe are in
 * tests/e2e/admin-agenda.spec.ts, with the filters through the router's navigations.
 */

/** The agenda entries of a booking, by the customer's last name, inside `scope`. */
const itemsOf = (page: HtmlPage, lastName: string, scope = "body") =>
  page
    .visible(`${scope} [data-testid="agenda-item"]`)
    .filter((item) => page.$(item).text().includes(lastName))
    .map((item) => page.$(item));

test.describe("agenda", () => {
  test("day view lists a booked appointment in its slot with free slots around it, and links to the repair", async ({
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
    const { landed: agenda } = await staffVisitor(request, `/admin/agenda?date=${day}`);

    const slots = agenda.visible('[data-testid="agenda-slot"]').map((slot) => agenda.$(slot));
    // 2:30 PM, not 12:30 PM.
    const slot = slots.find((s) => /(?<!\d)2:30 PM/.test(s.text()))!;
    const [card] = slot
      .find('[data-testid="agenda-item"]')
      .toArray()
      .filter((item) => agenda.$(item).text().includes(lastName))
      .map((item) => agenda.$(item));
    expect(card?.text()).toContain("Apple iPad Air");
    expect(card?.find('[data-testid="urgency-flag"]').text().trim()).toBe("Emergency");
    expect(card?.find('[data-testid="status-badge"]').text().trim()).toBe("Pending");
    // A weekday runs 10:00 AM to the last slot at 5:30 PM (slots end at 6 PM); free ones say so.
    expect(slots[0]?.text()).toContain("10:00 AM");
    expect(slots.some((s) => s.text().includes("Free"))).toBe(true);
    const link = card
      ?.find("a")
      .toArray()
      .find((a) => agenda.$(a).text().includes(lastName));
    expect(link && agenda.$(link).attr("href")).toBe(`/admin/repairs/${booked.id}`);
  });

  test("week view and URL filters: category, urgency, and cancelled hidden by default", async ({
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
    const staff = await staffVisitor(request, `/admin/agenda?view=week&date=${day}`);
    const week = staff.landed;
    const column = `[data-testid="agenda-day"][aria-labelledby="day-${day}"]`;
    expect(itemsOf(week, lastName, column).map((item) => item.text())).toEqual([
      expect.stringContaining("11:00 AM"),
    ]);
    expect(week.visible('[data-testid="agenda-day"]')).toHaveLength(7);

    // The filter form is a GET form: the choice lands in the URL.
    const watches = await week.form("Show").fill({ Category: "watch" }).submit("Show");
    expect(watches.url.searchParams.get("category")).toBe("watch");
    expect(watches.url.searchParams.get("view")).toBe("week");
    expect(itemsOf(watches, lastName)).toHaveLength(0);

    const urgent = await staff.open(
      `/admin/agenda?view=week&date=${day}&category=laptop&urgency=urgent`,
    );
    expect(itemsOf(urgent, lastName)).toHaveLength(1);
    expect(urgent.form("Show").fields()).toContainEqual(["urgency", "urgent"]);
    const cancelled = await staff.open(`/admin/agenda?view=week&date=${day}&status=cancelled`);
    expect(itemsOf(cancelled, lastName)).toHaveLength(0);

    // Previous / next move by a week and keep the view.
    const next = await week.follow("Next week", 'nav[aria-label="Agenda dates"]');
    expect(next.url.search).toMatch(/view=week&date=\d{4}-\d{2}-\d{2}/);
    expect(itemsOf(next, lastName)).toHaveLength(0);
  });

  test("overdue and waiting-for-pickup sections are there to link to", async ({ request }) => {
    const { landed: agenda } = await staffVisitor(request, "/admin/agenda");
    const overdue = agenda.$("section#overdue");
    expect(overdue.find("h2").text().trim()).toMatch(/^Overdue/);
    expect(agenda.$("section#pickup h2").text().trim()).toMatch(/^Waiting for pickup/);
    expect(agenda.text('[data-testid="overdue-count"]')).toMatch(/^\d+$/);
  });
});
