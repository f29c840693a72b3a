import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { KeepTrackedRepair } from "~/components/offline/keep-tracked-repair";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { TrackedBookingCard } from "~/components/tracking/tracked-booking-card";
import { pageTitle } from "~/utils/meta";
import { privatePage } from "~/utils/private-page";
import { repairNotFoundMessage } from "~/content/messages/tracking-messages";
import { trackByToken } from "~/models/tracking.server";
import { unavailableFor } from "~/server/unavailable.server";

const privateHeaders = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex",
  "referrer-policy": "no-referrer",
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const booking = await trackByToken(params.token ?? "").catch(unavailableFor(context));
  if (!booking) throw data(repairNotFoundMessage, { status: 404 });
  return data({ booking }, { headers: privateHeaders });
}

export const headers = privatePage(privateHeaders);

export default function TrackRepairByLinkPage() {
  const { booking } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Your repair</h1>
      <div className="mt-6">
        <TrackedBookingCard booking={booking} />
      </div>
      <KeepTrackedRepair booking={booking} />
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
