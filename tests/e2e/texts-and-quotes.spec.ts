import { addDays, shopToday } from "~/utils/shop-time";
import { expect, test } from "./fixtures";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";
import { recordPendingButtons } from "./support/pending";
import { open } from "./support/public";

/*
 * A quote answered on the tracking page, where JavaScript changes what happens: the admin's quote
 * form, and the customer's buttons waiting while the answer is on its way. The whole exchange as
 * a browser without JavaScript has it (the old quote link, the page after the answer, what staff
 * see then) is in tests/html/public-content-quotes.spec.ts, and the update and review choices at
 * booking in tests/html/public-content-forms.spec.ts.
 */

test.describe("quotes through the secret tracking link", () => {
  for (const answer of ["approve", "decline"] as const) {
    const past = `${answer}d`;
    const other = answer === "approve" ? "decline" : "approve";
    const button = (word: "approve" | "decline") =>
      word === "approve" ? "Approve the quote" : "Decline the quote";

    test(`staff send a quote, the customer ${past} it once while both buttons wait, and sees the answer @js-only`, async ({
      page,
      browser,
      request,
      jsEnabled,
    }) => {
      // Staff and two customer tabs.
      test.slow();
      const { id } = await bookViaApi(request, { notifyBy: "both" });
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

      // The customer, in a browser of their own, with the tracking page open in two tabs: the
      // second tab's answer comes too late.
      const customer = await browser.newContext({ javaScriptEnabled: jsEnabled });
      const [first, second] = [await customer.newPage(), await customer.newPage()];
      await open(first, trackingPath, jsEnabled);
      await open(second, trackingPath, jsEnabled);
      const quote = first.getByTestId("quote");
      await expect(quote).toContainText("$149.99 before tax");
      // Both buttons wait while the answer is on its way (slowed here), and the one pressed is
      // still the answer sent.
      await first.route(new RegExp(`${trackingPath}$`), async (route) => {
        if (route.request().method() === "POST")
          await new Promise((done) => setTimeout(done, 1500));
        await route.continue();
      });
      const pending = await recordPendingButtons(first);
      await quote.getByRole("button", { name: button(answer) }).click();
      expect(pending).toEqual([`${button("approve")}, true`, `${button("decline")}, true`]);
      // The answer shows at the top of the page it lands on, with no jump back to the quote.
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

      await second
        .getByTestId("quote")
        .getByRole("button", { name: button(other) })
        .click();
      await expect(
        second.getByText(
          new RegExp(`This quote was already ${past} \\(.+\\)\\. Only the first answer counts`),
        ),
      ).toBeInViewport();
      await customer.close();
    });
  }
});
