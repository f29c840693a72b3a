import { data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { CategoryTabs } from "~/components/public/category-tabs";
import { PriceTables, tableAnchor } from "~/components/public/price-tables";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { address, contact, findCategory } from "~/config/shop";
import { loadPriceList } from "~/models/catalogue.server";
import { taxNote } from "~/utils/price";
import { catalogueUnavailableMessage, unavailableFor } from "~/server/unavailable.server";
import { errorMeta, pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/server/env.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const category = findCategory(params.category);
  if (!category) throw data("Price list not found.", { status: 404 });
  const search = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const tables = await loadPriceList(category.slug, search).catch(
    unavailableFor(context, catalogueUnavailableMessage),
  );
  return { category, search, tables, origin: publicOrigin() };
}

export default function PriceListPage() {
  const { category, search, tables } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro
        title={`${category.shortName} Repair Price List`}
        shortLead="Free diagnostics. Tap a price to book it."
        lead={`Every ${category.shortName.toLowerCase()} repair we offer and its price in Canadian dollars. Diagnostics are free, and we confirm the final price before any work begins.`}
        primary={{ to: `/services/${category.slug}`, label: "Find your model" }}
      />
      <div className="mx-auto max-w-7xl px-4 pt-4 pb-12 sm:pt-10">
        <CategoryTabs current={category.slug} basePath="/price-list" label="Price lists" />
        <Form
          method="get"
          role="search"
          className="mt-4 flex max-w-xl flex-wrap items-end gap-3 sm:mt-8"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor="price-search" className="font-medium text-slate-900">
              Search by model
            </label>
            <input
              id="price-search"
              type="search"
              name="q"
              defaultValue={search}
              key={search}
              placeholder={`e.g. ${category.modelExample}`}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5"
            />
          </div>
          <button
            type="submit"
            className="min-h-11 rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Search
          </button>
          {search ? (
            <Link
              to={`/price-list/${category.slug}`}
              className="py-2 font-semibold text-brand-700 hover:underline"
            >
              Show all
            </Link>
          ) : null}
        </Form>
        <p className="mt-4 text-sm text-slate-700">
          <strong className="font-semibold text-slate-900">{taxNote}</strong>
          {tables.length ? " Choose a price to book that repair." : null}
        </p>
        {tables.length > 1 ? (
          <nav aria-label="Brands on this list" className="mt-4">
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {tables.map((table) => (
                <li key={tableAnchor(table)}>
                  <a
                    href={`#${tableAnchor(table)}`}
                    className="inline-block min-w-11 py-1 text-center font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {[table.brand, table.series].filter(Boolean).join(" ")}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="mt-6 lg:mt-8">
          {tables.length ? (
            <PriceTables category={category} tables={tables} />
          ) : (
            <p className="rounded-lg bg-slate-50 p-6 text-slate-700">
              No models match &ldquo;{search}&rdquo;. Try a shorter search, or call us at{" "}
              <a href={contact.phone.href} className="font-semibold text-brand-700 hover:underline">
                {contact.phone.display}
              </a>{" "}
              for a quote.
            </p>
          )}
        </div>
        <p className="mt-8 text-sm text-slate-600">
          {taxNote} Prices include parts and labour and are covered by our warranty. &ldquo;Call For
          Price&rdquo; means the price depends on the part available for your device; call us or
          visit our {address.city} shop for a quote.
        </p>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return errorMeta("Price list not found");
  const { category, origin } = data;
  return pageMeta({
    title: `${category.shortName} Repair Prices`,
    description: `The full price list for ${category.shortName.toLowerCase()} repairs at our ${address.city} shop: screens, batteries, charging ports and more, by brand and model.`,
    origin,
    path: `/price-list/${category.slug}`,
  });
};

export const ErrorBoundary = RouteErrorBoundary;
