import { Link } from "react-router";
import type { RepairListItem } from "~/types/repairs";
import type { RepairListQuery } from "~/schemas/admin-filters";
import { telHref } from "~/utils/phone";
import { QuickStatusForm, QuickStatusRefusal, rowAnchor, useQuickStatus } from "./quick-status";
import { SortHeader, sortLabels } from "./repair-list-sort";
import { StatusBadge } from "./status-badge";
import { targetRow } from "./ui";

/** The reference as the way into the repair's page; its name says so to a screen reader. */
function ReferenceLink({ item }: { item: RepairListItem }) {
  return (
    <Link
      to={`/admin/repairs/${item.id}`}
      className="inline-flex min-h-6 items-center font-mono font-semibold text-brand-700 hover:underline"
    >
      <span className="sr-only">Open </span>
      {item.reference}
    </Link>
  );
}

/** The customer's number, to call with a tap on a phone. */
function Phone({ item, className }: { item: RepairListItem; className: string }) {
  return (
    <a href={telHref(item.phoneDigits)} className={`text-brand-700 hover:underline ${className}`}>
      {item.phone}
    </a>
  );
}

function Urgency({ item }: { item: RepairListItem }) {
  if (!item.urgency) return null;
  const colour =
    item.urgency.value === "emergency" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900";
  return (
    <span className={`mt-1 inline-block rounded px-1.5 text-xs font-semibold ${colour}`}>
      {item.urgency.label}
    </span>
  );
}

/** A repair waiting for its customer says since when: the longer, the sooner staff call. */
function ReadySince({ item }: { item: RepairListItem }) {
  if (!item.readySince) return null;
  return (
    <span data-testid="ready-since" className="mt-1 block text-xs text-slate-600">
      Ready since {item.readySince}
    </span>
  );
}

function Delivery({ item }: { item: RepairListItem }) {
  if (!item.delivery) return <span className="text-slate-500">Not set</span>;
  return (
    <span className={item.overdue ? "font-semibold text-red-800" : undefined}>
      {item.delivery}
      {item.overdue ? (
        <span className="ml-1 inline-block rounded bg-red-100 px-1.5 text-xs font-semibold text-red-900">
          Overdue
        </span>
      ) : null}
    </span>
  );
}

// Narrower padding than the other admin tables, and headers that may wrap: eight columns fit the
// 920 px a 1280 px window leaves beside the menu, with nothing behind a sideways scroll.
const headCell = "px-1.5 py-2 align-bottom font-semibold text-slate-700";
const cell = "px-1.5 py-2 align-top";

/**
 * A repair as a table row; a refused status change shows in a row of its own above it, which
 * then takes the id the page comes back to.
 */
function TableRow({ item }: { item: RepairListItem }) {
  const quick = useQuickStatus(item, rowAnchor("repair", item.reference));
  const refused = quick.errors.length > 0;
  const target = { id: quick.anchor, tabIndex: -1 };
  return (
    <>
      {refused ? (
        <tr {...target} className={targetRow}>
          <td colSpan={8} className="px-1.5 pt-2">
            <QuickStatusRefusal state={quick} />
          </td>
        </tr>
      ) : null}
      <tr
        {...(refused ? {} : target)}
        data-testid="repair-row"
        className={`${targetRow} target:bg-brand-50 hover:bg-slate-50`}
      >
        <td className={`${cell} whitespace-nowrap`}>
          <ReferenceLink item={item} />
        </td>
        <td className={cell}>
          <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">
            {item.customerName}
          </span>
          <Phone item={item} className="block whitespace-nowrap" />
        </td>
        <td className={`${cell} min-w-24`}>
          <span className="block text-xs font-medium tracking-wide text-slate-500 uppercase">
            {item.category}
          </span>
          <span className="block [overflow-wrap:anywhere]">{item.device || "—"}</span>
        </td>
        {/* Device and issue wide enough for "PlayStation" and "Replacement" whole. */}
        <td className={`${cell} min-w-28 [overflow-wrap:anywhere]`}>{item.issue}</td>
        <td className={cell}>
          <span className="block whitespace-nowrap">{item.appointmentDate}</span>
          <span className="block whitespace-nowrap text-slate-600">{item.appointmentTime}</span>
          <Urgency item={item} />
        </td>
        {/* Wide enough for the select to show "Waiting for Parts" and "Ready for Pickup" whole,
            and no wider: the table fits its panel at 1280 px. */}
        <td className={`${cell} min-w-38`}>
          <StatusBadge status={item.status} />
          <ReadySince item={item} />
          <div className="mt-2">
            <QuickStatusForm state={quick} compact />
          </div>
        </td>
        <td className={cell}>
          <Delivery item={item} />
        </td>
        {/* The one date that may wrap ("Nov 27, / 2026"): it makes the room for the issue. */}
        <td className={`${cell} text-slate-600`}>{item.created}</td>
      </tr>
    </>
  );
}

/** From `xl` (1280 px) up: a table of eight columns. */
export function RepairListTable({
  query,
  items,
}: {
  query: RepairListQuery;
  items: RepairListItem[];
}) {
  return (
    <table className="hidden w-full divide-y divide-slate-200 text-left text-sm xl:table">
      <caption className="sr-only">
        Repair requests, sorted by {sortLabels[query.sort].toLowerCase()},{" "}
        {query.dir === "asc" ? "ascending" : "descending"}
      </caption>
      <thead className="bg-slate-50">
        <tr>
          <SortHeader query={query} sort="reference" className={headCell} />
          <SortHeader query={query} sort="customer" className={headCell} />
          <SortHeader query={query} sort="device" className={headCell} />
          <th scope="col" className={headCell}>
            Issue
          </th>
          <SortHeader query={query} sort="appointment" className={headCell} />
          <SortHeader query={query} sort="status" className={headCell} />
          <SortHeader query={query} sort="delivery" className={headCell} />
          <SortHeader query={query} sort="created" className={headCell} />
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((item) => (
          <TableRow key={item.id} item={item} />
        ))}
      </tbody>
    </table>
  );
}

/** A repair as a card, its status form at the foot. */
function Card({ item }: { item: RepairListItem }) {
  const quick = useQuickStatus(item, rowAnchor("card", item.reference));
  return (
    <li
      id={quick.anchor}
      tabIndex={-1}
      data-testid="repair-card"
      className={`${targetRow} rounded-lg border border-slate-200 p-4`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ReferenceLink item={item} />
        <span className="text-right">
          <StatusBadge status={item.status} />
          <ReadySince item={item} />
        </span>
      </div>
      <p className="mt-2 font-medium [overflow-wrap:anywhere] text-slate-900">
        {item.customerName}
      </p>
      <Phone item={item} className="inline-flex min-h-6 items-center text-sm" />
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Device</dt>
        <dd className="[overflow-wrap:anywhere]">
          {item.category}
          {item.device ? ` · ${item.device}` : ""}
        </dd>
        <dt className="text-slate-500">Issue</dt>
        <dd className="[overflow-wrap:anywhere]">{item.issue}</dd>
        <dt className="text-slate-500">Appointment</dt>
        <dd>
          {item.appointmentDate}, {item.appointmentTime} <Urgency item={item} />
        </dd>
        <dt className="text-slate-500">Delivery</dt>
        <dd>
          <Delivery item={item} />
        </dd>
        <dt className="text-slate-500">Created</dt>
        <dd>{item.created}</dd>
      </dl>
      <div className="mt-3 space-y-2">
        <QuickStatusRefusal state={quick} />
        <QuickStatusForm state={quick} />
      </div>
    </li>
  );
}

/** Below `xl`: one card per repair, nothing wider than the phone; two abreast on a tablet or small laptop. */
export function RepairListCards({ items }: { items: RepairListItem[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label="Repair requests">
      {items.map((item) => (
        <Card key={item.id} item={item} />
      ))}
    </ul>
  );
}
