import { contact } from "~/config/shop";
import type { RepairChoice } from "~/types/catalogue";
import { deviceName } from "~/utils/booking-description";
import { selectionSearch, selectorStep } from "~/utils/catalogue-selection";
import { formatCad, priceText } from "~/utils/price";

/**
 * The repair and price chosen in the selector or a price list, at the top of the booking form:
 * "Screen Repair — $249.99 before HST", or a number to call for a repair the shop quotes, and the
 * way back to choose another. The fields below carry the same device and repair.
 */
export function RepairChoiceSummary({ choice }: { choice: RepairChoice }) {
  const change = `/services/${choice.category}${selectionSearch({
    brand: choice.brand,
    series: choice.series ?? undefined,
    model: choice.model,
  })}#${selectorStep.repair}`;
  return (
    <section
      aria-labelledby="repair-choice-heading"
      className="rounded-xl border-2 border-brand-600 bg-brand-50 p-4 sm:p-5"
      data-testid="repair-choice"
    >
      <h2 id="repair-choice-heading" className="text-sm font-semibold text-slate-700">
        Your repair
      </h2>
      <p className="mt-1 text-lg font-semibold text-slate-900">
        {choice.repair} —{" "}
        {choice.price === null ? (
          <a href={contact.phone.href} className="text-brand-700 underline">
            {priceText(choice)}: {contact.phone.display}
          </a>
        ) : (
          <span className="whitespace-nowrap">{formatCad(choice.price)} before HST</span>
        )}
      </p>
      <p className="text-slate-700">{deviceName(choice.brand, choice.model)}</p>
      <a
        href={change}
        className="mt-2 inline-block py-1 text-sm font-medium text-brand-700 underline"
      >
        Choose another repair
      </a>
    </section>
  );
}
