import { warranty as terms } from "~/config/shop";
import type { Warranty } from "~/types/invoice";
import { addDays, daysFrom, formatCalendarDate, shopToday } from "~/utils/shop-time";

/**
 * The warranty of a repair invoiced on `invoiceDate` for the `days` its invoice recorded, as it
 * stands on `today` (shop dates).
 */
export function warrantyOf(invoiceDate: string, days: number, today: string): Warranty {
  const until = addDays(invoiceDate, days);
  return { from: invoiceDate, until, daysLeft: daysFrom(today, until) };
}

/** The warranty an issued invoice gives (its own recorded length), as it stands at `now`. */
export const invoiceWarranty = (
  invoice: { issuedAt: Date; warrantyDays: number | null },
  now = new Date(),
) => warrantyOf(shopToday(invoice.issuedAt), invoice.warrantyDays ?? 0, shopToday(now));

/** "Warranty until Feb 26, 2027 (90 days left)", or when it ended. */
export function warrantyText({ until, daysLeft }: Warranty) {
  const last = formatCalendarDate(until);
  if (daysLeft < 0) return `Warranty ended on ${last}`;
  if (daysLeft === 0) return `Warranty until ${last} (today is the last day)`;
  return `Warranty until ${last} (${daysLeft} ${daysLeft === 1 ? "day" : "days"} left)`;
}

/** Why a claim is not covered: one of the terms' exclusions, or the warranty's end. */
export const claimRefusals = [...terms.exclusions, "The warranty period had ended"] as const;

/** "covered, no charge" or "not covered: Normal wear and tear". */
export const claimWords = (claim: { covered: boolean; exclusion: string | null }) =>
  claim.covered ? "covered, no charge" : `not covered: ${claim.exclusion}`;
