import { deviceName } from "~/utils/booking-description";
import { useId, type ReactNode } from "react";
import type { PersonalDetails, TrackedRepair } from "~/types/tracking";
import { statusColours } from "~/utils/booking-status";
import { formatCalendarDate, formatShopDateTime } from "~/utils/shop-time";
import { warrantyText } from "~/utils/warranty";
import { AppointmentWhen } from "./appointment-when";
import { QuoteAnswer } from "./quote-answer";
import { RepairProgress } from "./repair-progress";
import { ShopDirections } from "./shop-directions";

function Detail({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  if (!value) return null;
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

function YourDetails({ id, personal }: { id: string; personal: PersonalDetails }) {
  return (
    <section
      className="mt-6 border-t border-slate-200 pt-6"
      aria-labelledby={id}
      data-testid="personal-details"
    >
      <h3 id={id} className="font-semibold text-slate-900">
        Your details
      </h3>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <Detail label="Name" value={`${personal.firstName} ${personal.lastName}`} />
        <Detail label="Phone" value={personal.phone} />
        {personal.email ? (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-sm text-slate-500">E-mail</dt>
            <dd className="font-medium break-all text-slate-900">{personal.email}</dd>
          </div>
        ) : null}
        {personal.issueDescription ? (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-sm text-slate-500">Issue description</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">
              {personal.issueDescription}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * The card's name and dates. A repair found by phone alone carries neither its reference nor any
 * date that follows from the day it came in (the reference is the second factor), so its card is
 * named by the device and the repair, which tell a number's repairs apart.
 */
function cardView(booking: TrackedRepair, device: string) {
  if ("reference" in booking)
    return {
      title: booking.reference,
      subtitle: undefined,
      submitted: formatShopDateTime(new Date(booking.submittedAt)),
      updated: formatShopDateTime(new Date(booking.updatedAt)),
      history: booking.history.map((e) => ({ ...e, when: formatShopDateTime(new Date(e.at)) })),
    };
  return {
    title: device,
    subtitle: booking.issueType,
    submitted: undefined,
    updated: undefined,
    history: booking.history.map((e) => ({ ...e, when: undefined })),
  };
}

/**
 * `answerQuote`: the page is the secret tracking link, where the customer answers a quote;
 * `children`: what that page adds under the appointment (moving or cancelling it).
 */
export function TrackedBookingCard({
  booking,
  answerQuote = false,
  children,
}: {
  booking: TrackedRepair;
  answerQuote?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  const device = deviceName(booking.deviceBrand, booking.deviceModel) || booking.deviceCategory;
  const view = cardView(booking, device);
  const referenced = "reference" in booking ? booking : undefined;
  // A cancelled booking keeps no appointment to come to.
  const appointment = booking.status === "cancelled" ? null : booking.appointment;
  return (
    <article
      className="rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6"
      aria-labelledby={view.subtitle ? `${id}-title ${id}-subtitle` : `${id}-title`}
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        {view.subtitle ? (
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-2xl font-bold break-words text-slate-900">
              {view.title}
            </h2>
            <p id={`${id}-subtitle`} className="text-slate-600">
              {view.subtitle}
            </p>
          </div>
        ) : (
          <h2 id={`${id}-title`} className="font-mono text-2xl font-bold text-slate-900">
            {view.title}
          </h2>
        )}
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${statusColours[booking.status]}`}
          data-testid="status-badge"
        >
          {booking.statusLabel}
        </span>
      </header>
      {booking.customerNote ? (
        <p
          className="mt-4 rounded-lg bg-brand-50 p-4 break-words text-brand-900"
          data-testid="customer-note"
        >
          <span className="font-semibold">Note from our technicians: </span>
          {booking.customerNote}
        </p>
      ) : null}
      <RepairProgress
        step={booking.progressStep}
        expectedReady={
          booking.expectedDeliveryDate
            ? formatCalendarDate(booking.expectedDeliveryDate, "weekdayMedium")
            : null
        }
      />
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        {appointment ? (
          <Detail
            label={appointment.kind === "drop_off" ? "Dropped off" : "Appointment"}
            value={<AppointmentWhen date={appointment.date} time={appointment.time} />}
            testId="appointment"
          />
        ) : null}
        <Detail label="Quoted price" value={booking.quotedPrice} testId="quoted-price" />
        <Detail label="Device" value={`${device} (${booking.deviceCategory})`} />
        {/* A card found by phone alone names the issue under its title already. */}
        <Detail label="Issue" value={view.subtitle ? undefined : booking.issueType} />
        <Detail
          label="Warranty"
          value={referenced?.warranty && warrantyText(referenced.warranty)}
          testId="warranty"
        />
        <Detail label="Submitted" value={view.submitted} />
        <Detail label="Last updated" value={view.updated} />
      </dl>
      {booking.status === "cancelled" ? null : <ShopDirections className="mt-6" />}
      {children}
      {referenced?.quote ? <QuoteAnswer quote={referenced.quote} answerable={answerQuote} /> : null}
      {referenced?.personal ? (
        <YourDetails id={`${id}-personal`} personal={referenced.personal} />
      ) : (
        <p
          className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-600"
          data-testid="personal-details-hidden"
        >
          {referenced
            ? "Your name and contact details are not shown here. To see them, enter your repair ID together with the phone number you booked with, or open the tracking link in your confirmation e-mail or text."
            : "Found by phone number alone, so the repair ID and your name and contact details are not shown. To see them, enter the repair ID from your confirmation e-mail or text together with this phone number, or open the tracking link in that e-mail or text."}
        </p>
      )}
      <section className="mt-6" aria-label="Status history">
        <h3 className="font-semibold text-slate-900">History</h3>
        <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
          {view.history.map((event, i) => (
            <li key={`${event.when}-${i}`}>
              <p className="font-medium">{event.label}</p>
              {event.when ? <p className="text-sm text-slate-500">{event.when}</p> : null}
              {event.note ? (
                <p className="text-sm break-words text-slate-700">{event.note}</p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
