import { destructive } from "~/content/messages/form-messages";

export const trackingMissingMessage =
  "Please enter either a Repair ID or a Phone Number to track your device.";

export const repairNotFoundMessage =
  "Repair not found. Please check the ID/Phone Number and try again.";

export const trackingFailedToast = (description: string) =>
  destructive("Tracking Failed", description);

/** Refused after too many lookups that found nothing: guessing references or phones stops here. */
export function tooManyFailedLookupsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many lookups from your connection found no repair. To protect our customers' privacy, please wait ${minutes} minute${minutes === 1 ? "" : "s"} before trying again, or call us directly.`;
}
