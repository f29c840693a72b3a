import { Fragment, type ReactNode } from "react";
import { address, brand, contact, openingHoursText, policies, warranty } from "~/config/shop";
import type { PrintFacts } from "~/types/repairs";
import { TrackingQrCode } from "./print-qr";

/** The counter's terms in a few lines; the full text is on the site's Terms page. */
const terms = [
  "We start paid work only after you approve the quote. Prices are in Canadian dollars; HST is added to the invoice.",
  `Repairs carry a ${warranty.days}-day warranty on ${warranty.covers} from ${warranty.startsFrom}. It does not cover ${warranty.exclusions.map((e) => e.toLowerCase()).join(", ")}.`,
  "Please back up your data: some repairs can erase it, and we cannot be responsible for lost data.",
  `Devices not collected ${policies.abandonedAfterDays} days after we tell you they are ready may be considered abandoned, and after ${policies.disposedAfterDays} days recycled.`,
] as const;

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-[10px] font-semibold tracking-wider text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-[13px] leading-snug break-words whitespace-pre-line text-slate-900">
        {children}
      </dd>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid">
      <h3 className="border-b border-slate-300 pb-1 text-xs font-bold tracking-widest text-brand-800 uppercase">
        {title}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">{children}</dl>
    </section>
  );
}

const none = <span className="text-slate-500">None noted</span>;

/**
 * The pre-repair checks, two to a line (one on a phone's screen), a fault in bold so it reads
 * before the signature.
 */
function TicketChecklist({ checklist }: { checklist: PrintFacts["checklist"] }) {
  if (!checklist) return <span className="text-slate-500">Not recorded</span>;
  return (
    <ul
      data-testid="ticket-checklist"
      className="grid gap-x-3 text-[11px] leading-tight whitespace-normal sm:grid-cols-2 print:grid-cols-2"
    >
      {checklist.map((line) => (
        <li key={line.label} className="flex justify-between gap-2">
          <span>{line.label}</span>
          <span
            className={
              line.result === "fail"
                ? "font-bold text-red-800"
                : line.result === "pass"
                  ? "font-semibold"
                  : "text-slate-500"
            }
          >
            {line.resultLabel}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The intake ticket: what the customer signs when leaving a device, and keeps to track it. */
export function PrintTicket({ facts, termsUrl }: { facts: PrintFacts; termsUrl: string }) {
  return (
    <article
      data-testid="intake-ticket"
      aria-label={`Intake ticket ${facts.reference}`}
      className="ticket-paper mx-auto w-full max-w-[210mm] bg-white p-5 text-slate-900 shadow-xl sm:p-[12mm] print:max-w-none print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-4">
        {/* It gives way (the hours wrap) so the reference stays at the right, on paper and on a
            screen; on a phone the reference goes under it. */}
        <div className="min-w-0 flex-1 basis-64">
          <p className="text-3xl font-black tracking-tight text-brand-800">{brand.name}</p>
          <p className="text-xs text-slate-600">Device repair</p>
          <address className="mt-2 text-xs leading-relaxed text-slate-700 not-italic">
            {address.full}
            <br />
            {contact.phone.display} · {contact.emails.repairs}
            <br />
            {/* Each day's hours kept on one line: a narrow sheet breaks between them, not in them. */}
            {openingHoursText.map((h, i) => (
              <Fragment key={h.days}>
                {i ? " · " : null}
                <span className="whitespace-nowrap">
                  {h.days.replace(" - ", "–")} {h.hours.replace(" - ", "–")}
                </span>
              </Fragment>
            ))}
          </address>
        </div>
        <div className="sm:text-right print:text-right">
          <h2 className="text-xs font-bold tracking-widest text-slate-500 uppercase">
            Intake ticket
          </h2>
          <p data-testid="ticket-reference" className="font-mono text-3xl font-bold tracking-tight">
            {facts.reference}
          </p>
          <p className="text-xs text-slate-600">
            {facts.walkIn ? "Taken in" : "Booked online"} {facts.takenIn}
          </p>
          {facts.takenBy ? <p className="text-xs text-slate-600">by {facts.takenBy}</p> : null}
        </div>
      </header>

      <div className="mt-5 grid gap-5 sm:grid-cols-2 print:grid-cols-2">
        <Block title="Customer">
          <Item label="Name" wide>
            {facts.customer.name}
          </Item>
          <Item label="Phone">{facts.customer.phone}</Item>
          <Item label="E-mail">
            {facts.customer.email ?? <span className="text-slate-500">Not given</span>}
          </Item>
        </Block>
        <Block title="Device">
          <Item label="Category">{facts.device.category}</Item>
          <Item label="Brand and model">
            {facts.device.name || <span className="text-slate-500">Not given</span>}
          </Item>
          {facts.device.identifier ? (
            <Item label="IMEI or serial number" wide>
              <span className="font-mono">{facts.device.identifier}</span>
            </Item>
          ) : null}
          <Item label="Issue" wide>
            {facts.issueType}
          </Item>
          {facts.issueDescription ? (
            <Item label="Customer's description" wide>
              {facts.issueDescription}
            </Item>
          ) : null}
        </Block>
        <Block title="Intake">
          <Item label={facts.when.label} wide>
            {facts.when.value}
          </Item>
          <Item label="Condition" wide>
            {facts.condition ?? none}
          </Item>
          <Item label="Accessories left" wide>
            {facts.accessories ?? none}
          </Item>
          <Item label="Passcode" wide>
            {facts.passcode ?? <span className="text-slate-500">Not recorded</span>}
          </Item>
        </Block>
        <Block title="Job">
          <Item label="Quote">
            <span data-testid="ticket-quote" className="text-base font-bold">
              {facts.quote}
            </span>
          </Item>
          {facts.deposits.length ? (
            <Item label="Deposit paid">
              <span data-testid="ticket-deposit">{facts.deposits.join(", ")}</span>
            </Item>
          ) : null}
          <Item label="Expected ready">
            {facts.expectedDelivery ?? <span className="text-slate-500">To be confirmed</span>}
          </Item>
          <Item label="Urgency">{facts.urgency}</Item>
          <Item label="Status">{facts.status}</Item>
          {/* Here, not under Intake: beside the longer Intake block the sheet stays one page. */}
          <Item label="Checked at intake" wide>
            <TicketChecklist checklist={facts.checklist} />
          </Item>
        </Block>
      </div>

      <div className="mt-6 flex flex-col-reverse gap-5 border-t border-slate-300 pt-4 sm:flex-row print:flex-row">
        <section className="flex-1 break-inside-avoid">
          <h3 className="text-xs font-bold tracking-widest text-brand-800 uppercase">Terms</h3>
          <ul className="mt-2 list-disc space-y-1 pl-4 text-[11px] leading-snug text-slate-700">
            {terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
            <li>
              Full terms: <span className="font-medium">{termsUrl}</span>
            </li>
          </ul>
        </section>
        <figure className="flex shrink-0 flex-col items-center text-center sm:w-44 print:w-44">
          <TrackingQrCode svg={facts.tracking.svg} className="h-32 w-32" />
          <figcaption className="mt-2 text-xs font-semibold text-slate-900">
            Scan to track your repair
          </figcaption>
          <a
            data-testid="tracking-link"
            href={facts.tracking.url}
            className="mt-1 text-[9px] leading-tight break-all text-slate-600 underline"
          >
            {facts.tracking.url}
          </a>
        </figure>
      </div>

      <div className="mt-6 grid break-inside-avoid grid-cols-[2fr_1fr] gap-8">
        <div>
          <div className="h-10 border-b border-slate-900" />
          <p className="mt-1 text-xs text-slate-600">
            Customer signature: I agree to the terms above
          </p>
        </div>
        <div>
          <div className="h-10 border-b border-slate-900" />
          <p className="mt-1 text-xs text-slate-600">Date</p>
        </div>
      </div>
    </article>
  );
}
