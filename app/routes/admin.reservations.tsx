import { data, Form, Link, useLoaderData, useNavigation, type MetaFunction } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { deviceTitle } from "~/components/shop/shop-device-card";
import { panel, secondaryButton } from "~/components/admin/ui";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { cancelReservation, listReservations } from "~/models/stock-reservation.server";
import { reservationCancelSchema } from "~/schemas/reservation-cancel";
import { redirectWithToast } from "~/server/toast.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import type { ReservationStatus } from "~/types/trade";
import { formatCents } from "~/utils/invoice-totals";
import { pageTitle } from "~/utils/meta";
import { shopDevicePath } from "~/utils/shop-device";
import { formatShopDateTime } from "~/utils/shop-time";

/** "1 h 20 min left". */
function timeLeft(until: Date, now: Date) {
  const minutes = Math.max(0, Math.floor((until.getTime() - now.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}

export const loader = staffLoader(
  async () => {
    const now = new Date();
    const rows = await listReservations();
    return {
      reservations: rows.map((row) => ({
        ...row,
        device: { ...row.device, title: deviceTitle(row.device), path: shopDevicePath(row.device) },
        until: formatShopDateTime(row.expiresAt),
        left: row.status === "held" ? timeLeft(row.expiresAt, now) : null,
        madeOn: formatShopDateTime(row.createdAt),
      })),
    };
  },
  { unavailable: "The reservations could not be loaded. Please try again in a minute." },
);

export const action = staffAction(
  async ({ request, staff }) => {
    const parsed = reservationCancelSchema.safeParse(Object.fromEntries(await request.formData()));
    if (!parsed.success)
      throw data(parsed.error.issues[0]?.message ?? "That reservation was not found.", {
        status: 400,
      });
    const cancelled = await cancelReservation(parsed.data.id, staff.id);
    return redirectWithToast(
      "/admin/reservations",
      cancelled
        ? successToast("Reservation cancelled. The device is back for sale.")
        : errorToast(
            "That reservation is no longer held (picked up, cancelled or run out meanwhile): nothing changed.",
          ),
      { status: 303 },
    );
  },
  {
    outage: () =>
      redirectWithToast(
        "/admin/reservations",
        errorToast("The reservation could not be cancelled just now. Please try again."),
        { status: 303 },
      ),
  },
);

const statusLabels: Record<ReservationStatus, string> = {
  held: "Held",
  expired: "Ran out",
  collected: "Picked up",
  cancelled: "Cancelled",
};

const statusClass: Record<ReservationStatus, string> = {
  held: "bg-amber-100 text-amber-900",
  expired: "bg-slate-100 text-slate-800",
  collected: "bg-green-100 text-green-900",
  cancelled: "bg-slate-100 text-slate-800",
};

export default function AdminReservationsPage() {
  const { reservations } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Reservations</h1>
      <p className="mt-1 text-sm text-slate-600">
        Devices customers reserved on the shop page. Sell one on an invoice with its reference; a
        hold that runs out puts the device back on sale by itself.
      </p>
      <div className={`${panel} mt-6 min-w-0`}>
        {reservations.length ? (
          <ul className="divide-y divide-slate-200">
            {reservations.map((r) => (
              <li
                key={r.id}
                data-testid="reservation"
                className="grid grid-cols-1 gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <div>
                  <p className="font-mono font-semibold whitespace-nowrap">{r.reference}</p>
                  <span
                    className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[r.status]}`}
                  >
                    {statusLabels[r.status]}
                  </span>
                  <p className="mt-1 text-xs text-slate-600">
                    {r.left
                      ? `${r.left}, until ${r.until}`
                      : r.status === "expired"
                        ? `Ran out ${r.until}`
                        : null}
                  </p>
                </div>
                <div className="min-w-0 text-sm">
                  <Link to={r.device.path} className="font-medium text-brand-700 underline">
                    {r.device.title}
                  </Link>
                  <p className="text-slate-600">{formatCents(r.device.priceCents)}</p>
                </div>
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">{r.name}</p>
                  {r.email ? <p className="break-all text-slate-700">{r.email}</p> : null}
                  {r.phone ? <p className="whitespace-nowrap text-slate-700">{r.phone}</p> : null}
                  <p className="text-xs text-slate-600">Reserved {r.madeOn}</p>
                </div>
                <div>
                  {r.status === "held" ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={r.id} />
                      <button type="submit" disabled={busy} className={secondaryButton}>
                        Cancel<span className="sr-only"> reservation {r.reference}</span>
                      </button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">No reservations yet.</p>
        )}
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Reservations") }];

export const ErrorBoundary = AdminErrorBoundary;
