import { data, type AppLoadContext } from "react-router";
import {
  cancelledToast,
  changedMeanwhileMessage,
  changeRefusedToast,
  closedMessage,
  movedToast,
  rescheduleFailedMessage,
  sameTimeMessage,
} from "~/content/messages/appointment-messages";
import { slotFullMessage } from "~/content/messages/form-messages";
import { repairNotFoundMessage } from "~/content/messages/tracking-messages";
import {
  cancelBooking,
  changeableBooking,
  rescheduleBooking,
  type ChangeableBooking,
  type CustomerChangeOutcome,
} from "~/models/booking-customer-change.server";
import { availabilityOf, scheduleStepDay } from "~/routes/schedule-step.server";
import { cancelBookingSchema, rescheduleSchema } from "~/schemas/appointment-change";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { publicOrigin } from "~/server/env.server";
import { parseForm, replyWithError } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { unavailableFor } from "~/server/unavailable.server";
import type { Booking } from "~/types/booking";
import { appointmentLong } from "~/utils/appointment-change";
import { deviceName } from "~/utils/booking-description";
import { bookingReference } from "~/utils/booking-reference";
import { statusLabels } from "~/utils/booking-status";

/*
 * The pages where a customer moves or cancels their appointment, under its secret tracking link
 * (docs/decisions/0056): /track-repair/:token/reschedule and /track-repair/:token/cancel.
 */

/**
 * As the tracking link's own page: the address is the secret, so no other site hears of it, and
 * no copy is kept.
 */
export const changePageHeaders = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex",
  "referrer-policy": "same-origin",
};

const trackingPage = (token: string) => `/track-repair/${token}`;

/** What both pages show of the booking, and the version their form sends back. */
function changePage(token: string, { booking, window }: ChangeableBooking) {
  return {
    token,
    trackingPath: trackingPage(token),
    reference: bookingReference(booking.id),
    date: booking.preferredDate,
    time: booking.preferredTime,
    repair: [deviceName(booking.deviceBrand, booking.deviceModel), booking.issueType]
      .filter(Boolean)
      .join(" — "),
    version: booking.version,
    window,
  };
}

/** The booking of the secret link in the address, as the pages show it; 404 as the tracking page. */
export async function changePageFor(token: string, context: AppLoadContext) {
  const found = await changeableBooking(token).catch(unavailableFor(context));
  if (!found) throw data(repairNotFoundMessage, { status: 404 });
  return changePage(token, found);
}

/** "Mon, Dec 7, 2026 at 11:00 AM (Pending)": the booking as it is now, when it changed meanwhile. */
const bookingNow = (booking: Booking) =>
  `${appointmentLong(booking.preferredDate, booking.preferredTime)} (${statusLabels[booking.status]})`;

type Refusal = { status: number; formErrors?: string[]; fieldErrors?: Record<string, string[]> };

type Made = Extract<CustomerChangeOutcome, { outcome: "moved" | "cancelled" }>;
const made = (result: CustomerChangeOutcome): result is Made =>
  result.outcome === "moved" || result.outcome === "cancelled";

/** A change that did not go through, as the form shows it: which field, which words, which status. */
function refusalOf(result: Exclude<CustomerChangeOutcome, Made>): Refusal {
  switch (result.outcome) {
    case "closed":
      return { status: 409, formErrors: [closedMessage(result.reason, result.cutoffHours)] };
    case "changed_meanwhile":
      return { status: 409, formErrors: [changedMeanwhileMessage(bookingNow(result.booking))] };
    case "same_time":
      return { status: 400, fieldErrors: { preferredTime: [sameTimeMessage] } };
    case "slot_full":
      return { status: 409, fieldErrors: { preferredTime: [slotFullMessage] } };
    // As the booking form answers it: the day's hours are only read with the change.
    case "shop_closed":
      return { status: 400, fieldErrors: { [result.refusal.field]: [result.refusal.message] } };
    case "not_found":
      throw data(repairNotFoundMessage, { status: 404 });
  }
}

/**
 * After a change, made now or by the same submission before: the tracking link's page, which
 * shows the booking as it now is, with a toast.
 */
const changed = (token: string, { outcome, booking }: Made) =>
  redirectWithToast(
    trackingPage(token),
    outcome === "moved"
      ? movedToast(appointmentLong(booking.preferredDate, booking.preferredTime))
      : cancelledToast(bookingReference(booking.id)),
    { status: 303 },
  );

/** A version the page did not send, or not as it drew it: said above the form, not in a hidden field. */
const pageOutOfDate = (submission: { error?: Record<string, string[] | null> | null }) => {
  const message = submission.error?.version?.[0];
  return { status: 400, formErrors: message ? [message] : undefined };
};

const toastOf = (refusal: Refusal) =>
  changeRefusedToast(
    refusal.formErrors?.[0] ?? Object.values(refusal.fieldErrors ?? {})[0]?.[0] ?? "",
  );

/**
 * The reschedule form's answer: the tracking page with a toast once moved (303); the form again
 * with the day's times for a schedule step without JavaScript, or with the reason it was refused
 * (4xx: bad input, a full or closed time, too late, changed meanwhile), or 503 in an outage, the
 * choice kept.
 */
export async function rescheduleAction(request: Request, token: string, context: AppLoadContext) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (typeof intent === "string") {
    const { error: _untouched, ...kept } = parseForm(formData, rescheduleSchema).reply();
    const { availability, offeredTime } = await scheduleStepDay(formData, intent);
    const initialValue = {
      ...kept.initialValue,
      preferredDate: availability.date,
      ...(offeredTime ? { preferredTime: offeredTime } : {}),
    };
    return data({ result: { ...kept, initialValue }, toast: undefined, availability });
  }
  const submission = parseForm(formData, rescheduleSchema);
  const refuse = async (refusal: Refusal) =>
    replyWithError(context, submission, refusal.status, {
      toast: refusal.formErrors || refusal.fieldErrors ? toastOf(refusal) : undefined,
      formErrors: refusal.formErrors,
      fieldErrors: refusal.fieldErrors,
      extra: { availability: await availabilityOf(formData.get("preferredDate")) },
    });
  if (submission.status !== "success") return refuse(pageOutOfDate(submission));
  const { preferredDate, preferredTime, version } = submission.value;
  let result: CustomerChangeOutcome;
  try {
    result = await rescheduleBooking(
      token,
      { preferredDate, preferredTime },
      version,
      publicOrigin(),
    );
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return refuse({ status: 503, formErrors: [rescheduleFailedMessage] });
  }
  return made(result) ? changed(token, result) : refuse(refusalOf(result));
}

/**
 * The cancel form's answer: the tracking page with a toast once cancelled (303), or the page
 * again with the reason it was refused (4xx), or 503 in an outage.
 */
export async function cancelAction(request: Request, token: string, context: AppLoadContext) {
  const submission = parseForm(await request.formData(), cancelBookingSchema);
  if (submission.status !== "success")
    return replyWithError(context, submission, 400, pageOutOfDate(submission));
  const refuse = (refusal: Refusal) =>
    replyWithError(context, submission, refusal.status, {
      toast: toastOf(refusal),
      formErrors: refusal.formErrors,
    });
  let result: CustomerChangeOutcome;
  try {
    result = await cancelBooking(token, submission.value.version, publicOrigin());
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return refuse({ status: 503, formErrors: [rescheduleFailedMessage] });
  }
  return made(result) ? changed(token, result) : refuse(refusalOf(result));
}
