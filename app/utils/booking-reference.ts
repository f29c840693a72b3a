import { booking } from "~/config/shop";

/** WF-00042 */
export function bookingReference(id: number): string {
  return `${booking.referencePrefix}${String(id).padStart(5, "0")}`;
}

/** The secret in a tracking link: 24 random bytes, base64url. Anything else is not looked up. */
export const isTrackingToken = (token: string) => /^[A-Za-z0-9_-]{20,64}$/.test(token);

/**
 * "WF-00042", "wf-42", "#42" and "42" all name booking 42. No two quantifiers of the pattern can
 * share a run of characters (spaces around the dash, leading zeros): the engine would try every
 * way to split it, in quadratic time.
 */
export function parseBookingReference(raw: string): number | undefined {
  // Nine digits at most, the first not 0: always a positive id that fits the column.
  const match = /^#?(?:wf\s*(?:-\s*)?)?0*([1-9]\d{0,8})$/i.exec(raw.trim());
  return match ? Number(match[1]) : undefined;
}

/** The tracking link's page within the site, where its forms send the customer back to. */
export const trackingPath = (token: string) => `/track-repair/${encodeURIComponent(token)}`;

/** The secret tracking link that the confirmation page and every e-mail to the customer show. */
export const trackingUrl = (origin: string, token: string) => `${origin}/track-repair/${token}`;

/**
 * The device label's link (decision 0047): the repair's staff page for signed-in staff, its
 * tracking page (the secret link above) for anyone else; `/r/:token` decides by the session.
 */
export const labelUrl = (origin: string, token: string) => `${origin}/r/${token}`;

/** Where a booking made online is confirmed: the form's answer, and a kept booking's too. */
export const confirmationPath = (token: string) => `/book-appointment/confirmation/${token}`;
