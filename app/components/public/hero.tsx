import { Link } from "react-router";
import { Fragment } from "react";
import { Photo } from "~/components/public/photo";
import { heroHeadlines, heroLead, heroRotation } from "~/content/home";
import { OpenNow } from "~/components/public/open-now";
import { contact, reviews } from "~/config/shop";
import type { Picture } from "~/utils/picture";

const shown = "opacity-100";
const hiddenImage = "opacity-0";
const hiddenHeadline = "invisible opacity-0";

/**
 * The home page's opening: a headline that changes every 5 s over a background that changes
 * every 7 s, two clocks that run independently (app/browser/hero.ts). Without JavaScript, under
 * reduced motion or when paused, the first headline and picture stay; with Save-Data or a slow
 * connection, the first picture. Only the first picture is in the page; the others wait in
 * <template>s, each put in one step before it shows, so it can fade in. The pictures are the
 * owner's photos of the slideshow, or its drawings until there is one (app/utils/picture.ts).
 */
export function Hero({ pictures }: { pictures: Picture[] }) {
  return (
    <section
      className="relative isolate overflow-hidden bg-slate-950 text-white"
      data-hero
      data-headline-ms={heroRotation.headlineMs}
      data-image-ms={heroRotation.imageMs}
    >
      <div className="absolute inset-0 -z-10" data-testid="hero-images">
        {pictures.map((picture, i) => {
          const photo = (
            <Photo
              picture={picture}
              sizes="100vw"
              priority={i === 0}
              data-current={i === 0}
              className={`absolute inset-0 h-full w-full object-cover object-[75%_center] transition-opacity duration-1000 ${i === 0 ? shown : hiddenImage}`}
            />
          );
          return i === 0 ? (
            <Fragment key={picture.key}>{photo}</Fragment>
          ) : (
            <template key={picture.key} data-hero-picture>
              {photo}
            </template>
          );
        })}
        <div className="absolute inset-0 bg-gradient-to-r from-slate-950/95 via-slate-950/80 to-slate-950/30" />
      </div>
      <div className="mx-auto max-w-7xl px-4 py-20 sm:py-28">
        <div className="max-w-2xl">
          <h1 className="grid text-4xl font-extrabold tracking-tight sm:text-5xl">
            {/* Stacked in one grid cell: the tallest sets the height, so the page never jumps. */}
            {heroHeadlines.map((text, i) => (
              <span
                key={text}
                aria-hidden={i !== 0}
                data-hero-headline
                className={`col-start-1 row-start-1 transition-opacity duration-500 ${i === 0 ? shown : hiddenHeadline}`}
              >
                {text}
              </span>
            ))}
          </h1>
          <p className="mt-6 text-lg text-slate-200">{heroLead}</p>
          <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 font-medium text-white">
            <OpenNow />
            <a
              href={reviews.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
            >
              <span aria-hidden className="text-accent-500">
                ★
              </span>
              <span className="sr-only">Rated</span> {reviews.average}
              <span className="sr-only"> out of 5</span> from{" "}
              {reviews.count.toLocaleString("en-CA")}+ reviews
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/book-appointment"
              className="rounded-md bg-accent-500 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-600"
            >
              Book a Repair
            </Link>
            <Link
              to="/services"
              className="rounded-md bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Check Repair Prices
            </Link>
            <a
              href={contact.phone.href}
              className="rounded-md border border-white/50 px-5 py-3 font-semibold hover:bg-white/10"
            >
              Call {contact.phone.display}
            </a>
          </div>
        </div>
        {/* The space is kept without the button, so the page does not move when it appears. */}
        <div className="mt-10 h-9">
          <button
            type="button"
            hidden
            data-hero-toggle
            className="rounded-md border border-white/40 px-3 py-1.5 text-sm text-slate-100 hover:bg-white/10"
          >
            Pause slideshow
          </button>
        </div>
      </div>
    </section>
  );
}
