import { expect, test } from "@playwright/test";
import { uniqueName } from "../e2e/support/admin";
import { bookViaApi } from "../e2e/support/api";
import { staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * The dashboard as the server renders it: counts, links, and charts drawn as SVG with a table
 * each, the date range in the URL. The charts' layout and axe are in
 * tests/e2e/admin-dashboard.spec.ts, with the links and the range through the router.
 */

/** A chart's panel by its title. */
function chart(page: HtmlPage, title: string) {
  const panel = page
    .visible('[data-testid="chart"]')
    .find((element) => page.$(element).find("h2").text().trim() === title);
  if (!panel) throw new Error(`no chart ${title} on ${page.url.href}`);
  return page.$(panel);
}

/** The names in a chart's table. */
const rowNames = (page: HtmlPage, title: string) =>
  chart(page, title)
    .find('tbody th[scope="row"]')
    .toArray()
    .map((th) => page.$(th).text().trim());

/** "3:30 PM" → minutes after midnight. */
function clockMinutes(time: string) {
  const [, h, m, meridiem] = /^(\d{1,2}):(\d{2}) ([AP]M)$/.exec(time)!;
  return (Number(h) % 12) * 60 + Number(m) + (meridiem === "PM" ? 720 : 0);
}

test.describe("dashboard", () => {
  test("shows the five counts and three charts drawn on the server as SVG, each with its table", async ({
    request,
  }) => {
    await bookViaApi(request, {
      deviceCategory: "Smart Watch Repair",
      deviceBrand: "Garmin",
      issueType: "Battery Replacement",
    });
    const { landed: dashboard } = await staffVisitor(request);
    const count = (card: string) =>
      dashboard
        .$("dt")
        .filter((_, dt) => dashboard.$(dt).text().includes(card))
        .next("dd")
        .text()
        .trim();
    for (const card of [
      "Today's Bookings",
      "Today's Appointments",
      "Completed Bookings",
      "Pending Bookings",
      "Total Bookings",
    ])
      expect(count(card), card).toMatch(/^\d+$/);
    expect(Number(count("Today's Bookings"))).toBeGreaterThan(0);
    // Two "today"s, each saying which: bookings that came in today, appointments set for today.
    const labels = dashboard.texts('section[aria-labelledby="bookings-heading"] dt');
    expect(labels.slice(0, 2)).toEqual([
      "Today's Bookings Received today",
      "Today's Appointments Scheduled for today",
    ]);
    expect(dashboard.text('section[aria-labelledby="today-heading"] h2')).toBe(
      `Today's appointments (${count("Today's Appointments")})`,
    );

    expect(dashboard.visible('[data-testid="chart"]')).toHaveLength(3);
    for (const title of [
      "Bookings by Device Category",
      "Bookings by Device Brand",
      "Bookings by Issue Type",
    ]) {
      expect(chart(dashboard, title).find("svg").length, title).toBeGreaterThan(0);
      expect(chart(dashboard, title).find("table caption").text()).toBe(title);
    }
    expect(rowNames(dashboard, "Bookings by Device Category")).toContain("Smart Watch Repair");
    expect(dashboard.html).not.toContain("Loading...");
  });

  test("today's workload: each count opens the list behind it", async ({ request }) => {
    await bookViaApi(request);
    const { landed: dashboard, open } = await staffVisitor(request);
    const counts = dashboard.visible('[data-testid="workload-count"]').map((a) => dashboard.$(a));
    expect(counts).toHaveLength(7);
    const expected: [string, string][] = [
      ["Pending", "/admin/repairs?status=pending"],
      ["In Progress", "/admin/repairs?status=in_progress"],
      ["Waiting for Parts", "/admin/repairs?status=waiting_parts"],
      ["Ready for Pickup", "/admin/repairs?status=ready_for_pickup"],
      ["Overdue", "/admin/agenda#overdue"],
      ["Balances due", "/admin/dashboard#balances"],
      ["Uncollected 30+ days", "/admin/dashboard#uncollected"],
    ];
    expect(counts.map((a) => [a.find("span").first().text(), a.attr("href")])).toEqual(expected);
    for (const a of counts) expect(a.find("span").last().text()).toMatch(/^\d+$/);
    expect(Number(counts[0]!.find("span").last().text())).toBeGreaterThan(0);
    // The section the Overdue count leads to.
    const agenda = await open("/admin/agenda");
    expect(agenda.$("#overdue h2").text()).toMatch(/^Overdue/);
    // And the two on the dashboard itself.
    expect(dashboard.$("#balances h2").text()).toMatch(/^Balances due/);
    expect(dashboard.$("#uncollected h2").text()).toMatch(/^Uncollected/);
  });

  test("today's appointments are listed and lead to the agenda", async ({ request }) => {
    // A booking for today needs a slot still ahead on the shop's clock; late in the day there is
    // none.
    const clock = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Toronto",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date());
    const part = (type: string) => clock.find((p) => p.type === type)!.value;
    const today = `${part("year")}-${part("month")}-${part("day")}`;
    const minutes = Number(part("hour")) * 60 + Number(part("minute"));
    const closingSlot =
      new Date(`${today}T12:00:00Z`).getUTCDay() === 0 ? 16 * 60 + 30 : 17 * 60 + 30;
    const lastName = uniqueName("Today");
    if (minutes < closingSlot - 5)
      await bookViaApi(request, {
        lastName,
        preferredDate: today,
        preferredTime: closingSlot === 16 * 60 + 30 ? "4:30 PM" : "5:30 PM",
      });
    const { landed: dashboard } = await staffVisitor(request);
    const section = dashboard.$('section[aria-labelledby="today-heading"]');
    expect(section.find("h2").text()).toMatch(/^Today's appointments/);
    const items = section
      .find('[data-testid="agenda-item"]')
      .toArray()
      .map((item) => dashboard.$(item).text());
    // The ones not listed start from a time after the last one listed, or at the same time.
    const more = /(\d+) more today, from (\d{1,2}:\d{2} [AP]M) on/.exec(section.text());
    if (more) {
      const lastListed = /^\d{1,2}:\d{2} [AP]M/.exec(items.at(-1)!.trim())![0];
      expect(clockMinutes(more[2]!)).toBeGreaterThanOrEqual(clockMinutes(lastListed));
    }
    if (minutes < closingSlot - 5) {
      expect(items.some((text) => text.includes(lastName)) || !!more).toBe(true);
    } else {
      expect(items.length > 0 || section.text().includes("No appointments today.")).toBe(true);
    }
    expect(dashboard.link("Open the agenda", 'section[aria-labelledby="today-heading"]')).toBe(
      "/admin/agenda",
    );
  });

  test("the charts' date range is in the URL and says what it shows", async ({ request }) => {
    await bookViaApi(request, { deviceCategory: "Gaming Console Repair" });
    const { landed: dashboard, open } = await staffVisitor(request);
    expect(dashboard.text('[data-testid="chart-range"]')).toContain("of all time");
    const week = await dashboard.follow("Last 7 days", 'nav[aria-label="Chart date range"]');
    expect(week.url.search).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    expect(week.text('[data-testid="chart-range"]')).toMatch(/created \w{3} \d+, \d{4} to/);
    expect(rowNames(week, "Bookings by Device Category")).toContain("Gaming Console Repair");
    // A range before any booking: the charts say there is nothing to count.
    const empty = await open("/admin/dashboard?from=2001-01-01&to=2001-01-31");
    expect(empty.text('[data-testid="chart-range"]')).toContain("Showing the 0 bookings");
    expect(
      empty
        .texts('[data-testid="chart"] p')
        .filter((text) => text === "No bookings in this range."),
    ).toHaveLength(3);
    // The custom form, reversed dates read the right way round.
    const reversed = await (
      await open("/admin/dashboard")
    )
      .form("Apply")
      .fill({ "Created from": "2001-01-31", to: "2001-01-01" })
      .submit("Apply");
    expect(reversed.url.search).toMatch(/from=2001-01-31&to=2001-01-01/);
    expect(reversed.text('[data-testid="chart-range"]')).toContain("Jan 1, 2001 to Jan 31, 2001");
  });
});
