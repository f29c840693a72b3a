import { usePageCalendar } from "~/components/layout/use-page-calendar";
import { hoursNotices } from "~/utils/shop-calendar";

/**
 * The coming days that differ from the week's hours (statutory holidays, the owner's closures and
 * special hours), written under the week's hours wherever a page shows them: "Dec 25 and 26:
 * Closed (Christmas Day, Boxing Day)".
 */
export function HoursNotices({ className = "" }: { className?: string }) {
  const calendar = usePageCalendar();
  const notices = calendar ? hoursNotices(calendar) : [];
  if (!notices.length) return null;
  return (
    <div className={className} data-hours-notices>
      <p className="font-semibold">Holidays &amp; closures</p>
      <ul>
        {notices.map((notice) => (
          <li key={notice.days}>
            {notice.days}: <span className="whitespace-nowrap">{notice.hours}</span>
            {notice.reason ? ` (${notice.reason})` : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
