import { redirect, type LoaderFunctionArgs } from "react-router";
import { findBookingByToken } from "~/models/booking.server";
import { staffFromCookie } from "~/server/auth.server";
import { unavailableFor } from "~/server/unavailable.server";
import { privateCacheControl } from "~/utils/private-page";

/*
 * The device label's QR code (decision 0047): signed-in staff go to the repair's page, anyone
 * else to its tracking page by the secret link. The repair is looked up only for staff: a visitor
 * gets the same redirect whether the token is a repair's or not, so this address tells them
 * nothing the tracking link would not. The answer depends on the session: kept by no cache.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const staff = await staffFromCookie(request).catch(unavailableFor(context));
  const repair = staff ? await findBookingByToken(token).catch(unavailableFor(context)) : undefined;
  const to = repair ? `/admin/repairs/${repair.id}` : `/track-repair/${encodeURIComponent(token)}`;
  return redirect(to, {
    headers: {
      "cache-control": privateCacheControl,
      vary: "Cookie",
      "x-robots-tag": "noindex",
      "referrer-policy": "same-origin",
    },
  });
}
