import type { LoaderFunctionArgs } from "react-router";
import { bookingReference } from "~/utils/booking-reference";
import { findBookingByToken } from "~/models/booking.server";
import { bookingCalendar } from "~/utils/calendar";
import { privateCacheControl } from "~/utils/private-page";
import { publicOrigin } from "~/server/env.server";
import { unavailableFor } from "~/server/unavailable.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await findBookingByToken(params.token ?? "").catch(unavailableFor(context));
  if (!found)
    return new Response("Booking not found.", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  return new Response(bookingCalendar(found, publicOrigin()), {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="${bookingReference(found.id)}.ics"`,
      "cache-control": privateCacheControl,
    },
  });
}
