import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PageIntro } from "~/components/page-intro";
import { CountUp } from "~/components/public/count-up";
import { certifications, stats, story, technicians, values } from "~/content/about";
import { address, brand, warranty } from "~/config/shop";
import { pageMeta } from "~/lib/seo";
import { publicOrigin } from "~/lib/env.server";

export function loader() {
  return { origin: publicOrigin() };
}

const initials = (name: string) =>
  name
    .split(" ")
    .map((part) => part[0])
    .join("");

export default function AboutPage() {
  return (
    <>
      <PageIntro
        title="About Us"
        lead={`${address.city}'s trusted repair shop for phones, tablets, laptops, consoles and smart watches, with a ${warranty.days}-day warranty on every repair.`}
      />

      <section aria-labelledby="story-heading" className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="story-heading" className="text-3xl font-bold text-slate-900">
          Our story
        </h2>
        <div className="mt-6 space-y-4 text-lg text-slate-700">
          {story.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="stats-heading" className="sr-only">
            {brand.name} in numbers
          </h2>
          <dl className="grid grid-cols-2 gap-8 text-center md:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="mt-2 text-brand-100">{stat.label}</dt>
                <dd className="text-4xl font-extrabold sm:text-5xl">
                  <CountUp value={stat.value} suffix={stat.suffix} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="values-heading" className="text-3xl font-bold text-slate-900">
          What we stand for
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-slate-700">{value.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="team-heading" className="text-3xl font-bold text-slate-900">
            Meet our technicians
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {technicians.map((tech) => (
              <li key={tech.name} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white">
                  {initials(tech.name)}
                </span>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{tech.name}</h3>
                <p className="font-medium text-brand-700">{tech.role}</p>
                <dl className="mt-4 space-y-2 text-slate-700">
                  <div>
                    <dt className="inline font-semibold text-slate-900">Experience: </dt>
                    <dd className="inline">{tech.experience}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold text-slate-900">Specialization: </dt>
                    <dd className="inline">{tech.specialization}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="certifications-heading" className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="certifications-heading" className="text-3xl font-bold text-slate-900">
          Certifications and standards
        </h2>
        <ul className="mt-6 list-disc space-y-2 pl-6 text-lg text-slate-700">
          {certifications.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/contact" className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            Contact Us
          </Link>
          <Link to="/services" className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50">
            Our Services
          </Link>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "About Us",
    description: `Meet the ${brand.name} team: certified technicians repairing phones, tablets, laptops, consoles and smart watches in ${address.city} since ${brand.foundedYear}, with a ${warranty.days}-day warranty.`,
    origin: data?.origin ?? "",
    path: "/about",
  });
