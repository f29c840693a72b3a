import { Link } from "@remix-run/react";
import type { CataloguePicker, RepairPrice } from "~/lib/catalogue.server";
import type { DeviceCategory } from "~/config/shop";
import { selectionSearch } from "~/lib/catalogue-selection";
import { DevicePicker } from "./device-picker";
import { priceText } from "./price";

/** The booking form's query: the price only when it is a number, the category by its title. */
function bookingHref(category: DeviceCategory, selection: CataloguePicker["selection"], repair: RepairPrice) {
  const params = new URLSearchParams({
    brand: selection.brand ?? "",
    model: selection.model ?? "",
    issue: repair.repair,
    price: repair.price ?? "",
    deviceCategory: category.title,
  });
  return `/book-appointment?${params}`;
}

/** Device, then its repairs with prices, then the chosen repair and a link to book it. */
export function ModelSelector({ category, picker }: { category: DeviceCategory; picker: CataloguePicker }) {
  const { selection, repairs } = picker;
  const chosen = repairs.find((r) => r.repair === selection.repair);
  const device = [selection.brand, selection.model].filter(Boolean).join(" ");

  return (
    <div className="space-y-8">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-xl font-bold text-slate-900">1. Choose your device</h2>
        <div className="mt-4">
          <DevicePicker picker={picker} idPrefix="selector" />
        </div>
      </div>

      <section aria-labelledby="repairs-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="repairs-heading" className="text-xl font-bold text-slate-900">
          2. Choose a repair{selection.model ? ` for the ${device}` : ""}
        </h2>
        {selection.model ? (
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {repairs.map((repair) => {
              const selected = repair.repair === selection.repair;
              return (
                <li key={repair.repair}>
                  <Link
                    to={{ search: selectionSearch({ ...selection, repair: repair.repair }) }}
                    preventScrollReset
                    aria-current={selected ? "true" : undefined}
                    className={`flex items-center justify-between gap-4 px-4 py-3 hover:bg-brand-50 ${selected ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-800"}`}
                  >
                    <span>{repair.repair}</span>
                    <span className={repair.price === null ? "text-sm text-slate-600" : "font-semibold"}>{priceText(repair)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600">Choose a brand and model above to see the repairs we offer and their prices.</p>
        )}
      </section>

      <div aria-live="polite">
        {chosen ? (
          <section aria-labelledby="summary-heading" className="rounded-xl border-2 border-brand-600 bg-brand-50 p-6">
            <h2 id="summary-heading" className="text-xl font-bold text-slate-900">
              3. Your repair
            </h2>
            <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-slate-600">Device</dt>
              <dd className="text-slate-900">{device}</dd>
              <dt className="font-medium text-slate-600">Selected repair</dt>
              <dd className="text-slate-900">{chosen.repair}</dd>
              <dt className="font-medium text-slate-600">Price</dt>
              <dd className="text-2xl font-bold text-brand-800" data-testid="selected-price">
                {priceText(chosen)}
              </dd>
            </dl>
            <Link
              to={bookingHref(category, selection, chosen)}
              className="mt-6 inline-block rounded-md bg-accent-500 px-6 py-3 font-semibold text-slate-900 hover:bg-accent-600"
            >
              Book Now
            </Link>
          </section>
        ) : null}
      </div>
    </div>
  );
}
