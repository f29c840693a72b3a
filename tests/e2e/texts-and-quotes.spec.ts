import { addDays, shopToday } from "~/utils/shop-time";
import { expect, test } from "./fixtures";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";
import { recordPendingButtons } from "./support/pending";
import { open } from "./support/public";
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

  test("texts need a mobile number: a toll-free number gets a clear message beside the choice, and the booking goes through once fixed", async ({
    page,
  }) => {
    await page.goto("/book-appointment");
    await fillBooking(page, "1-800-555-0100");
    const updates = page.getByRole("group", { name: "Repair Updates" });
    await updates.getByRole("radio", { name: "Text only" }).check();
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(updates).toContainText(
      "Texts need a mobile number, and (800) 555-0100 is toll-free: it cannot receive texts. Enter your mobile number, or choose E-mail only.",
    );
    await expect(page).toHaveURL(/\/book-appointment$/);
    await expect(updates.getByRole("radio", { name: "Text only" })).toBeChecked();
    await expect(page.getByLabel("Phone")).toHaveValue("1-800-555-0100");

    await page.getByLabel("Phone").fill(uniquePhone());
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page).toHaveURL(/\/book-appointment\/confirmation\//);
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
    const past = `${answer}d`;
    const other = answer === "approve" ? "decline" : "approve";
    const button = (word: "approve" | "decline") =>
      word === "approve" ? "Approve the quote" : "Decline the quote";

    test(`staff send a quote, the customer ${past} it on the tracking page once, staff see the answer`, async ({
      page,
      browser,
      request,
      jsEnabled,
    }) => {
      // Staff, two customer tabs and staff again: three browsers' worth of pages.
      test.slow();
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
      await page.goto("/admin/dashboard");
      await expect(
        page.getByTestId("dashboard-quote").filter({ hasText: reference }),
      ).toContainText("Waiting");
      await page.goto(`/admin/repairs/${id}`);
      const trackingPath = (await page
        .getByRole("link", { name: /Open tracking page/ })
        .getAttribute("href"))!;

      // The customer, in a browser of their own with the same JavaScript setting, with the
      // tracking page open in two tabs: the second tab's answer comes too late.
      const customer = await browser.newContext({ javaScriptEnabled: jsEnabled });
      const [first, second] = [await customer.newPage(), await customer.newPage()];
      // A link in a message sent before the quote moved onto the tracking page still leads there.
      await open(first, `${trackingPath}/quote`, jsEnabled);
      await expect(first).toHaveURL(new RegExp(`${trackingPath}#quote$`));
      await open(second, trackingPath, jsEnabled);
      const quote = first.getByTestId("quote");
      await expect(quote).toContainText("$149.99 before tax");
      await expect(quote).toContainText("Keyboard replacement and cleaning");
      // With JavaScript both buttons wait while the answer is on its way (slowed here).
      if (jsEnabled)
        await first.route(new RegExp(`${trackingPath}$`), async (route) => {
          if (route.request().method() === "POST")
            await new Promise((done) => setTimeout(done, 1500));
          await route.continue();
        });
      const pending = jsEnabled ? await recordPendingButtons(first) : [];
      await quote.getByRole("button", { name: button(answer) }).click();
      if (jsEnabled)
        expect(pending).toEqual([`${button("approve")}, true`, `${button("decline")}, true`]);
      await expect(
        first
          .getByText(
            answer === "approve"
              ? "Thank you: you approved the quote. We'll go ahead with the repair."
              : "You declined the quote. We'll be in touch about your device.",
          )
          .first(),
      ).toBeInViewport();
      await expect(first).toHaveURL(new RegExp(`${trackingPath}$`));
      await expect(first.getByTestId("quote-answer")).toContainText(`You ${past} this quote on`);
      await expect(quote.getByRole("button")).toHaveCount(0);
      await expect(first.getByRole("region", { name: "Status history" })).toContainText(
        answer === "approve" ? "You approved the quote" : "You declined the quote",
      );
      await expect(first.getByTestId("status-badge")).toHaveText(
        answer === "approve" ? "In Progress" : "Pending",
      );

      await second
        .getByTestId("quote")
        .getByRole("button", { name: button(other) })
        .click();
      await expect(
        second.getByText(
          new RegExp(`This quote was already ${past} \\(.+\\)\\. Only the first answer counts`),
        ),
      ).toBeInViewport();
      await expect(second.getByTestId("quote-answer")).toContainText(`You ${past} this quote on`);
      await customer.close();

      await page.reload();
      await expect(page.getByTestId("staff-quote-state")).toHaveText(
        new RegExp(`^${answer === "approve" ? "Approved" : "Declined"} `),
      );
      await expect(
        page.getByTestId("booking-message").filter({ hasText: "Quote answered (to the shop)" }),
      ).toHaveCount(1);
      await expect(
        page
          .getByTestId("history-entry")
          .filter({ hasText: `You ${past} the quote` })
          .filter({ hasText: "by Customer (tracking link)" }),
      ).toHaveCount(1);
      await page.goto("/admin/dashboard");
      await expect(
        page.getByTestId("dashboard-quote").filter({ hasText: reference }),
      ).toContainText(answer === "approve" ? "Approved" : "Declined");
    });
  }
});
