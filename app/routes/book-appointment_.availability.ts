import type { LoaderFunctionArgs } from "react-router";
import { dayAvailability } from "~/models/booking-availability.server";
import { isValidDate } from "~/utils/shop-time";

/** Counts change with every booking: a list kept by any cache would offer full slots. */
const headers = { "cache-control": "no-store" };

/**
 * GET /book-appointment/availability?date=YYYY-MM-DD: the times the booking form lists for that
 * date, as JSON (`DayAvailability`). The form asks for it when the visitor changes the date.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const date = new URL(request.url).searchParams.get("date") ?? "";
  if (!isValidDate(date))
    return Response.json(
      { message: "Please give the date as date=YYYY-MM-DD." },
      { status: 400, headers },
    );
  return Response.json(await dayAvailability(date), { headers });
}
