import { booking } from "~/config/shop";

/** WF-00042 */
export function bookingReference(id: number): string {
  return `${booking.referencePrefix}${String(id).padStart(5, "0")}`;
}

/** The secret in a tracking link: 24 random bytes, base64url. Anything else is not looked up. */
export const isTrackingToken = (token: string) => /^[A-Za-z0-9_-]{20,64}$/.test(token);

/** "WF-00042", "wf-42", "#42" and "42" all name booking 42. */
export function parseBookingReference(raw: string): number | undefined {
  const match = /^\s*#?(?:wf\s*-?\s*)?0*(\d{1,9})\s*$/i.exec(raw);
  if (!match) return undefined;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** The secret tracking link that the confirmation page and every e-mail to the customer show. */
export const trackingUrl = (origin: string, token: string) => `${origin}/track-repair/${token}`;
