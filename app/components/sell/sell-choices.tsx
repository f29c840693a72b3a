import { Link } from "react-router";
import { deviceIcons } from "~/components/public/device-icons";
import type { CategorySlug } from "~/config/shop";
import type { SellDevice } from "~/types/sell";

/** The address of a /sell step: the device chosen so far, then extra fields (answers). */
export function sellHref(
  device: Record<string, string | undefined>,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams(
    Object.entries({ ...device, ...extra }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const query = params.toString();
  return query ? `/sell?${query}` : "/sell";
}

/** "Sell a phone": what each category is called on /sell. */
const sellNames: Record<CategorySlug, string> = {
  mobile: "Phone",
  tablet: "Tablet",
  laptop: "Laptop",
  watch: "Smart watch",
  console: "Game console",
};

const categoryName = (slug: CategorySlug) => sellNames[slug];

const cardClass =
  "flex min-h-14 min-w-0 items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-slate-900 shadow-sm hover:border-brand-600 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600";

/** What the device chosen so far is, with a link back to each earlier step. */
export function ChosenSoFar({ device }: { device: SellDevice }) {
  const steps: { label: string; to: string }[] = [];
  if (device.category) steps.push({ label: categoryName(device.category), to: sellHref({}) });
  if (device.brand)
    steps.push({ label: device.brand, to: sellHref({ category: device.category }) });
  if (device.model)
    steps.push({
      label: device.model,
      to: sellHref({ category: device.category, brand: device.brand }),
    });
  if (device.storage)
    steps.push({
      label: device.storage,
      to: sellHref({ category: device.category, brand: device.brand, model: device.model }),
    });
  if (!steps.length) return null;
  return (
    <nav aria-label="Your device" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
        {steps.map((step, index) => (
          <li key={step.to} className="flex items-center gap-2">
            {index ? <span aria-hidden="true">›</span> : null}
            <Link to={step.to} className="text-brand-700 underline hover:text-brand-900">
              {step.label}
              <span className="sr-only"> (change)</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

const questions = {
  category: "What are you selling?",
  brand: "Which brand?",
  model: "Which model?",
  storage: "How much storage?",
} as const;

/**
 * One choice step: a list of links, each opening the next step. Plain links, so the page works
 * the same with and without JavaScript, and the back button goes back a step.
 */
export function ChoiceStep({
  step,
  device,
  options,
}: {
  step: keyof typeof questions;
  device: SellDevice;
  options: string[];
}) {
  const hrefOf = (option: string) =>
    sellHref(step === "category" ? { category: option } : { ...device, [step]: option });
  return (
    <section aria-labelledby="sell-step">
      <h2 id="sell-step" className="text-xl font-bold text-slate-900 sm:text-2xl">
        {questions[step]}
      </h2>
      {options.length ? (
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((option) => {
            const Icon = step === "category" ? deviceIcons[option as CategorySlug] : undefined;
            return (
              <li key={option} className="min-w-0">
                <Link to={hrefOf(option)} className={cardClass}>
                  {Icon ? (
                    <span className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true">
                      <Icon />
                    </span>
                  ) : null}
                  <span className="min-w-0 break-words">
                    {step === "category" ? categoryName(option as CategorySlug) : option}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">
          We're not buying devices online right now. Bring yours in and we'll make you an offer.
        </p>
      )}
    </section>
  );
}
