import { expect, test } from "./fixtures";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";

test.describe("dashboard", () => {
  test("shows the four counts and three charts drawn on the server as SVG, each with its table", async ({ page, request }) => {
    await bookViaApi(request, { deviceCategory: "Smart Watch Repair", deviceBrand: "Garmin", issueType: "Battery Replacement" });
    await logIn(page);

    for (const card of ["Today's Bookings", "Completed Bookings", "Pending Bookings", "Total Bookings"]) {
      const value = page.locator("dt", { hasText: card }).locator("xpath=following-sibling::dd[1]");
      await expect(value).toHaveText(/^\d+$/);
    }
    expect(Number(await page.locator("dt", { hasText: "Today's Bookings" }).locator("xpath=following-sibling::dd[1]").textContent())).toBeGreaterThan(0);

    const charts = page.getByTestId("chart");
    await expect(charts).toHaveCount(3);
    for (const title of ["Bookings by Device Category", "Bookings by Device Brand", "Bookings by Issue Type"]) {
      const chart = charts.filter({ has: page.getByRole("heading", { name: title }) });
      await expect(chart.locator("svg").first()).toBeVisible();
      await expect(chart.getByRole("table", { name: title })).toBeVisible();
    }
    const categories = charts.filter({ has: page.getByRole("heading", { name: "Bookings by Device Category" }) });
    await expect(categories.getByRole("rowheader", { name: "Smart Watch Repair" })).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);
  });
});
