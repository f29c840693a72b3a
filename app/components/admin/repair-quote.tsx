import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { InputField, TextareaField } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { PriceField } from "~/components/forms/price-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { TrackedQuote } from "~/types/tracking";
import { useMay } from "./use-may";
import type { quoteSchema } from "~/schemas/quote";

const answerColours = {
  pending: "bg-blue-100 text-blue-900",
  approved: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
} as const;

function LatestQuote({ quote }: { quote: TrackedQuote }) {
  const state =
    quote.status === "pending"
      ? quote.expired
        ? "Expired, not answered"
        : "Waiting for the customer"
      : `${quote.status === "approved" ? "Approved" : "Declined"} ${quote.answeredAt}`;
  return (
    <div className="rounded-lg bg-slate-50 p-3" data-testid="staff-quote">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">{quote.amount}</span>
        <span
          data-testid="staff-quote-state"
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${answerColours[quote.status]}`}
        >
          {state}
        </span>
      </p>
      <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-800">{quote.covers}</p>
      <p className="text-xs text-slate-600">Valid until {quote.validUntil}</p>
    </div>
  );
}

/**
 * The repair's latest quote with the customer's answer, and a form for a new one: the customer
 * gets it by the channels they chose and answers on their tracking page.
 */
export function RepairQuote({
  quote,
  constraint,
  lastResult,
}: {
  quote: TrackedQuote | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, field } = useFormReply<z.input<typeof quoteSchema>>(lastResult, { constraint });
  const amount = field("amount");
  const covers = field("covers");
  const validUntil = field("validUntil");
  const maySend = useMay("sendQuotes");
  return (
    <div className="space-y-4">
      {quote ? (
        <LatestQuote quote={quote} />
      ) : (
        <p className="text-sm text-slate-600">No quote sent yet.</p>
      )}
      {maySend ? (
        <Form method="post" className="space-y-3" {...form.props}>
          <input type="hidden" name="intent" value="quote" />
          <ErrorSummary form={form} />
          <PriceField field={amount} label="Amount (CAD, before tax)" required />
          <TextareaField
            field={covers}
            label="What it covers"
            required
            textareaProps={{ rows: 2 }}
          />
          <InputField
            field={validUntil}
            label="Valid until"
            required
            inputProps={{ type: "date" }}
          />
          <SubmitButton label="Send Quote" pendingLabel="Sending..." />
        </Form>
      ) : (
        <p className="text-sm text-slate-600">Technicians, managers and the owner send quotes.</p>
      )}
    </div>
  );
}
