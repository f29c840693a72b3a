import { ClockIcon } from "~/components/icons";
import { usePageCalendar } from "~/components/layout/use-page-calendar";
import { todayText } from "~/utils/shop-calendar";

/**
 * Whether the shop is open (decision 0055). The server writes what is true all day ("Open today
 * 10:00 AM - 8:00 PM", "Closed today (Christmas Day) · opens …"), since a kept page serves until
 * the shop's midnight; the public pages' script (app/browser/open-now.ts) turns it into "Open now ·
 * closes 8:00 PM" from the calendar the page carries, and keeps it right minute by minute.
 */
export function OpenNow({ className = "" }: { className?: string }) {
  const calendar = usePageCalendar();
  if (!calendar) return null;
  return (
    <p className={`inline-flex items-center gap-2 ${className}`}>
      <ClockIcon className="shrink-0" />
      <span data-open-now>{todayText(calendar)}</span>
    </p>
  );
}
