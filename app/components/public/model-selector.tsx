import { Link } from "react-router";
import type { CataloguePicker } from "~/types/catalogue";
import { contact, type DeviceCategory } from "~/config/shop";
import { deviceName } from "~/utils/booking-description";
import { bookingHref } from "~/utils/booking-prefill";
import { selectionSearch, selectorStep } from "~/utils/catalogue-selection";
import { taxNote } from "~/utils/price";
import { DevicePicker } from "./device-picker";
import { priceText } from "~/utils/price";

const card = "scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

/** Device, then its repairs with prices, then the chosen repair and a link to book it. */
export function ModelSelector({
  category,
  picker,
}: {
  category: DeviceCategory;
  picker: CataloguePicker;
}) {
  const { selection, repairs } = picker;
  const chosen = repairs.find((r) => r.repair === selection.repair);
  const device = deviceName(selection.brand, selection.model);

  return (
    <div className="space-y-6 sm:space-y-8">
      <section id={selectorStep.device} aria-labelledby="device-heading" className={card}>
        <h2 id="device-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
          1. Choose your device
        </h2>
        <div className="mt-3 sm:mt-4">
          <DevicePicker picker={picker} idPrefix="selector" />
        </div>
      </section>

      <section id={selectorStep.repair} aria-labelledby="repairs-heading" className={card}>
        <h2 id="repairs-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
          2. Choose a repair{selection.model ? ` for the ${device}` : ""}
        </h2>
        {selection.model ? (
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {repairs.map((repair) => {
              const selected = repair.repair === selection.repair;
              return (
                <li key={repair.repair}>
                  <Link
                    to={{
                      search: selectionSearch({ ...selection, repair: repair.repair }),
                      // A picked repair loads the page again: open it at the summary.
                      hash: selectorStep.summary,
                    }}
                    aria-current={selected ? "true" : undefined}
                    className={`flex min-h-12 items-center justify-between gap-4 px-4 py-3 hover:bg-brand-50 ${selected ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-800"}`}
                  >
                    <span>{repair.repair}</span>
                    <span
                      className={`whitespace-nowrap ${repair.price === null ? "text-sm text-slate-600" : "font-semibold tabular-nums"}`}
                    >
                      {priceText(repair)}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600">
            Choose a brand and model above to see the repairs we offer and their prices.
          </p>
        )}
        {selection.model ? <p className="mt-3 text-sm text-slate-600">{taxNote}</p> : null}
      </section>

      <div aria-live="polite">
        {chosen ? (
          <section
            id={selectorStep.summary}
            aria-labelledby="summary-heading"
            className="scroll-mt-20 rounded-xl border-2 border-brand-600 bg-brand-50 p-4 sm:p-6"
          >
            <h2 id="summary-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
              3. Your repair
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 sm:mt-4 sm:gap-x-6">
              <dt className="font-medium text-slate-600">Device</dt>
              <dd className="text-slate-900">{device}</dd>
              <dt className="font-medium text-slate-600">Selected repair</dt>
              <dd className="text-slate-900">{chosen.repair}</dd>
              <dt className="self-baseline font-medium text-slate-600">Price</dt>
              <dd
                className="self-baseline text-2xl font-bold text-brand-800"
                data-testid="selected-price"
              >
                {chosen.price === null ? (
                  // The shop quotes it: the price is a call away.
                  <a href={contact.phone.href} className="underline">
                    {priceText(chosen)}
                    <span className="block text-base font-semibold">{contact.phone.display}</span>
                  </a>
                ) : (
                  priceText(chosen)
                )}
              </dd>
            </dl>
            <p className="mt-2 text-sm text-slate-700">{taxNote}</p>
            <Link
              to={bookingHref({
                category,
                brand: selection.brand ?? "",
                model: selection.model ?? "",
                repair: chosen,
              })}
              className="mt-5 block rounded-md bg-accent-500 px-6 py-3 text-center font-semibold text-slate-900 hover:bg-accent-600 sm:inline-block"
            >
              Book Now
            </Link>
          </section>
        ) : null}
      </div>
    </div>
  );
}
