import { redirect, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { isCanonical, readSelection, selectionSearch } from "~/utils/catalogue-selection";
import { deviceIcons } from "~/components/public/device-icons";
import { priceText } from "~/utils/price";
import { RepairFinder } from "~/components/public/repair-finder";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { categoryDescriptions, finderCategory } from "~/content/services";
import { address, deviceCategories, findCategory, warranty } from "~/config/shop";
import { loadCategoryOverview, loadPicker } from "~/models/catalogue.server";
import { categoryAnchor } from "~/utils/public-pages";
import { errorMeta, pageMeta } from "~/utils/seo";
import { catalogueUnavailableMessage, unavailableFor } from "~/server/unavailable.server";
import { publicOrigin } from "~/server/env.server";

const finderDevice = findCategory(finderCategory)!;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [overview, finder] = await Promise.all([
    loadCategoryOverview(),
    loadPicker(finderCategory, readSelection(url.searchParams), "model"),
  ]).catch(unavailableFor(context, catalogueUnavailableMessage));
  if (!isCanonical(url.searchParams, finder.selection))
    throw redirect(`${url.pathname}${selectionSearch(finder.selection)}#finder`);
  return { overview, finder, origin: publicOrigin() };
}

export default function ServicesPage() {
  const { overview, finder } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro
        title="Our Repair Services"
        lead={`Screens, batteries, charging ports, cameras and more, for every major brand. Free diagnostics, same-day service on most repairs and a ${warranty.days}-day warranty on every one.`}
        shortLead={`Free diagnostics and a ${warranty.days}-day warranty.`}
      />
      <section
        aria-labelledby="categories-heading"
        className="mx-auto max-w-7xl px-4 py-8 sm:py-16"
      >
        <h2 id="categories-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          What we repair
        </h2>
        <ul className="mt-6 grid gap-6 sm:mt-8 md:grid-cols-2 lg:grid-cols-3">
          {deviceCategories.map((category) => {
            const DeviceIcon = deviceIcons[category.slug];
            const details = overview[category.slug];
            return (
              <li
                key={category.slug}
                id={categoryAnchor(category.slug)}
                className="flex scroll-mt-20 flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-3xl text-brand-700">
                  <DeviceIcon />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{category.title}</h3>
                <p className="mt-2 text-slate-700">{categoryDescriptions[category.slug]}</p>
                {details ? (
                  <dl className="mt-4 space-y-2 text-sm text-slate-700">
                    <div>
                      <dt className="inline font-semibold text-slate-900">Brands: </dt>
                      <dd className="inline">{details.brands.join(", ")}</dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold text-slate-900">Repairs: </dt>
                      <dd className="inline">{details.repairs.join(", ")}</dd>
                    </div>
                    {details.lowestPrice ? (
                      <div>
                        <dt className="inline font-semibold text-slate-900">Prices from: </dt>
                        <dd className="inline">
                          {priceText({ price: details.lowestPrice, priceLabel: null })}
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                ) : null}
                <div className="mt-auto flex flex-wrap gap-3 pt-6">
                  <Link
                    to={`/services/${category.slug}`}
                    className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    Check prices<span className="sr-only"> for {category.title}</span>
                  </Link>
                  <Link
                    to={`/price-list/${category.slug}`}
                    className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                  >
                    Full price list<span className="sr-only"> for {category.title}</span>
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section id="finder" aria-labelledby="finder-heading" className="scroll-mt-20 bg-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-10 sm:py-16">
          <h2 id="finder-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Repair Service Finder
          </h2>
          <p className="mt-2 text-slate-700">
            Choose your phone and book it in. We&apos;ll confirm the repair and price with you
            before any work begins.
          </p>
          <div className="mt-6 sm:mt-8">
            <RepairFinder category={finderDevice} picker={finder} />
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta({
        title: "Our Repair Services",
        description: `Phone, tablet, laptop, smart watch and game console repairs in ${address.city}: free diagnostics, same-day service and a ${warranty.days}-day warranty. Find your device and book online.`,
        origin: data.origin,
        path: "/services",
      })
    : errorMeta("Our Repair Services");

export const ErrorBoundary = RouteErrorBoundary;
