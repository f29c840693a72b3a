import { contact } from "~/config/shop";
import { changeDeadline, closedWords } from "~/content/messages/appointment-messages";
import { changePaths, type ChangeWindow } from "~/utils/appointment-change";

const primaryAction =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";
export const secondaryAction =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-slate-500 focus:ring-offset-2";

/** A change page opened too late: why, and the way back to the booking. */
export function ChangeClosedPage({
  window,
  trackingPath,
}: {
  window: ChangeWindow;
  trackingPath: string;
}) {
  return (
    <>
      <ChangeClosed window={window} className="mt-6" />
      <p className="mt-6">
        <a href={trackingPath} className={secondaryAction}>
          Back to your booking
        </a>
      </p>
    </>
  );
}

/**
 * Why the appointment cannot be changed online, with the shop's number or a way to book again;
 * nothing while it can.
 */
function ChangeClosed({ window, className = "" }: { window: ChangeWindow; className?: string }) {
  if (window.open) return null;
  const words = closedWords(window.reason, window.cutoffHours);
  return (
    <p className={`text-slate-800 ${className}`} data-testid="change-closed">
      {words.lead}{" "}
      {"call" in words ? (
        <>
          {words.call}{" "}
          <a
            href={contact.phone.href}
            className="font-semibold whitespace-nowrap text-brand-700 underline"
          >
            {contact.phone.display}
          </a>
          .
        </>
      ) : (
        <a href="/book-appointment" className="font-semibold text-brand-700 underline">
          {words.book}
        </a>
      )}
    </p>
  );
}

/**
 * "Change the time" and "Cancel booking" while the customer may still change the appointment
 * online (plain links to the pages that do it, with or without JavaScript); once the cut-off has
 * passed, or the appointment, the shop's number instead. A repair under way, a walk-in or a
 * cancelled booking shows nothing here: its card says where it stands.
 */
export function AppointmentActions({
  token,
  window,
  inCard = false,
}: {
  token: string;
  window: ChangeWindow;
  /** Inside the repair's card, whose own title is the h2: this heading is one level below. */
  inCard?: boolean;
}) {
  if (!window.open && window.reason !== "cutoff" && window.reason !== "passed") return null;
  const paths = changePaths(token);
  const Heading = inCard ? "h3" : "h2";
  return (
    <section
      className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-5"
      aria-labelledby="change-heading"
      data-testid="appointment-actions"
    >
      <Heading id="change-heading" className="font-semibold text-slate-900">
        Plans changed?
      </Heading>
      {window.open ? (
        <>
          <p className="mt-1 text-slate-700">
            You can move or cancel your appointment here {changeDeadline(window.cutoffHours)}.
          </p>
          <p className="mt-3 flex flex-wrap gap-3">
            <a href={paths.reschedule} className={primaryAction}>
              Change the time
            </a>
            <a href={paths.cancel} className={secondaryAction}>
              Cancel booking
            </a>
          </p>
        </>
      ) : (
        <ChangeClosed window={window} className="mt-1" />
      )}
    </section>
  );
}
