import { addDays, shopToday } from "~/utils/shop-time";
import { expect, test } from "./fixtures";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";
import { fillBooking, uniquePhone } from "./support/booking";

const repairIdOf = (reference: string) => Number(reference.replace("WF-", ""));

test.describe("texts and consent at booking", () => {
  test("the customer chooses texts and agrees to a review request; staff see both and the confirmation text", async ({
    page,
  }) => {
    await page.goto("/book-appointment");
    await fillBooking(page, uniquePhone());
    const updates = page.getByRole("group", { name: "Repair Updates" });
    await expect(updates.getByRole("radio", { name: "E-mail only" })).toBeChecked();
    const review = updates.getByRole("checkbox", { name: /may ask me for a review/ });
    await expect(review).not.toBeChecked();
    await updates.getByRole("radio", { name: "Text only" }).check();
    await review.check();
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page).toHaveURL(/\/book-appointment\/confirmation\//);
    const reference = (await page.getByTestId("booking-reference").textContent())!;

    await logIn(page);
    await page.goto(`/admin/repairs/${repairIdOf(reference)}`);
    await expect(page.getByTestId("notify-by")).toHaveText("Text");
    await expect(page.getByTestId("review-opt-in")).toHaveText("Agreed to be asked");
    await expect(
      page.getByTestId("booking-message").filter({ hasText: "Booking confirmation (Text)" }),
    ).toHaveCount(1);
  });

  test("an untouched form keeps e-mail only and no review request", async ({ page }) => {
    await page.goto("/book-appointment");
    await fillBooking(page, uniquePhone());
    await page.getByRole("button", { name: "Book Appointment" }).click();
    const reference = (await page.getByTestId("booking-reference").textContent())!;
    await logIn(page);
    await page.goto(`/admin/repairs/${repairIdOf(reference)}`);
    await expect(page.getByTestId("notify-by")).toHaveText("E-mail");
    await expect(page.getByTestId("review-opt-in")).toHaveText("Not agreed: never asked");
    await expect(page.getByTestId("booking-message").filter({ hasText: "(Text)" })).toHaveCount(0);
  });
});

test.describe("quotes through the secret tracking link", () => {
  for (const answer of ["approve", "decline"] as const) {
    test(`staff send a quote, the customer ${answer}s it once, staff see the answer`, async ({
      page,
      browser,
      request,
    }) => {
      const { id, reference } = await bookViaApi(request, { notifyBy: "both" });
      await logIn(page);
      await page.goto(`/admin/repairs/${id}`);
      const quoteSection = page.getByRole("region", { name: "Quote" });
      await quoteSection.getByLabel("Amount (CAD, before tax)").fill("149.99");
      await quoteSection.getByLabel("What it covers").fill("Keyboard replacement and cleaning");
      await quoteSection.getByLabel("Valid until").fill(addDays(shopToday(), 7));
      await quoteSection.getByRole("button", { name: "Send Quote" }).click();
      await expect(page.getByText("Quote sent to the customer.")).toBeVisible();
      await expect(page.getByTestId("staff-quote-state")).toHaveText("Waiting for the customer");
      const trackingPath = (await page
        .getByRole("link", { name: /Open tracking page/ })
        .getAttribute("href"))!;

      // The customer, in a browser of their own with the same JavaScript setting.
      const customer = await browser.newPage({
        javaScriptEnabled: test.info().project.use.javaScriptEnabled,
      });
      await customer.goto(trackingPath);
      const quote = customer.getByTestId("quote");
      await expect(quote).toContainText("$149.99 before tax");
      await expect(quote).toContainText("Keyboard replacement and cleaning");
      await quote.getByRole("link", { name: "Approve or decline the quote" }).click();
      await expect(
        customer.getByRole("heading", { name: `Your quote for ${reference}` }),
      ).toBeVisible();
      await customer
        .getByTestId("quote")
        .getByRole("button", { name: answer === "approve" ? "Approve the quote" : "Decline" })
        .click();
      await expect(
        customer
          .getByText(answer === "approve" ? /you approved the quote/ : /You declined the quote/)
          .first(),
      ).toBeVisible();
      await expect(customer).toHaveURL(new RegExp(`${trackingPath}$`));
      await expect(customer.getByTestId("quote-answer")).toContainText(
        `You ${answer}d this quote on`,
      );
      await expect(quote.getByRole("button")).toHaveCount(0);
      await expect(customer.getByRole("heading", { name: reference })).toBeVisible();
      await customer.close();

      await page.reload();
      await expect(page.getByTestId("staff-quote-state")).toHaveText(
        new RegExp(`^${answer === "approve" ? "Approved" : "Declined"} `),
      );
      await expect(
        page.getByTestId("booking-message").filter({ hasText: "Quote answered (to the shop)" }),
      ).toHaveCount(1);
      await page.goto("/admin/dashboard");
      await expect(
        page.getByTestId("dashboard-quote").filter({ hasText: reference }),
      ).toContainText(answer === "approve" ? "Approved" : "Declined");
    });
  }
});
