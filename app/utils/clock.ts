/**
 * A time of day, minutes after midnight, as the shop writes it everywhere (DESIGN.md's hours):
 * "3:00 PM". One format for pages, tickets, labels, e-mails and texts; Intl's "3:00 p.m." (en-CA)
 * would end a sentence in a doubled full stop.
 */
export function formatClock(minutes: number): string {
  const h24 = Math.floor(minutes / 60) % 24;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(minutes % 60).padStart(2, "0")} ${h24 < 12 ? "AM" : "PM"}`;
}
