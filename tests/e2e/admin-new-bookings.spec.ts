import { expect, phone, test } from "./fixtures";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";

test.describe("bookings new since the staff member's last look", () => {
  test("are counted beside Manage Repairs, and on the folded phone menu", async ({
    page,
    request,
  }) => {
    await logIn(page);
    // Opening the list marks everything so far as seen.
    await page.goto("/admin/repairs");
    await bookViaApi(request);
    await page.goto("/admin/dashboard");
    const repairsLink = page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: /^Manage Repairs/ });
    await expect(repairsLink.getByTestId("nav-count")).toHaveText(/^\d+ new$/);
    const counted = Number.parseInt(
      (await repairsLink.getByTestId("nav-count").textContent()) ?? "",
      10,
    );
    expect(counted).toBeGreaterThanOrEqual(1);

    await page.setViewportSize(phone);
    await page.reload();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await expect(page.getByTestId("menu-waiting")).toHaveText(/^\d+ waiting$/);
  });
});
