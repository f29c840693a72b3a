import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";

// What the server renders (the counts, the charts' SVG and tables, the links, the date range
// without JavaScript) is tested once at the HTML level (tests/html/admin-dashboard.spec.ts).
// Here: the links and the range through the router's navigations, the charts' layout and axe.
test.describe("dashboard", () => {
  test(
    "a workload count opens the list behind it, through the router",
    { tag: "@js-only" },
    async ({ page }) => {
      await logIn(page);
      // Each count's label, number and link: tests/html/admin-dashboard.spec.ts.
      const counts = page.getByTestId("workload-count");
      await counts.filter({ hasText: "Overdue" }).click();
      await expect(page).toHaveURL(/\/admin\/agenda#overdue$/);
      await expect(page.getByRole("heading", { name: /^Overdue/ })).toBeVisible();
    },
  );

  test(
    "the charts' date range is in the URL and says what it shows",
    { tag: "@js-only" },
    async ({ page, request }) => {
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
      // The custom form, reversed dates read the right way round.
      await page.goto("/admin/dashboard");
      await page.getByLabel("Created from").fill("2001-01-31");
      await page.getByLabel("to", { exact: true }).fill("2001-01-01");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/from=2001-01-31&to=2001-01-01/);
      await expect(page.getByTestId("chart-range")).toContainText("Jan 1, 2001 to Jan 31, 2001");
    },
  );

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
      // The three charts are drawn, each with its SVG on screen.
      const charts = page.getByTestId("chart");
      await expect(charts).toHaveCount(3);
      for (const chart of await charts.all())
        await expect(chart.locator("svg").first()).toBeVisible();
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
    // Hydrated, the charts stay the server's: nothing is left loading.
    await expect(page.getByTestId("chart")).toHaveCount(3);
    await expect(page.getByText("Loading...")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
