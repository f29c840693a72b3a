import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PageIntro } from "~/components/page-intro";
import { address, brand, deviceCategories } from "~/config/shop";
import { pageTitle } from "~/lib/meta";

const tiles = [
  ...deviceCategories.filter((c) => ["mobile", "tablet", "laptop"].includes(c.slug)).map((c) => ({ to: `/services/${c.slug}`, label: c.shortName })),
  { to: "/book-appointment", label: "Others" },
];

export default function HomePage() {
  return (
    <>
      <PageIntro
        title="Instant Repairs | Certified Technicians | Affordable Pricing"
        lead={`${brand.tagline} Visit us at ${address.full}.`}
      />
      <section className="mx-auto max-w-7xl px-4 py-16">
        <h2 className="text-3xl font-bold text-slate-900">What can we fix for you?</h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
          {tiles.map((tile) => (
            <li key={tile.to}>
              <Link
                to={tile.to}
                className="block rounded-xl border border-slate-200 p-6 text-center text-lg font-semibold shadow-sm hover:border-brand-600 hover:text-brand-700"
              >
                {tile.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Phone, Tablet & Laptop Repair in Oakville") },
  { name: "description", content: `${brand.name}: same-day phone, tablet, laptop, console and smart watch repairs in Oakville, Ontario.` },
];
