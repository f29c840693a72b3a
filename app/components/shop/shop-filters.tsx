import { Form, Link } from "react-router";
import { deviceCategories } from "~/config/shop";
import { gradeTexts } from "~/content/device-grades";
import type { ShopFilters } from "~/schemas/shop-filters";
import { deviceGrades } from "~/types/trade";

const control =
  "mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900";
const label = "text-sm font-medium text-slate-900";

const sortLabels = {
  newest: "Newest first",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
} as const;

/** The listing's filters: a plain GET form, so it works the same with JavaScript off. */
export function ShopFiltersForm({ filters, brands }: { filters: ShopFilters; brands: string[] }) {
  // A brand typed into an address that no device has is still shown as chosen.
  const brandChoices =
    filters.brand && !brands.includes(filters.brand) ? [...brands, filters.brand] : brands;
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter devices"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:gap-4 sm:p-4 lg:grid-cols-6"
    >
      <div className="min-w-0">
        <label htmlFor="shop-category" className={label}>
          Category
        </label>
        <select
          id="shop-category"
          name="category"
          defaultValue={filters.category ?? ""}
          className={control}
        >
          <option value="">All devices</option>
          {deviceCategories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.shortName}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="shop-brand" className={label}>
          Brand
        </label>
        <select id="shop-brand" name="brand" defaultValue={filters.brand ?? ""} className={control}>
          <option value="">All brands</option>
          {brandChoices.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="shop-grade" className={label}>
          Grade
        </label>
        <select id="shop-grade" name="grade" defaultValue={filters.grade ?? ""} className={control}>
          <option value="">Any grade</option>
          {deviceGrades.map((grade) => (
            <option key={grade} value={grade}>
              {gradeTexts[grade].label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="shop-sort" className={label}>
          Sort
        </label>
        <select id="shop-sort" name="sort" defaultValue={filters.sort} className={control}>
          {Object.entries(sortLabels).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="col-span-2 min-w-0">
        <legend className={label}>Price (dollars)</legend>
        <div className="grid grid-cols-2 gap-2">
          <div className="min-w-0">
            <label htmlFor="shop-min" className="sr-only">
              Lowest price
            </label>
            <input
              id="shop-min"
              name="min"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="From"
              defaultValue={filters.min ?? ""}
              className={control}
            />
          </div>
          <div className="min-w-0">
            <label htmlFor="shop-max" className="sr-only">
              Highest price
            </label>
            <input
              id="shop-max"
              name="max"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="To"
              defaultValue={filters.max ?? ""}
              className={control}
            />
          </div>
        </div>
      </fieldset>
      <div className="col-span-2 flex flex-wrap items-center gap-4 lg:col-span-6">
        <button
          type="submit"
          className="min-h-11 rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Show devices
        </button>
        <Link to="/shop" className="py-2 font-semibold text-brand-700 hover:underline">
          Clear filters
        </Link>
      </div>
    </Form>
  );
}
