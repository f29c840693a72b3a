import { Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { ErrorSummary } from "~/components/forms/error-summary";
import { TextareaField } from "~/components/forms/field";
import { PriceField } from "~/components/forms/price-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { dayCloseSchema } from "~/schemas/day-close";
import type { DayCloseView } from "~/types/day-close";
import { closePath, overShortWords } from "~/utils/day-close";
import { formatCents } from "~/utils/invoice-totals";
import { primaryButton } from "./ui";

const capitalized = (words: string) => words[0]!.toUpperCase() + words.slice(1);

/**
 * The manager's or owner's cash count that closes the day: the drawer's cash against the day's cash
 * payments. A day is closed once; after that its page shows the count instead.
 */
export function DayCloseForm({
  date,
  expectedCashCents,
  constraint,
  result,
}: {
  date: string;
  expectedCashCents: number;
  constraint: FormConstraint;
  result?: SubmissionResult<string[]>;
}) {
  const { form, field } = useFormReply<z.input<typeof dayCloseSchema>>(result, { constraint });
  return (
    <Form method="post" action={closePath(date)} className="space-y-3" {...form.props}>
      <ErrorSummary form={form} />
      <input type="hidden" name="date" value={date} />
      <p className="text-base font-semibold text-slate-900">
        Expected in the drawer: {formatCents(expectedCashCents)}
      </p>
      <p className="text-sm text-slate-700">
        The day&apos;s cash payments, the change given back already taken off. Count the drawer,
        less the float you keep in it, and enter what you counted.
      </p>
      <PriceField field={field("counted")} label="Cash counted ($)" required />
      <TextareaField
        field={field("note")}
        label="Note"
        hint="Optional: why the drawer is over or short, who counted with you"
        textareaProps={{ rows: 3 }}
      />
      <p className="text-sm text-slate-700">
        Closing keeps the count and the totals as they stand; it cannot be undone.
      </p>
      <SubmitButton label="Close the day" pendingLabel="Closing…" look={primaryButton} />
    </Form>
  );
}

/**
 * A closed day's count: expected, counted, the difference, who closed it and when, and what was
 * recorded on that day after the close (which the closed totals leave out).
 */
export function DayClosedSummary({
  close,
  recordedAfter,
  refusal,
}: {
  close: DayCloseView;
  recordedAfter: { cents: number; cashCents: number } | null;
  /** Why a count sent for this day was not saved (a second close). */
  refusal?: string[];
}) {
  const rows: [string, string][] = [
    ["Expected cash", formatCents(close.expectedCashCents)],
    ["Counted cash", formatCents(close.countedCashCents)],
    ["Over or short", capitalized(overShortWords(close.overShortCents))],
    ["Closed by", `${close.closedBy}, ${close.closedAt}`],
    ...(close.note ? ([["Note", close.note]] as [string, string][]) : []),
  ];
  return (
    <>
      {refusal?.map((message) => (
        <p
          key={message}
          role="alert"
          className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-800"
        >
          {message}
        </p>
      ))}
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium [overflow-wrap:anywhere] text-slate-900 tabular-nums">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {recordedAfter && recordedAfter.cents > 0 ? (
        <p
          data-testid="recorded-after"
          className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
        >
          Recorded after the close: {formatCents(recordedAfter.cents)}, of which cash{" "}
          {formatCents(recordedAfter.cashCents)}. The totals here are as they stood at the close.
        </p>
      ) : null}
    </>
  );
}
