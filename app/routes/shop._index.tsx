import {
  data,
  Link,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { PageIntro } from "~/components/page-intro";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ShopDeviceCard } from "~/components/shop/shop-device-card";
import { ShopFiltersForm } from "~/components/shop/shop-filters";
import { address, trade } from "~/config/shop";
import { listShopDevices, shopBrands } from "~/models/shop-listing.server";
import { shopFiltersOf, shopPageSize } from "~/schemas/shop-filters";
import { publicOrigin } from "~/server/env.server";
import { unavailableFor } from "~/server/unavailable.server";
import { freshPageHeaders } from "~/utils/private-page";
import { taxNote } from "~/utils/price";
import { pageMeta } from "~/utils/seo";

/*
 * /shop: the refurbished devices for sale now, read from the database on every request (never
 * kept by the page cache: see freshPageHeaders), so a device sold or reserved on any instance
 * leaves the list at once.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const filters = shopFiltersOf(search);
  const [{ devices, total }, brands] = await Promise.all([
    listShopDevices(filters),
    shopBrands(),
  ]).catch(unavailableFor(context));
  return data({
    filters,
    devices,
    total,
    brands,
    query: search.toString(),
    origin: publicOrigin(),
  });
}

export const headers = freshPageHeaders;

/** The same filters on another page of results. */
function pageLink(query: string, page: number) {
  const search = new URLSearchParams(query);
  if (page > 1) search.set("page", String(page));
  else search.delete("page");
  const text = search.toString();
  return text ? `/shop?${text}` : "/shop";
}

export default function ShopPage() {
  const { filters, devices, total, brands, query } = useLoaderData<typeof loader>();
  const pageCount = Math.max(1, Math.ceil(total / shopPageSize));
  const first = (filters.page - 1) * shopPageSize + 1;
  return (
    <>
      <PageIntro
        title="Refurbished Devices"
        lead={`Phones, tablets, laptops, consoles and watches checked and refurbished on our own bench in ${address.city}, each with a warranty. Reserve one online and we hold it for ${trade.reservationHours} hours.`}
        shortLead="Checked on our bench, sold with a warranty."
        primary={{ to: "/contact", label: "Ask about a device" }}
      />
      <div className="mx-auto max-w-7xl px-4 pt-4 pb-12 sm:pt-8">
        <ShopFiltersForm filters={filters} brands={brands} />
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {total
            ? `Showing ${first}–${Math.min(first + devices.length - 1, total)} of ${total} device${total === 1 ? "" : "s"}. ${taxNote}`
            : null}
        </p>
        {devices.length ? (
          <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {devices.map((device) => (
              <ShopDeviceCard key={device.publicId} device={device} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-lg bg-slate-50 p-6 text-slate-700">
            No devices match these filters right now. Try fewer filters, or{" "}
            <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
              tell us what you are looking for
            </Link>
            .
          </p>
        )}
        {pageCount > 1 ? (
          <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
            {filters.page > 1 ? (
              <Link
                to={pageLink(query, filters.page - 1)}
                className="min-h-11 py-2 font-semibold text-brand-700 hover:underline"
              >
                Previous page
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-slate-700">
              Page {filters.page} of {pageCount}
            </span>
            {filters.page < pageCount ? (
              <Link
                to={pageLink(query, filters.page + 1)}
                className="min-h-11 py-2 font-semibold text-brand-700 hover:underline"
              >
                Next page
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Refurbished Phones, Tablets and Laptops",
    description: `Refurbished and second-hand devices for sale at our ${address.city} shop, each checked on our bench and sold with a warranty. Reserve online, pick up in store.`,
    origin: data?.origin ?? "",
    path: "/shop",
  });

export const ErrorBoundary = RouteErrorBoundary;
