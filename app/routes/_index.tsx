import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Link, useLoaderData } from "react-router";
import { deviceIcons, WrenchIcon } from "~/components/public/device-icons";
import { usePageCalendar } from "~/components/layout/use-page-calendar";
import { Hero } from "~/components/public/hero";
import { HoursNotices } from "~/components/public/hours-notices";
import { JsonLd } from "~/components/public/json-ld";
import { MapFacade } from "~/components/public/map-facade";
import { Testimonials } from "~/components/public/testimonials";
import { specialPoints } from "~/content/home";
import { heroPlace } from "~/config/photo-places";
import {
  address,
  brand,
  contact,
  deviceCategories,
  headerServiceSlugs,
  openingHoursText,
  warranty,
} from "~/config/shop";
import { categoryAnchor } from "~/utils/public-pages";
import { localBusinessJsonLd, pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/server/env.server";
import { picturesOf } from "~/routes/place-pictures.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { of, headers } = await picturesOf(context, [heroPlace]);
  return data({ origin: publicOrigin(), hero: of(heroPlace) }, { headers });
}

/** `no-store` when the photos could not be read (place-pictures.server.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The three categories of the header's menu, and the others (watches and consoles) where the
 * services page lists them.
 */
const tiles = [
  ...deviceCategories
    .filter((c) => headerServiceSlugs.includes(c.slug))
    .map((c) => ({
      to: `/services/${c.slug}`,
      label: c.shortName,
      description: c.title,
      Icon: deviceIcons[c.slug],
    })),
  {
    to: `/services#${categoryAnchor("watch")}`,
    label: "Others",
    description: "Consoles, watches and more",
    Icon: WrenchIcon,
  },
];

export default function HomePage() {
  const { origin, hero } = useLoaderData<typeof loader>();
  const calendar = usePageCalendar();
  return (
    <>
      <JsonLd data={localBusinessJsonLd(origin, calendar)} />
      <Hero pictures={hero} />

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="categories-heading" className="text-3xl font-bold text-slate-900">
          What can we fix for you?
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
          {tiles.map(({ to, label, description, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full flex-col items-center rounded-xl border border-slate-200 p-6 text-center shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50"
              >
                <span className="text-5xl text-brand-700">
                  <Icon />
                </span>
                <span className="mt-3 text-lg font-semibold text-slate-900">{label}</span>
                <span className="mt-1 text-sm text-slate-600">{description}</span>
              </Link>
            </li>
          ))}
        </ul>
        {/* The shop buys devices too: one tile to the instant offer. */}
        <Link
          to="/sell"
          className="mt-4 flex flex-col gap-1 rounded-xl border border-emerald-200 bg-emerald-50 p-6 shadow-sm transition-colors hover:border-emerald-600 sm:flex-row sm:items-center sm:justify-between"
        >
          <span>
            <span className="block text-lg font-semibold text-slate-900">Sell your device</span>
            <span className="block text-sm text-slate-700">
              Get an instant offer for your phone, tablet, laptop, console or watch: cash or
              e-transfer.
            </span>
          </span>
          <span className="font-semibold text-emerald-800">Get my offer →</span>
        </Link>
      </section>

      <section aria-labelledby="special-heading" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="special-heading" className="text-3xl font-bold">
            What makes us special
          </h2>
          <ul className="mt-8 grid gap-8 md:grid-cols-3">
            {specialPoints.map((point) => (
              <li key={point.to}>
                <h3 className="text-xl font-semibold text-accent-500">{point.title}</h3>
                <p className="mt-2 text-brand-100">{point.text}</p>
                <Link
                  to={point.to}
                  className="mt-3 inline-block font-semibold text-white underline underline-offset-4 hover:text-accent-500"
                >
                  {point.linkLabel}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Testimonials />

      <section aria-labelledby="location-heading" className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-2">
          <div>
            <h2 id="location-heading" className="text-3xl font-bold text-slate-900">
              Visit us in {address.city}
            </h2>
            <p className="mt-4 text-slate-700">
              Walk in any time we&apos;re open: diagnostics are free, most repairs are done the same
              day and every repair comes with our {warranty.days}-day warranty.
            </p>
            <dl className="mt-6 space-y-4">
              <div>
                <dt className="font-semibold text-slate-900">Address</dt>
                <dd className="text-slate-700">
                  {brand.name}, {address.full}
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-900">Phone</dt>
                <dd>
                  <a
                    href={contact.phone.href}
                    className="inline-block py-2.5 font-semibold text-brand-700 hover:underline"
                  >
                    {contact.phone.display}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-900">Opening hours</dt>
                <dd>
                  <ul className="text-slate-700">
                    {openingHoursText.map((line) => (
                      <li key={line.days}>
                        {line.days}: {line.hours}
                      </li>
                    ))}
                  </ul>
                  <HoursNotices className="mt-2 text-slate-700" />
                </dd>
              </div>
            </dl>
          </div>
          <MapFacade />
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: `Phone, Tablet & Laptop Repair in ${address.city}`,
    description: `${brand.name} repairs phones, tablets, laptops, game consoles and smart watches in ${address.city}, ${address.region}: free diagnostics, same-day service and a ${warranty.days}-day warranty. Walk-ins welcome.`,
    origin: data?.origin ?? "",
    path: "/",
  });
