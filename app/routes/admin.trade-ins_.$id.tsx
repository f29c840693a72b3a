import type { MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { dangerButton, panel, primaryButton, secondaryButton } from "~/components/admin/ui";
import { useActionToast } from "~/components/toaster";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { tradeMessages } from "~/content/messages/trade-messages";
import { deviceName } from "~/models/buyback-grid.server";
import { closeOffer, getOffer, validUntilOf } from "~/models/trade-offer.server";
import { conditionQuestions, offerStatusSchema } from "~/schemas/trade-offer";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { redirectWithToast, toastForThisRequest } from "~/server/toast.server";
import { formatCents } from "~/utils/invoice-totals";
import { pageTitle } from "~/utils/meta";
import { offerStateLabels, offerStateOf } from "~/utils/offer-state";
import { formatPhone } from "~/utils/phone";
import { parseRecordId } from "~/utils/record-id";
import { may } from "~/utils/staff-permissions";
import { formatCalendarDate, formatClockTime, formatShopDateTime } from "~/utils/shop-time";
import { sellerGradeText } from "~/utils/trade-offer";
import { answerValues } from "~/schemas/trade-offer";

const notFound = () => data(tradeMessages.offerNotFound, { status: 404 });

function offerId(raw: string | undefined) {
  const id = parseRecordId(raw);
  if (id === undefined) throw notFound();
  return id;
}

export const loader = staffLoader(async ({ params, staff }) => {
  const offer = await getOffer(offerId(params.id));
  if (!offer) throw notFound();
  const given = answerValues(offer.answers);
  return {
    id: offer.id,
    reference: offer.reference,
    device: deviceName(offer),
    amount: formatCents(offer.offerCents),
    grade: sellerGradeText(offer.grade),
    state: offerStateOf(offer),
    open: offer.status === "open" && !offer.expired,
    mayBuy: may(staff.role, "buyDevices"),
    received: formatShopDateTime(offer.createdAt),
    validUntil: formatCalendarDate(validUntilOf(offer)),
    dropOff:
      offer.dropOffDate && offer.dropOffTime
        ? `${formatCalendarDate(offer.dropOffDate, "weekdayShort")} at ${formatClockTime(offer.dropOffTime)}`
        : "Walk-in: no time given",
    name: offer.name,
    email: offer.email,
    phone: offer.phoneDigits ? formatPhone(offer.phoneDigits) : null,
    notifyBy: offer.notifyBy,
    answers: conditionQuestions.map((question) => ({
      question: question.question,
      answer:
        question.answers.find(([value]) => value === given[question.name])?.[1] ??
        given[question.name],
    })),
  };
});

/** Declined or cancelled: only an open offer changes, whoever else acts on it at that moment. */
export const action = staffAction(async ({ request, params, context, staff }) => {
  const id = offerId(params.id);
  const parsed = offerStatusSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(parsed.error.issues[0]!.message, { status: 400 });
  const result = await closeOffer(id, parsed.data.status, staff.id);
  if (result.outcome === "not_found") throw notFound();
  if (result.outcome === "not_open") {
    const toast = errorToast(tradeMessages.offerNotOpen);
    toastForThisRequest(context, toast);
    return data({ toast }, { status: 409 });
  }
  return redirectWithToast(
    `/admin/trade-ins/${id}`,
    successToast(tradeMessages.offerClosed(result.offer.reference, parsed.data.status)),
    { status: 303 },
  );
});

const consentWords = { email: "By e-mail", sms: "By text", both: "By e-mail and text" } as const;

export default function TradeInOfferPage() {
  const offer = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useActionToast(answer?.toast);
  const rows: [string, string | null][] = [
    ["Device", offer.device],
    ["Offer", offer.amount],
    ["Grade", offer.grade],
    ["State", offerStateLabels[offer.state]],
    ["Received", offer.received],
    ["Valid until", offer.validUntil],
    ["Drop-off", offer.dropOff],
    ["Name", offer.name],
    ["E-mail", offer.email],
    ["Phone", offer.phone],
    ["Offer sent", offer.notifyBy ? consentWords[offer.notifyBy] : "Not sent (no consent)"],
  ];
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/trade-ins" className="text-brand-700 underline">
          ← Trade-in offers
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Offer {offer.reference}</h1>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className={`${panel} min-w-0`} aria-labelledby="offer-facts">
          <h2 id="offer-facts" className="text-lg font-semibold">
            The offer
          </h2>
          <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) =>
              value ? (
                <div key={label} className="contents">
                  <dt className="font-semibold text-slate-700">{label}</dt>
                  <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
                </div>
              ) : null,
            )}
          </dl>
        </section>
        <section className={`${panel} min-w-0`} aria-labelledby="offer-answers">
          <h2 id="offer-answers" className="text-lg font-semibold">
            The seller's answers
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            {offer.answers.map((one) => (
              <div key={one.question}>
                <dt className="text-slate-600">{one.question}</dt>
                <dd className="font-semibold">{one.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      {offer.open && offer.mayBuy ? (
        <p className="mt-6">
          <Link to={`/admin/purchases/new?offer=${offer.reference}`} className={primaryButton}>
            Buy it at the counter
          </Link>
        </p>
      ) : null}
      {offer.open ? (
        <Form method="post" className={`${panel} mt-6 flex flex-wrap items-center gap-3`}>
          <p className="w-full text-sm text-slate-700">
            Not buying it? Mark the offer so no one buys against it.
          </p>
          <button type="submit" name="status" value="declined" className={dangerButton}>
            Mark Declined
          </button>
          <button type="submit" name="status" value="cancelled" className={secondaryButton}>
            Mark Cancelled
          </button>
        </Form>
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Offer ${data.reference}` : "Offer not found") },
];

export const ErrorBoundary = AdminErrorBoundary;
