import { Form } from "react-router";
import { contact } from "~/config/shop";
import type { TrackedQuote } from "~/types/tracking";

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 font-semibold focus:outline-none focus:ring-2 focus:ring-offset-2 disabled:opacity-60";

/** What the customer answered, that it expired, or (under the secret link) the two buttons. */
function Answer({ quote, answerable }: { quote: TrackedQuote; answerable: boolean }) {
  if (quote.status !== "pending") {
    return (
      <p className="mt-4 font-medium text-slate-900" data-testid="quote-answer">
        You {quote.status} this quote on {quote.answeredAt}
      </p>
    );
  }
  if (quote.expired) {
    return (
      <p className="mt-4 text-slate-800" data-testid="quote-answer">
        This quote has expired. Please call us at{" "}
        <a href={contact.phone.href} className="font-medium text-brand-700 underline">
          {contact.phone.display}
        </a>{" "}
        for a new one.
      </p>
    );
  }
  if (answerable) return <AnswerForm quote={quote} />;
  return (
    <p className="mt-4 text-slate-800" data-testid="quote-answer">
      To approve or decline it, open your repair&apos;s tracking link.
    </p>
  );
}

/**
 * Two buttons of one form: the one pressed is the answer, with or without JavaScript. With it,
 * both wait disabled while the answer is in flight (`data-pending`, app/browser/forms.ts).
 */
function AnswerForm({ quote }: { quote: TrackedQuote }) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap gap-3">
      <p className="w-full text-slate-800">Do you want us to go ahead at this price?</p>
      <input type="hidden" name="quoteId" value={quote.id} />
      <button
        type="submit"
        name="answer"
        value="approve"
        data-pending=""
        className={`${button} bg-brand-700 text-white hover:bg-brand-800 focus:ring-brand-600`}
      >
        Approve the quote
      </button>
      <button
        type="submit"
        name="answer"
        value="decline"
        data-pending=""
        className={`${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus:ring-slate-500`}
      >
        Decline the quote
      </button>
    </Form>
  );
}

/**
 * The repair's latest quote and the customer's one answer to it. The buttons show only where the
 * secret tracking link is the page's address (`answerable`): the form posts to that page, and
 * the link in the address is what authorises the answer. A copy kept on the phone shows the
 * quote alone.
 */
export function QuoteAnswer({
  quote,
  answerable = false,
}: {
  quote: TrackedQuote;
  answerable?: boolean;
}) {
  return (
    <section
      id="quote"
      className="mt-6 scroll-mt-24 rounded-xl border border-slate-200 bg-brand-50 p-4 sm:p-5"
      aria-labelledby={`quote-${quote.id}`}
      data-testid="quote"
    >
      <h3 id={`quote-${quote.id}`} className="font-semibold text-slate-900">
        Quote
      </h3>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">Price</dt>
          <dd className="font-semibold text-slate-900">{quote.amount}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600">Covers</dt>
          <dd className="break-words text-slate-900">{quote.covers}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Valid until</dt>
          <dd className="text-slate-900">{quote.validUntil}</dd>
        </div>
      </dl>
      <Answer quote={quote} answerable={answerable} />
    </section>
  );
}
