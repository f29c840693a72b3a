import type { ToastData } from "~/components/toaster";

export type ToastMessage = Omit<ToastData, "id">;

const toastOfType =
  (type: ToastMessage["type"]) =>
  (title: string, description?: string): ToastMessage => ({ type, title, description });

/** A toast that says something went wrong, and one that says it went right. */
export const destructive = toastOfType("destructive");
export const success = toastOfType("success");

export const tooManyAttemptsMessage = (retryAfterSeconds: number) =>
  `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again, or call us directly.`;

/** A form key the server did not issue (tampered, made up, or from before a secret change). */
export const formExpiredMessage =
  "This form has expired. Please check your details and submit again.";

/**
 * A booking form sent again with other details after its first sending was stored (an answer that
 * never came, a kept copy changed): the booking stands as first sent, and its confirmation page is
 * where it changes (decision 0060).
 */
export const bookingAlreadyStoredToast: ToastMessage = {
  type: "message",
  title: "This booking had already reached us",
  description: "We kept the details you sent first. To change the time or cancel, use this page.",
};

/**
 * The form's key was already used for a message with other details; the answer carries a new key.
 */
export const contactKeyReusedMessage =
  "This form was already sent with a different message. Please check your message and submit again to send it as a new one.";

/** The JSON doors' answer to an Idempotency-Key header outside the draft's grammar. */
export const invalidIdempotencyKeyMessage =
  "The Idempotency-Key header must be 1 to 255 visible ASCII characters.";

/** The JSON doors' answer to a known Idempotency-Key sent with a different body. */
export const idempotencyKeyReusedMessage =
  "This Idempotency-Key was already used for a different request.";

export const slotFullMessage = "This time slot is fully booked. Please choose another time.";

/** A booking refused because its phone number or e-mail address holds the most upcoming ones. */
export const tooManyBookingsMessage = (limit: number) =>
  `This phone number or e-mail address already has ${limit} upcoming appointment${limit === 1 ? "" : "s"} with us. Please call us directly to book another.`;

export const bookingFailedToast = destructive(
  "Booking Failed",
  "There was an error booking your appointment. Please try again or call us directly.",
);

export const contactFailedToast = destructive(
  "Failed to Send Message",
  "There was an error sending your message. Please try again or call us directly.",
);

export const contactSentToast = success(
  "Message Sent Successfully!",
  "Thank you for contacting us. We'll get back to you within 24 hours.",
);

/** The same, when the sender asked for a copy of their message. */
export const contactSentWithCopyToast = {
  ...contactSentToast,
  description: `${contactSentToast.description} A copy is on its way to your e-mail.`,
};
