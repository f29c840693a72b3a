import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingReference } from "~/lib/booking-reference";
import { findBookingByToken } from "~/lib/bookings.server";
import { appointmentCalendar } from "~/lib/calendar";
import { unavailableFor } from "~/lib/unavailable.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const found = await findBookingByToken(params.token ?? "").catch(unavailableFor(context));
  if (!found) return new Response("Booking not found.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const reference = bookingReference(found.id);
  const ics = appointmentCalendar({
    uid: `${reference}@${new URL(request.url).host}`,
    reference,
    date: found.preferredDate,
    time: found.preferredTime,
    summary: [found.deviceBrand, found.deviceModel, found.issueType].filter(Boolean).join(" — "),
    trackingUrl: `${new URL(request.url).origin}/track-repair/${found.trackingToken}`,
    createdAt: found.createdAt,
  });
  return new Response(ics, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="${reference}.ics"`,
      "cache-control": "private, no-store",
    },
  });
}
