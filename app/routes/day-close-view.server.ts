import { data } from "react-router";
import { cashCentsOf, dayCloseOf, dayTotals, type DayClose } from "~/models/day-close.server";
import { closeDayQuerySchema } from "~/schemas/day-close";
import type { DayCloseView, DayTotals } from "~/types/day-close";
import { addDays, formatShopDateTime, shopToday } from "~/utils/shop-time";

/**
 * The shop date a close page or Z report is for: `date` as sent (the page's `?date=`, the
 * report's path), today's when there is none. A malformed date is a 400 saying how to write one.
 */
export function closeDateOf(date: string | null | undefined) {
  const parsed = closeDayQuerySchema.safeParse({ date: date ?? undefined });
  if (!parsed.success) throw data(parsed.error.issues[0]!.message, { status: 400 });
  return parsed.data.date ?? shopToday();
}

const paymentsCents = (totals: DayTotals) =>
  totals.payments.reduce((sum, row) => sum + row.cents, 0);

const closeView = (close: DayClose): DayCloseView => ({
  expectedCashCents: close.expectedCashCents,
  countedCashCents: close.countedCashCents,
  overShortCents: close.overShortCents,
  note: close.note,
  closedBy: close.closedByName ?? "a former staff member",
  closedAt: formatShopDateTime(close.closedAt),
});

/**
 * A shop date's takings as the close page and the Z report show them: a closed day's totals as
 * they stood at its close, with what was recorded on that day since; an open day's as they stand.
 */
export async function dayCloseView(date: string) {
  const [live, close] = await Promise.all([dayTotals(date), dayCloseOf(date)]);
  const today = shopToday();
  return {
    date,
    previous: addDays(date, -1),
    next: date < today ? addDays(date, 1) : null,
    totals: close?.totals ?? live,
    expectedCashCents: close?.expectedCashCents ?? cashCentsOf(live),
    close: close ? closeView(close) : null,
    // Payments are never changed or deleted, so what a closed day gained since is the difference.
    recordedAfter: close
      ? {
          cents: paymentsCents(live) - paymentsCents(close.totals),
          cashCents: cashCentsOf(live) - cashCentsOf(close.totals),
        }
      : null,
    mayClose: !close && date <= today,
  };
}
