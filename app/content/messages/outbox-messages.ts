/**
 * Why a message a visitor's booking caused was held back, as staff read it on the Outbox page and
 * the repair's page: its recipient had already had as many as the limits allow.
 */
export function recipientLimitReason(
  channel: "email" | "sms",
  window: "hour" | "day",
  limit: number,
): string {
  const whom = channel === "email" ? "this address" : "this number";
  return window === "hour"
    ? `Not sent: too many messages to ${whom} in the last hour (at most ${limit} from online bookings).`
    : `Not sent: too many messages to ${whom} today (at most ${limit} from online bookings in 24 hours).`;
}
