import { expect, test } from "./fixtures";
import { fillBooking, uniquePhone } from "./support/booking";
import { recordPendingButtons } from "./support/pending";
import { open } from "./support/public";

/**
 * What the page script adds to the booking form (app/browser/forms.ts), and that it leaves the
 * browser's own checks in place. The form's round trips, the same native post with JavaScript or
 * without, are tests/html/public-forms-booking.spec.ts.
 */
test.describe("booking", () => {
  test("with the page script the browser still stops at the first missing field, before anything is sent @js-only", async ({
    page,
  }) => {
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    // Once the script has run, so it has had its chance to get in the way.
    await open(page, "/book-appointment", true);
    await page.getByLabel("First Name").fill("Robin");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByLabel("Last Name")).toBeFocused();
    await expect(page.getByLabel("First Name")).toHaveValue("Robin");
    expect(posts).toBe(0);
  });

  test("the button waits while the booking is sent, and an answer with messages focuses its error summary @js-only", async ({
    page,
  }) => {
    await page.goto("/book-appointment");
    await fillBooking(page, uniquePhone());
    await page.getByLabel("Last Name").fill("");
    // Sent as a browser that does not check the form would, after a pause.
    await page.locator("form[data-kept-form]").evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await page.route(/\/book-appointment$/, async (route) => {
      if (route.request().method() === "POST") await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    const pending = await recordPendingButtons(page);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    expect(pending).toEqual(["Booking..., true"]);

    await expect(page.getByLabel("Last Name")).toHaveAttribute("aria-invalid", "true");
    const summary = page.getByRole("alert").filter({ hasText: "Please enter your last name." });
    await expect(summary).toBeFocused();
    await summary.getByRole("link", { name: "Please enter your last name." }).click();
    await expect(page).toHaveURL(/#.*-lastName$/);
    await expect(page.getByRole("button", { name: "Book Appointment" })).toBeEnabled();
    await expect(page.getByLabel("Device Model")).toHaveValue("Galaxy S23");
  });
});
