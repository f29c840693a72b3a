import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Link, useLoaderData } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { CountUp } from "~/components/public/count-up";
import { Photo } from "~/components/public/photo";
import { certifications, stats, story, technicians, values } from "~/content/about";
import {
  benchPlace,
  storefrontPlace,
  technicianPlace,
  type PhotoPlace,
} from "~/config/photo-places";
import { address, brand, warranty } from "~/config/shop";
import { pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/server/env.server";
import { picturesOf } from "~/routes/place-pictures.server";

const teamPlaces = technicians.map((tech) => technicianPlace(tech.name));

export async function loader({ context }: LoaderFunctionArgs) {
  const places = [storefrontPlace, benchPlace, ...teamPlaces];
  const { of, headers } = await picturesOf(context, places);
  // Each place shows one photo: its first.
  const first = (place: PhotoPlace) => of(place)[0]!;
  return data(
    {
      origin: publicOrigin(),
      storefront: first(storefrontPlace),
      bench: first(benchPlace),
      team: teamPlaces.map(first),
    },
    { headers },
  );
}

/** `no-store` when the photos could not be read (place-pictures.server.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Beside the text from large screens on, under it on phones. */
const sideBySide = "(min-width: 1024px) 600px, calc(100vw - 2rem)";

export default function AboutPage() {
  const { storefront, bench, team } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro
        title="About Us"
        shortLead={`${address.city} repairs with a ${warranty.days}-day warranty.`}
        lead={`${address.city}'s trusted repair shop for phones, tablets, laptops, consoles and smart watches, with a ${warranty.days}-day warranty on every repair.`}
      />

      {/* On phones the shop front comes right under the heading, before the story; beside it on large screens. */}
      <section
        aria-labelledby="story-heading"
        className="mx-auto grid max-w-7xl gap-x-12 gap-y-6 px-4 py-12 sm:py-16 lg:grid-cols-2 lg:grid-rows-[auto_1fr]"
      >
        <h2 id="story-heading" className="text-3xl font-bold text-slate-900">
          Our story
        </h2>
        <figure className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Photo
            picture={storefront}
            sizes={sideBySide}
            priority
            className="h-auto w-full rounded-xl shadow-sm"
          />
          <figcaption className="mt-3 text-sm text-slate-600">
            Our shop at {address.full}
          </figcaption>
        </figure>
        <div className="space-y-4 text-lg text-slate-700">
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
            {technicians.map((tech, i) => (
              <li
                key={tech.name}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-center gap-4">
                  <div className="shrink-0">
                    <Photo
                      picture={team[i]!}
                      sizes="96px"
                      className="h-24 w-24 rounded-full ring-4 ring-brand-50"
                    />
                  </div>
                  <div>
                    <h3 className="text-xl font-semibold text-slate-900">{tech.name}</h3>
                    <p className="font-medium text-brand-700">{tech.role}</p>
                  </div>
                </div>
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

      <section
        aria-labelledby="certifications-heading"
        className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-2 lg:items-start"
      >
        <div>
          <h2 id="certifications-heading" className="text-3xl font-bold text-slate-900">
            Certifications and standards
          </h2>
          <ul className="mt-6 list-disc space-y-2 pl-6 text-lg text-slate-700">
            {certifications.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap gap-3">
            <Link
              to="/contact"
              className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Contact Us
            </Link>
            <Link
              to="/services"
              className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Our Services
            </Link>
          </div>
        </div>
        <figure>
          <Photo
            picture={bench}
            sizes={sideBySide}
            className="h-auto w-full rounded-xl shadow-sm"
          />
          <figcaption className="mt-3 text-sm text-slate-600">
            Every repair is done on an ESD-safe bench in our workshop.
          </figcaption>
        </figure>
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
