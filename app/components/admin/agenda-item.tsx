import { deviceName } from "~/utils/booking-description";
import { Link } from "react-router";
import type { ReactNode } from "react";
import { findCategory, type Urgency } from "~/config/shop";
import { formatMonthDay, type AgendaCardItem } from "~/utils/agenda";
import { formatClockTime } from "~/utils/shop-time";
import { bookingReference } from "~/utils/booking-reference";
import { formatPhone, telHref } from "~/utils/phone";
import { QuickStatusForm, QuickStatusRefusal, rowAnchor, useQuickStatus } from "./quick-status";
import { StatusBadge } from "./status-badge";
import { targetRow } from "./ui";

const urgencyLooks: Record<
  Exclude<Urgency, "normal">,
  { label: string; badge: string; edge: string }
> = {
  urgent: {
    label: "Urgent",
    badge: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
    edge: "border-l-amber-500",
  },
  emergency: { label: "Emergency", badge: "bg-red-700 text-white", edge: "border-l-red-700" },
};

/**
 * Urgent and emergency repairs stand out: a coloured edge and a labelled flag, never colour alone.
 */
function UrgencyFlag({ urgency }: { urgency: Urgency }) {
  if (urgency === "normal") return null;
  return (
    <span
      data-testid="urgency-flag"
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${urgencyLooks[urgency].badge}`}
    >
      {urgencyLooks[urgency].label}
    </span>
  );
}

const deviceText = (item: Pick<AgendaCardItem, "deviceCategory" | "deviceBrand" | "deviceModel">) =>
  deviceName(item.deviceBrand, item.deviceModel) ||
  (findCategory(item.deviceCategory)?.shortName ?? item.deviceCategory);

/**
 * One repair as a card: the customer's name links to the repair's page, their number calls them,
 * and a status form moves the repair on (decision 0047). `place` names the list the card is in,
 * for its id (`overdue-WF-00012`): a repair may be in two lists of a page. `showTime` for lists
 * that are not already grouped by time; `extra` for a line of its own (how late, how long
 * waiting).
 */
export function AgendaCard({
  item,
  place,
  today,
  showTime = false,
  extra,
}: {
  item: AgendaCardItem;
  place: string;
  today: string;
  showTime?: boolean;
  extra?: ReactNode;
}) {
  const reference = bookingReference(item.id);
  const quick = useQuickStatus({ ...item, reference }, rowAnchor(place, reference));
  const edge = item.urgency === "normal" ? "border-l-slate-300" : urgencyLooks[item.urgency].edge;
  const late =
    item.expectedDeliveryDate !== null &&
    item.expectedDeliveryDate < today &&
    !["completed", "cancelled", "ready_for_pickup"].includes(item.status);
  return (
    <li
      id={quick.anchor}
      tabIndex={-1}
      data-testid="agenda-item"
      className={`${targetRow} min-w-0 rounded-lg border border-l-4 border-slate-200 bg-white p-3 shadow-sm ${edge}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        {showTime ? (
          <span className="text-sm font-semibold text-slate-900 tabular-nums">
            {formatClockTime(item.preferredTime)}
          </span>
        ) : null}
        <Link
          to={`/admin/repairs/${item.id}`}
          className="font-semibold break-words text-brand-700 hover:underline"
        >
          {item.firstName} {item.lastName}
        </Link>
        <span className="font-mono text-xs text-slate-600">{reference}</span>
      </p>
      <a
        href={telHref(item.phoneDigits)}
        className="inline-flex min-h-6 items-center text-sm whitespace-nowrap text-brand-700 hover:underline"
      >
        {formatPhone(item.phoneDigits)}
      </a>
      <p className="mt-1 text-sm break-words text-slate-700">
        {deviceText(item)} · {item.issueType}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        <StatusBadge status={item.status} />
        <UrgencyFlag urgency={item.urgency} />
        {item.expectedDeliveryDate ? (
          <span className={late ? "font-semibold text-red-800" : "text-slate-600"}>
            {late ? "Overdue, was due" : "Due"} {formatMonthDay(item.expectedDeliveryDate)}
          </span>
        ) : null}
      </p>
      {extra ? <p className="mt-1 text-xs font-semibold text-slate-800">{extra}</p> : null}
      <div className="mt-2 space-y-2">
        <QuickStatusRefusal state={quick} />
        <QuickStatusForm state={quick} />
      </div>
    </li>
  );
}
