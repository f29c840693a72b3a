import { addDays, shopInstant, shopMinutesNow, shopToday } from "~/utils/shop-time";

/** No text goes out between 21:00 and 09:00 on the shop's clock; e-mail is not held back. */
export const quietHours = { from: 21 * 60, until: 9 * 60 } as const;

export function isQuietHours(now: Date): boolean {
  const minutes = shopMinutesNow(now);
  return minutes >= quietHours.from || minutes < quietHours.until;
}

/** When a text queued at `now` may go out: now, or at the end of tonight's quiet hours. */
export function textSendAfter(now: Date): Date {
  if (!isQuietHours(now)) return now;
  const today = shopToday(now);
  return shopInstant(
    shopMinutesNow(now) >= quietHours.from ? addDays(today, 1) : today,
    quietHours.until,
  );
}
