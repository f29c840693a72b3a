import { deviceName } from "~/utils/booking-description";
import { Link } from "react-router";
import { useState, type ReactNode } from "react";
import type { RepairDetailView } from "~/types/repairs";
import { StatusBadge } from "./status-badge";
import { panel, secondaryButton } from "./ui";
import { useHydrated } from "~/components/use-hydrated";
import { telHref } from "~/utils/phone";

type Repair = RepairDetailView["repair"];

export function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={panel}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 min-w-0 [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

const none = <span className="text-slate-600">Not given</span>;

const urgencyColours: Record<Repair["urgency"], string> = {
  normal: "bg-slate-100 text-slate-800",
  urgent: "bg-amber-100 text-amber-900",
  emergency: "bg-red-100 text-red-900",
};

/**
 * The appointment the customer chose (a walk-in's drop-off) and how urgent they said it is: what
 * the counter plans by.
 */
export function AppointmentSummary({ repair }: { repair: Repair }) {
  return (
    // Side by side as far as the width holds, each as wide as its words: the date on one line.
    <dl className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:gap-x-10">
      <Item label={repair.walkIn ? "Dropped off" : "Appointment"}>
        <span className="block font-semibold">{repair.appointmentDate}</span>
        <span className="block">{repair.appointmentTime}</span>
      </Item>
      <Item label="Urgency">
        <span
          data-testid="urgency"
          className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${urgencyColours[repair.urgency]}`}
        >
          {repair.urgencyLabel}
        </span>
      </Item>
      <Item label="Expected Delivery">
        {repair.expectedDeliveryLabel ?? <span className="text-slate-600">Not set</span>}
      </Item>
    </dl>
  );
}

/** Whether anything of the counter's intake was recorded (an online booking's, once it came in). */
const hasIntake = (repair: Repair) =>
  [repair.quotedPrice, repair.deviceCondition, repair.accessories, repair.passcodeWithheld].some(
    (value) => value !== null,
  ) || repair.checklist !== null;

const resultLooks = {
  pass: "bg-green-100 text-green-900",
  fail: "bg-red-100 text-red-900",
  untested: "bg-slate-100 text-slate-700",
} as const;

/** The checks as answered at intake, each with its answer as a small badge. */
function ChecklistSummary({ checklist }: { checklist: Repair["checklist"] }) {
  if (!checklist) return <span className="text-slate-600">Not done</span>;
  return (
    <ul data-testid="intake-checklist" className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
      {checklist.map((line) => (
        <li key={line.label} className="flex items-center justify-between gap-2 text-sm">
          <span>{line.label}</span>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${resultLooks[line.result]}`}
          >
            {line.resultLabel}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CustomerDetails({ repair }: { repair: Repair }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Item label="Customer">{repair.customerName}</Item>
      <Item label="Phone">
        <a
          href={telHref(repair.phoneDigits)}
          className="text-brand-700 underline-offset-2 hover:underline"
        >
          {repair.phoneDisplay}
        </a>
      </Item>
      <Item label="E-mail">
        {repair.email ? (
          <a
            href={`mailto:${repair.email}`}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {repair.email}
          </a>
        ) : (
          none
        )}
      </Item>
      <Item label="Booked">{repair.walkIn ? "Walk-in at the counter" : "Online"}</Item>
      <Item label="Updates by">
        <span data-testid="notify-by">{repair.notifyByLabel}</span>
        {repair.textsStopped ? (
          <span data-testid="texts-stopped" className="mt-1 block text-sm font-medium text-red-800">
            Replied STOP: no texts are sent to this number
          </span>
        ) : null}
      </Item>
      <Item label="Review request">
        <span data-testid="review-opt-in">
          {repair.reviewOptIn ? "Agreed to be asked" : "Not agreed: never asked"}
        </span>
      </Item>
      <Item label="Device">
        <span className="block font-medium">{repair.category}</span>
        <span className="block">
          {deviceName(repair.deviceBrand, repair.deviceModel) || "Brand and model not given"}
        </span>
      </Item>
      <Item label="Issue">
        <span className="block font-medium">{repair.issueType}</span>
      </Item>
      <Item label="Issue Description" wide>
        {repair.issueDescription ? (
          <span className="whitespace-pre-line">{repair.issueDescription}</span>
        ) : (
          none
        )}
      </Item>
      {repair.walkIn || hasIntake(repair) ? (
        <>
          <Item label="Quoted Price">{repair.quotedPrice ?? none}</Item>
          <Item label="Passcode">
            {repair.passcodeWithheld === null
              ? none
              : repair.passcodeWithheld
                ? "Withheld by the customer"
                : "Given to the technician"}
          </Item>
          <Item label="Device Condition" wide>
            {repair.deviceCondition ? (
              <span className="whitespace-pre-line">{repair.deviceCondition}</span>
            ) : (
              none
            )}
          </Item>
          <Item label="Accessories Left" wide>
            {repair.accessories ?? <span className="text-slate-600">None</span>}
          </Item>
          <Item label="Pre-repair Checklist" wide>
            <ChecklistSummary checklist={repair.checklist} />
          </Item>
        </>
      ) : null}
      <Item label="Created">{repair.createdAt}</Item>
      <Item label="Last Updated">{repair.updatedAt}</Item>
    </dl>
  );
}

/** The secret tracking link, to open or to give to the customer (read out, copied, printed). */
export function TrackingLink({ repair }: { repair: Repair }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <label htmlFor="tracking-link" className="block text-sm font-medium text-slate-800">
        Customer&apos;s tracking link
      </label>
      <input
        id="tracking-link"
        readOnly
        value={repair.trackingUrl}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full truncate rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <a href={repair.trackingPath} target="_blank" rel="noreferrer" className={secondaryButton}>
          Open tracking page<span className="sr-only"> (new tab)</span>
        </a>
        {hydrated ? (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              void navigator.clipboard?.writeText(repair.trackingUrl).then(() => setCopied(true));
            }}
          >
            Copy link
          </button>
        ) : null}
        <span role="status" className="text-sm text-green-800">
          {copied ? "Copied." : ""}
        </span>
      </div>
    </div>
  );
}

export function RelatedRepairs({
  related,
  search,
}: {
  related: RepairDetailView["related"];
  search: string;
}) {
  if (!related.length)
    return (
      <p className="text-sm text-slate-600">No other repairs with this phone number or e-mail.</p>
    );
  return (
    <ul className="divide-y divide-slate-100">
      {related.map((r) => (
        <li
          key={r.id}
          data-testid="related-repair"
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
        >
          <div className="min-w-0">
            <Link
              to={`/admin/repairs/${r.id}${search}`}
              className="font-mono font-semibold text-brand-700 hover:underline"
            >
              {r.reference}
            </Link>
            <span className="ml-2 text-sm [overflow-wrap:anywhere] text-slate-700">
              {r.device} · {r.issueType}
            </span>
            <span className="block text-xs text-slate-600">{r.createdAt}</span>
          </div>
          <StatusBadge status={r.status} />
        </li>
      ))}
    </ul>
  );
}

const messageColours = {
  sent: "bg-green-100 text-green-900",
  pending: "bg-slate-100 text-slate-800",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-amber-100 text-amber-900",
} as const;

export function BookingMessages({ messages }: { messages: RepairDetailView["messages"] }) {
  if (!messages.length)
    return <p className="text-sm text-slate-600">No e-mails or texts about this repair.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {messages.map((m) => (
        <li key={m.id} data-testid="booking-message" className="py-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium text-slate-900">
              {m.kind} <span className="text-sm font-normal text-slate-600">({m.channel})</span>
            </span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${messageColours[m.status]}`}
            >
              {m.statusLabel}
            </span>
          </div>
          <p className="text-sm [overflow-wrap:anywhere] text-slate-700">To {m.recipient}</p>
          <p className="text-xs text-slate-600">
            Queued {m.createdAt}
            {m.sentAt
              ? ` · sent ${m.sentAt}`
              : m.attempts
                ? ` · ${m.attempts} attempt${m.attempts === 1 ? "" : "s"}`
                : ""}
          </p>
          {m.withdrawnBecause ? (
            <p className="text-xs text-amber-900" data-testid="message-withdrawn">
              Not sent: {m.withdrawnBecause}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
