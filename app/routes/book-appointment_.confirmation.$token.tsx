import { deviceName } from "~/utils/booking-description";
import { data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { CallUsQuoting } from "~/components/public/call-us-quoting";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { AppointmentActions } from "~/components/tracking/appointment-actions";
import { AppointmentWhen } from "~/components/tracking/appointment-when";
import { ShopDirections } from "~/components/tracking/shop-directions";
import { newBookingWords } from "~/content/messages/booking-messages";
import { shopSettingsNow } from "~/models/shop-settings.server";
import { bookingReference, trackingUrl } from "~/utils/booking-reference";
import { changeableBooking } from "~/models/booking-customer-change.server";
import { trackByToken } from "~/models/booking-tracking.server";
import { pageTitle } from "~/utils/meta";
import { privateCacheControl, privatePage } from "~/utils/private-page";
import { publicOrigin } from "~/server/env.server";
import { unavailableFor } from "~/server/unavailable.server";

const privateHeaders = { "cache-control": privateCacheControl, "x-robots-tag": "noindex" };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const [found, tracked, settings] = await Promise.all([
    changeableBooking(token),
    trackByToken(token),
    shopSettingsNow(),
  ]).catch(unavailableFor(context));
  if (!found || !tracked)
    throw data("We couldn't find that booking. Please check the link or call us.", { status: 404 });
  const { booking, window } = found;
  return data(
    {
      token,
      reference: bookingReference(booking.id),
      // Staff may have confirmed it since; until then the shop's choice says which word it is.
      words: newBookingWords(settings.bookingsConfirmedAtOnce || booking.status !== "pending"),
      firstName: booking.firstName,
      cancelled: booking.status === "cancelled",
      appointment: { date: booking.preferredDate, time: booking.preferredTime },
      device: deviceName(booking.deviceBrand, booking.deviceModel),
      issue: booking.issueType,
      quotedPrice: tracked.quotedPrice,
      changeWindow: window,
      trackingUrl: trackingUrl(publicOrigin(), booking.trackingToken),
      calendarPath: `/book-appointment/confirmation/${booking.trackingToken}/appointment.ics`,
    },
    { headers: privateHeaders },
  );
}

export const headers = privatePage(privateHeaders);

const button = "rounded-md border border-slate-300 px-5 py-3 font-semibold hover:bg-slate-50";

/** The booking as it stands: received or confirmed, with its time, place and ways to change it; or cancelled. */
export default function BookingConfirmationPage() {
  const b = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      {b.cancelled ? (
        <div className="rounded-2xl border border-slate-300 bg-slate-50 p-8 text-center">
          <h1 className="text-3xl font-extrabold text-slate-900">Booking cancelled</h1>
          <p className="mt-3 text-slate-800">
            Your booking {b.reference} for <AppointmentWhen {...b.appointment} /> is cancelled. We
            hope to see you another time.
          </p>
        </div>
      ) : (
        <div className="rounded-2xl border border-green-200 bg-green-50 p-8 text-center">
          <h1 className="text-3xl font-extrabold text-green-900">{b.words.heading}</h1>
          <p className="mt-3 text-green-900">
            Thank you, {b.firstName}. {b.words.next}
          </p>
          <p className="mt-6 text-sm tracking-wider text-green-800 uppercase">Your Repair ID</p>
          <p
            className="mt-1 font-mono text-4xl font-bold text-slate-900"
            data-testid="booking-reference"
          >
            {b.reference}
          </p>
        </div>
      )}
      {b.cancelled ? null : (
        <>
          <dl className="mt-8 grid gap-4 sm:grid-cols-2">
            <div data-testid="appointment">
              <dt className="text-sm text-slate-500">Appointment</dt>
              <dd className="font-medium">
                <AppointmentWhen {...b.appointment} />
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">Repair</dt>
              <dd className="font-medium">{[b.device, b.issue].filter(Boolean).join(" — ")}</dd>
            </div>
            {b.quotedPrice ? (
              <div data-testid="quoted-price">
                <dt className="text-sm text-slate-500">Quoted price</dt>
                <dd className="font-medium">{b.quotedPrice}</dd>
              </div>
            ) : null}
          </dl>
          <ShopDirections className="mt-6" />
          <AppointmentActions token={b.token} window={b.changeWindow} />
        </>
      )}
      <div className="mt-8 rounded-xl border border-slate-200 p-5">
        <h2 className="font-semibold text-slate-900">Track your repair</h2>
        <p className="mt-1 text-sm text-slate-600">
          Keep this private link: it shows your repair's status and your details at any time.
        </p>
        <a
          href={b.trackingUrl}
          className="mt-3 block py-1 font-mono text-sm break-all text-brand-700 underline"
          data-testid="tracking-link"
        >
          {b.trackingUrl}
        </a>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href={b.calendarPath}
          download
          className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {b.cancelled ? "Remove from calendar" : "Add to calendar"}
        </a>
        <Link to="/book-appointment" className={button}>
          Book Another Appointment
        </Link>
        <Link to="/" className={button}>
          Back to Home
        </Link>
      </div>
      <CallUsQuoting lead="Anything else to change?" reference={b.reference} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(
      data
        ? `Booking ${data.reference} ${data.cancelled ? "Cancelled" : data.words.title}`
        : "Booking not found",
    ),
  },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
