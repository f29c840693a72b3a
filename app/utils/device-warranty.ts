/**
 * A device sold with a warranty of `months` from `from` (YYYY-MM-DD, the invoice date): its last
 * day. A month on from the 31st ends on the month's last day (Jan 31 + 1 month: Feb 28).
 */
export function deviceWarrantyUntil(from: string, months: number): string {
  const [year, month, day] = from.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** "Warranty: 6 months, until March 3, 2027" (the date as the receipt writes it). */
export const deviceWarrantyText = (months: number, until: string) =>
  `Warranty: ${months} month${months === 1 ? "" : "s"}, until ${until}`;
