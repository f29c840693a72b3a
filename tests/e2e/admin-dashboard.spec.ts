import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn, uniqueName } from "./support/admin";
import { bookViaApi } from "./support/api";

test.describe("dashboard", () => {
  test("shows the four counts and three charts drawn on the server as SVG, each with its table", async ({
    page,
    request,
  }) => {
    await bookViaApi(request, {
      deviceCategory: "Smart Watch Repair",
      deviceBrand: "Garmin",
      issueType: "Battery Replacement",
    });
    await logIn(page);

    for (const card of [
      "Today's Bookings",
      "Completed Bookings",
      "Pending Bookings",
      "Total Bookings",
    ]) {
      const value = page.locator("dt", { hasText: card }).locator("xpath=following-sibling::dd[1]");
      await expect(value).toHaveText(/^\d+$/);
    }
    expect(
      Number(
        await page
          .locator("dt", { hasText: "Today's Bookings" })
          .locator("xpath=following-sibling::dd[1]")
          .textContent(),
      ),
    ).toBeGreaterThan(0);

    const charts = page.getByTestId("chart");
    await expect(charts).toHaveCount(3);
    for (const title of [
      "Bookings by Device Category",
      "Bookings by Device Brand",
      "Bookings by Issue Type",
    ]) {
      const chart = charts.filter({ has: page.getByRole("heading", { name: title }) });
      await expect(chart.locator("svg").first()).toBeVisible();
      await expect(chart.getByRole("table", { name: title })).toBeVisible();
    }
    const categories = charts.filter({
      has: page.getByRole("heading", { name: "Bookings by Device Category" }),
    });
    await expect(categories.getByRole("rowheader", { name: "Smart Watch Repair" })).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);
  });

  test("today's workload: each count opens the list behind it", async ({ page, request }) => {
    await bookViaApi(request);
    await logIn(page);
    const counts = page.getByTestId("workload-count");
    await expect(counts).toHaveCount(5);
    const expected: [string, string][] = [
      ["Pending", "/admin/repairs?status=pending"],
      ["In Progress", "/admin/repairs?status=in_progress"],
      ["Waiting for Parts", "/admin/repairs?status=waiting_parts"],
      ["Ready for Pickup", "/admin/repairs?status=ready_for_pickup"],
      ["Overdue", "/admin/agenda#overdue"],
    ];
    for (const [label, href] of expected) {
      const link = counts.filter({ hasText: label });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveText(new RegExp(`${label}\\s*\\d+`));
    }
    expect(
      Number(await counts.filter({ hasText: "Pending" }).locator("span").last().textContent()),
    ).toBeGreaterThan(0);
    await counts.filter({ hasText: "Overdue" }).click();
    await expect(page).toHaveURL(/\/admin\/agenda#overdue$/);
    await expect(page.getByRole("heading", { name: /^Overdue/ })).toBeVisible();
  });

  test("today's appointments are listed and lead to the agenda", async ({ page, request }) => {
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
    await logIn(page);
    const section = page.getByRole("region", { name: /Today's appointments/ });
    await expect(section).toBeVisible();
    if (minutes < closingSlot - 5) {
      await expect(
        section
          .getByTestId("agenda-item")
          .filter({ hasText: lastName })
          .or(section.getByText(/more today/)),
      ).toBeVisible();
    } else {
      await expect(
        section.getByTestId("agenda-item").or(section.getByText("No appointments today.")),
      ).not.toHaveCount(0);
    }
    await section.getByRole("link", { name: "Open the agenda" }).click();
    await expect(page).toHaveURL(/\/admin\/agenda$/);
  });

  test("the charts' date range is in the URL and says what it shows", async ({ page, request }) => {
    await bookViaApi(request, { deviceCategory: "Gaming Console Repair" });
    await logIn(page);
    await expect(page.getByTestId("chart-range")).toContainText("of all time");
    await page.getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId("chart-range")).toContainText(/created \w{3} \d+, \d{4} to/);
    const categories = page
      .getByTestId("chart")
      .filter({ has: page.getByRole("heading", { name: "Bookings by Device Category" }) });
    await expect(
      categories.getByRole("rowheader", { name: "Gaming Console Repair" }),
    ).toBeVisible();
    // A range before any booking: the charts say there is nothing to count.
    await page.goto("/admin/dashboard?from=2001-01-01&to=2001-01-31");
    await expect(page.getByTestId("chart-range")).toContainText("Showing the 0 bookings");
    await expect(page.getByText("No bookings in this range.")).toHaveCount(3);
    // The custom form, reversed dates read the right way round.
    await page.goto("/admin/dashboard");
    await page.getByLabel("Created from").fill("2001-01-31");
    await page.getByLabel("to", { exact: true }).fill("2001-01-01");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/from=2001-01-31&to=2001-01-01/);
    await expect(page.getByTestId("chart-range")).toContainText("Jan 1, 2001 to Jan 31, 2001");
  });

  for (const viewport of [phone, desktop]) {
    test(`chart labels are not clipped and nothing scrolls sideways at ${viewport.width} px`, async ({
      page,
      request,
    }) => {
      await bookViaApi(request, {
        deviceCategory: "Gaming Console Repair",
        deviceBrand: "Nintendo",
        issueType: "Charging Port Repair",
      });
      await page.setViewportSize(viewport);
      await logIn(page);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      // Every text inside every chart's SVG lies within the SVG's box.
      const outside = await page
        .getByTestId("chart")
        .locator("svg")
        .evaluateAll((svgs) =>
          svgs.flatMap((svg) => {
            const box = svg.getBoundingClientRect();
            return [...svg.querySelectorAll("text")]
              .filter((text) => {
                const r = text.getBoundingClientRect();
                return (
                  r.width > 0 &&
                  (r.left < box.left - 0.5 ||
                    r.right > box.right + 0.5 ||
                    r.top < box.top - 0.5 ||
                    r.bottom > box.bottom + 0.5)
                );
              })
              .map((text) => text.textContent);
          }),
        );
      expect(outside).toEqual([]);
      // The charts themselves fit their panels: no scrolling inside them either.
      const overflowing = await page
        .getByRole("region", { name: /: chart$/ })
        .evaluateAll((regions) => regions.filter((r) => r.scrollWidth > r.clientWidth).length);
      expect(overflowing).toBe(0);
    });
  }

  test("is axe clean", { tag: "@js-only" }, async ({ page, request }) => {
    await bookViaApi(request);
    await logIn(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
