import { contact } from "~/config/shop";
import { destructive, success } from "~/content/messages/form-messages";
import type { ChangeClosedReason } from "~/utils/appointment-change";

/*
 * What the customer reads when moving or cancelling their appointment online (docs/decisions/
 * 0056).
 */

const hours = (n: number) => `${n} hour${n === 1 ? "" : "s"}`;

/** "until 2 hours before it", or "until it starts" when the shop set no cut-off. */
export const changeDeadline = (cutoffHours: number) =>
  cutoffHours ? `until ${hours(cutoffHours)} before it` : "until it starts";

/**
 * Why the appointment cannot be changed online, and what to do instead: call the shop (`call`,
 * the words before its number) or book again.
 */
export type ClosedWords = { lead: string; call: string } | { lead: string; book: string };

export function closedWords(reason: ChangeClosedReason, cutoffHours: number): ClosedWords {
  switch (reason) {
    case "cutoff":
      return {
        lead: `Your appointment is less than ${hours(cutoffHours)} away, so it can't be changed online any more.`,
        call: "To move or cancel it, please call us at",
      };
    case "passed":
      return {
        lead: "The time of this appointment has passed, so it can't be changed online.",
        call: "Please call us at",
      };
    case "started":
      return {
        lead: "We've started on this repair, so its appointment can't be changed online.",
        call: "Questions? Call us at",
      };
    case "walk_in":
      return {
        lead: "Your device is already with us, so there is no appointment to change.",
        call: "Questions? Call us at",
      };
    case "cancelled":
      return {
        lead: "This booking is cancelled.",
        book: "To come in another time, please make a new booking.",
      };
  }
}

/** The same words as one line of text, the shop's number written out. */
export function closedMessage(reason: ChangeClosedReason, cutoffHours: number): string {
  const words = closedWords(reason, cutoffHours);
  return "call" in words
    ? `${words.lead} ${words.call} ${contact.phone.display}.`
    : `${words.lead} ${words.book}`;
}

export const changedMeanwhileMessage = (now: string) =>
  `Your booking changed while this page was open, so nothing was changed. It is now ${now}. Please check it and choose again.`;

export const sameTimeMessage =
  "That is your appointment's time already. Please choose another time.";

export const rescheduleFailedMessage =
  "We couldn't change your appointment just now. Please try again in a minute, or call us.";

export const movedToast = (appointment: string) =>
  success("Appointment moved", `Your appointment is now ${appointment}.`);

export const cancelledToast = (reference: string) =>
  success(
    "Booking cancelled",
    `Your booking ${reference} is cancelled. We hope to see you another time.`,
  );

export const changeRefusedToast = (description: string) =>
  destructive("Nothing was changed", description);
