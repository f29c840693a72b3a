import { destructive } from "~/content/messages/form-messages";

export const trackingMissingMessage =
  "Please enter either a Repair ID or a Phone Number to track your device.";

export const repairNotFoundMessage =
  "Repair not found. Please check the ID/Phone Number and try again.";

export const trackingFailedToast = (description: string) =>
  destructive("Tracking Failed", description);

/**
 * Refused after too many lookups without the repair ID and its own phone together: trying phones,
 * collecting repairs by reference or guessing stops here. The secret link still works.
 */
export function tooManyFailedLookupsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many lookups from your connection. To protect our customers' privacy, please wait ${minutes} minute${minutes === 1 ? "" : "s"} before trying again, open the tracking link in your confirmation e-mail or text, or call us directly.`;
}
