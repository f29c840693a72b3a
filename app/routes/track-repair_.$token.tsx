import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Link, useLoaderData } from "react-router";
import { TrackedCopy } from "~/components/offline/tracked-copy";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { AppointmentActions } from "~/components/tracking/appointment-actions";
import { TrackedBookingCard } from "~/components/tracking/tracked-booking-card";
import { pageTitle } from "~/utils/meta";
import { privatePage } from "~/utils/private-page";
import { repairNotFoundMessage } from "~/content/messages/tracking-messages";
import { trackByToken } from "~/models/booking-tracking.server";
import { changeableBooking } from "~/models/booking-customer-change.server";
import { customerPhotos } from "~/models/photo.server";
import { TrackedPhotos } from "~/components/tracking/tracked-photos";
import { unavailableFor } from "~/server/unavailable.server";
import { quoteAnswerAction } from "~/routes/quote-answer.server";
import { PayNow } from "~/components/tracking/pay-now";
import { payNowOffer } from "~/routes/pay-now.server";

/*
 * The address is the secret, so no other site ever hears of it: `same-origin` sends no referrer
 * at all outside this site. Within it, the browser still sends this site's origin with the quote
 * form's post; under `no-referrer` it would send `Origin: null`, which the router refuses.
 */
const privateHeaders = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex",
  "referrer-policy": "same-origin",
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const [booking, photos, changeable, payNow] = await Promise.all([
    trackByToken(token),
    customerPhotos(token),
    changeableBooking(token),
    payNowOffer(token),
  ]).catch(unavailableFor(context));
  if (!booking || !changeable) throw data(repairNotFoundMessage, { status: 404 });
  const photoPath = (publicId: string) => `/track-repair/${token}/photos/${publicId}`;
  return data(
    {
      booking,
      token,
      changeWindow: changeable.window,
      payNow,
      // Only what the page shows: no staff names, and addresses under the secret link.
      photos: photos.map((photo, index) => ({
        href: photoPath(photo.publicId),
        thumb: `${photoPath(photo.publicId)}/thumb`,
        alt: photo.caption ?? `Photo ${index + 1} of your device`,
        caption: photo.caption,
        width: photo.width,
        height: photo.height,
      })),
    },
    { headers: privateHeaders },
  );
}

/** The customer's answer to the repair's quote; the secret link in the address authorises it. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  quoteAnswerAction(request, params.token ?? "", context);

export const headers = privatePage(privateHeaders);

export default function TrackRepairByLinkPage() {
  const { booking, token, changeWindow, photos, payNow } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Your repair</h1>
      <div className="mt-6">
        <TrackedBookingCard booking={booking} answerQuote>
          <AppointmentActions token={token} window={changeWindow} inCard />
        </TrackedBookingCard>
      </div>
      <PayNow offer={payNow} token={token} />
      {booking.warranty ? (
        <p className="mt-6">
          <Link
            to={`/track-repair/${token}/receipt`}
            className="inline-block py-2.5 font-semibold text-brand-700 underline"
          >
            Your receipt and warranty
          </Link>
        </p>
      ) : null}
      <TrackedPhotos photos={photos} />
      <TrackedCopy booking={booking} />
      <p className="mt-8">
        <Link to="/track-repair" className="inline-block py-2.5 text-brand-700 underline">
          Track another repair
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Repair ${data.booking.reference}` : "Repair not found") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
