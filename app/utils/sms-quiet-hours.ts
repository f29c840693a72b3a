import { textQuietHours as quietHours } from "~/config/shop";
import { addDays, shopInstant, shopMinutesNow, shopToday } from "~/utils/shop-time";

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
