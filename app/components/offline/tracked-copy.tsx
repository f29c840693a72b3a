import { TrackedBookingCard } from "~/components/tracking/tracked-booking-card";
import type { TrackedBooking } from "~/types/tracking";

/**
 * The repair as the offline page shows a copy of it (the quote without its buttons), and the line
 * that says a copy is kept, with a way to remove it. The public pages' script keeps the card on
 * the phone and shows the line (app/browser/saved-on-this-phone.ts); without JavaScript nothing is
 * kept and the line stays hidden.
 */
export function TrackedCopy({ booking }: { booking: TrackedBooking }) {
  return (
    <>
      <template data-tracked-card>
        <TrackedBookingCard booking={booking} />
      </template>
      <p hidden data-tracked-copy className="mt-6 text-sm text-slate-600">
        A copy is kept on this phone so you can read it offline.{" "}
        <button type="button" className="min-h-6 font-semibold text-brand-700 underline">
          Remove it from this phone
        </button>
      </p>
    </>
  );
}
