import type { ReactNode } from "react";
import type { DeviceGrade } from "~/types/trade";
import { formatCents } from "~/utils/invoice-totals";
import { formatCalendarDate } from "~/utils/shop-time";
import { sellerGradeText, type OfferDeduction } from "~/utils/trade-offer";

/** The offer as the seller reads it: the amount, the grade, what lowered it, until when. */
export function OfferSummary({
  device,
  offerCents,
  grade,
  gradeCents,
  deductions,
  validUntil,
  reference,
  children,
}: {
  device: string;
  offerCents: number;
  grade: DeviceGrade;
  gradeCents?: number;
  deductions?: OfferDeduction[];
  validUntil: string;
  reference?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="offer-amount"
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 sm:p-6"
    >
      <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">
        Our offer for your {device}
      </p>
      <h2
        id="offer-amount"
        className="mt-1 text-4xl font-extrabold text-slate-900"
        data-testid="offer-amount"
      >
        {formatCents(offerCents)}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
        {reference ? (
          <>
            <dt className="font-semibold">Reference</dt>
            <dd className="font-mono text-lg" data-testid="offer-reference">
              {reference}
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">Condition</dt>
        <dd>{sellerGradeText(grade)}</dd>
        {deductions?.length && gradeCents !== undefined ? (
          <>
            <dt className="font-semibold">What lowered it</dt>
            <dd>
              <ul className="space-y-1">
                <li>
                  {grade[0]!.toUpperCase() + grade.slice(1)} price: {formatCents(gradeCents)}
                </li>
                {deductions.map((deduction) => (
                  <li key={deduction.reason}>
                    {deduction.reason}: −{formatCents(deduction.cents)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">Valid until</dt>
        <dd>{formatCalendarDate(validUntil)}</dd>
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        We check the device when you bring it in, with photo ID. If it doesn't match your answers,
        we'll tell you why and offer what it's worth. We pay by cash or e-transfer.
      </p>
      {children}
    </section>
  );
}
