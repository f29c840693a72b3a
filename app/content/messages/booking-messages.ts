import { booking } from "~/config/shop";

/** The shop's promise after an online booking, as the FAQ and the terms word it. */
export const contactPromise = `within ${booking.contactWithinHours} hour${booking.contactWithinHours === 1 ? "" : "s"} during opening hours`;

/**
 * What a new online booking is called, on the booking form, its confirmation page, its e-mail and
 * its text: one word in all of them. "Received" until staff confirm it, or "confirmed" at once:
 * the shop's choice on the Settings page (decision 0059).
 */
export function newBookingWords(confirmedAtOnce: boolean) {
  return confirmedAtOnce
    ? {
        status: "confirmed",
        title: "Confirmed",
        heading: "Booking Confirmed!",
        next: `Your appointment is confirmed. We'll contact you ${contactPromise} if we need anything before then.`,
        formLead:
          "Tell us about your device and pick a time that suits you: it's confirmed at once.",
        formShortLead: "Pick a time: it's confirmed at once.",
      }
    : {
        status: "received",
        title: "Received",
        heading: "Booking Received!",
        next: `We'll contact you ${contactPromise} to confirm your appointment.`,
        formLead: `Tell us about your device and pick a time that suits you. We'll contact you ${contactPromise} to confirm.`,
        formShortLead: `We confirm ${contactPromise}.`,
      };
}
