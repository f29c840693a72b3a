import { Link } from "react-router";
import type { CataloguePicker } from "~/types/catalogue";
import type { DeviceCategory } from "~/config/shop";
import { bookingHref } from "~/utils/booking-prefill";
import { DevicePicker } from "./device-picker";

/** Pick a device, see it spelled out, then go and book it; booking needs a brand and a model. */
export function RepairFinder({
  category,
  picker,
}: {
  category: DeviceCategory;
  picker: Omit<CataloguePicker, "repairs">;
}) {
  const { selection } = picker;
  const chosen = [selection.brand, selection.series, selection.model].filter(Boolean);
  const ready = !!selection.brand && !!selection.model;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <DevicePicker picker={picker} idPrefix="finder" />
      <p className="mt-6 text-slate-700" data-testid="finder-selected">
        <span className="font-semibold text-slate-900">Selected:</span>{" "}
        {chosen.length ? chosen.join(" → ") : "nothing yet"}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {ready ? (
          <Link
            to={bookingHref({
              category,
              brand: selection.brand ?? "",
              series: selection.series,
              model: selection.model ?? "",
            })}
            className="rounded-md bg-accent-500 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-600"
          >
            Book Appointment
          </Link>
        ) : (
          <>
            <button
              type="button"
              disabled
              aria-describedby="finder-hint"
              className="cursor-not-allowed rounded-md bg-slate-200 px-5 py-3 font-semibold text-slate-600"
            >
              Book Appointment
            </button>
            <span id="finder-hint" className="text-sm text-slate-600">
              Choose a brand and a model to book.
            </span>
          </>
        )}
      </div>
    </div>
  );
}
