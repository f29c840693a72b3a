import {
  data,
  Link,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { deviceTitle } from "~/components/shop/shop-device-card";
import { address, contact } from "~/config/shop";
import { reservationConfirmation } from "~/models/stock-reservation.server";
import { unavailableFor } from "~/server/unavailable.server";
import { formatCents } from "~/utils/invoice-totals";
import { privatePageHeaders } from "~/utils/private-page";
import { errorMeta } from "~/utils/seo";
import { isReservationReference, shopDevicePath } from "~/utils/shop-device";
import { formatShopDateTime } from "~/utils/shop-time";

/*
 * The answer to "Reserve for pickup": the reference to show at the counter and until when the
 * device is held. It names the device and the time only, never the customer's details, so the
 * reference in the address gives nothing of anyone's away.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const reference = params.reference ?? "";
  const reservation = isReservationReference(reference)
    ? await reservationConfirmation(reference).catch(unavailableFor(context))
    : undefined;
  if (!reservation) throw data("Reservation not found.", { status: 404 });
  const { expiresAt, ...rest } = reservation;
  return {
    ...rest,
    heldUntil: formatShopDateTime(expiresAt),
    running: rest.status === "held" && expiresAt.getTime() > Date.now(),
  };
}

export const headers = privatePageHeaders;

export default function ReservationConfirmationPage() {
  const { reference, device, heldUntil, running, status } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
        {running ? "Reserved for you" : "Your reservation"}
      </h1>
      <div className="mt-6 rounded-xl border border-slate-200 p-5">
        <p className="text-slate-700">Your reference</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-wider text-slate-900">
          {reference}
        </p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-600">Device</dt>
          <dd className="min-w-0 text-slate-900">
            <Link
              to={shopDevicePath(device)}
              className="font-semibold text-brand-700 hover:underline"
            >
              {deviceTitle(device)}
            </Link>
          </dd>
          <dt className="text-slate-600">Price</dt>
          <dd className="text-slate-900">{formatCents(device.priceCents)} plus HST</dd>
          <dt className="text-slate-600">{running ? "Held until" : "Status"}</dt>
          <dd className="text-slate-900">
            {running
              ? heldUntil
              : status === "collected"
                ? "Picked up. Enjoy your device!"
                : status === "cancelled"
                  ? "Cancelled"
                  : `Ran out on ${heldUntil}`}
          </dd>
        </dl>
      </div>
      {running ? (
        <p className="mt-6 text-slate-800">
          Show this reference at our shop, {address.street}, {address.city}, and pay when you pick
          it up. We've sent it to you too. Can't make it? Call us at{" "}
          <a href={contact.phone.href} className="font-semibold text-brand-700 hover:underline">
            {contact.phone.display}
          </a>
          .
        </p>
      ) : null}
      <p className="mt-6">
        <Link to="/shop" className="inline-block py-2 font-semibold text-brand-700 hover:underline">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}

/** Not for search engines: a customer's own page. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  errorMeta(data ? `Reservation ${data.reference}` : "Reservation not found");

export const ErrorBoundary = RouteErrorBoundary;
