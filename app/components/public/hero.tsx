import { Link } from "react-router";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Photo } from "~/components/public/photo";
import { heroHeadlines, heroLead, heroRotation } from "~/content/home";
import { heroSlots } from "~/config/photos";
import { contact } from "~/config/shop";
import { isLightOnData } from "~/utils/light-on-data";

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
/** For a value read again at each render, whose changes need not re-render on their own. */
const noChanges = () => () => {};

/**
 * Follows the visitor's setting live; the server assumes reduced motion, so nothing moves before
 * hydration.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(reducedMotionQuery);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
}

/** An index that advances every `intervalMs` and wraps at `count`, while `running`; stops on unmount. */
function useRotation(count: number, intervalMs: number, running: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, running]);
  return index;
}

/**
 * The home page's opening: a headline that changes every 5 s over a background that changes
 * every 7 s, two clocks that run independently. Without JavaScript, under reduced motion or when
 * paused, the first headline and picture stay; with Save-Data or a slow connection, the first
 * picture. Only the first picture loads with the page; each later one is requested one step before
 * it shows, so it can fade in.
 */
export function Hero() {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const running = !reducedMotion && !paused;
  // Until hydration, and whenever the visitor's browser asks to save data, the first picture stays.
  const lightOnData = useSyncExternalStore(noChanges, isLightOnData, () => true);
  const picturesRunning = running && !lightOnData;
  const headline = useRotation(heroHeadlines.length, heroRotation.headlineMs, running);
  const image = useRotation(heroSlots.length, heroRotation.imageMs, picturesRunning);

  // The furthest picture shown stays mounted as the rotation starts again from the first.
  const [furthest, setFurthest] = useState(0);
  if (image > furthest) setFurthest(image);
  const mounted = picturesRunning ? furthest + 1 : furthest;

  return (
    <section className="relative isolate overflow-hidden bg-slate-950 text-white">
      <div className="absolute inset-0 -z-10" data-testid="hero-images">
        {heroSlots.map((slot, i) =>
          i <= mounted ? (
            <Photo
              key={slot.name}
              slot={slot}
              sizes="100vw"
              priority={i === 0}
              data-current={i === image}
              className={`absolute inset-0 h-full w-full object-cover object-[75%_center] transition-opacity duration-1000 ${i === image ? "opacity-100" : "opacity-0"}`}
            />
          ) : null,
        )}
        <div className="absolute inset-0 bg-gradient-to-r from-slate-950/95 via-slate-950/80 to-slate-950/30" />
      </div>
      <div className="mx-auto max-w-7xl px-4 py-20 sm:py-28">
        <div className="max-w-2xl">
          <h1 className="grid text-4xl font-extrabold tracking-tight sm:text-5xl">
            {/* Stacked in one grid cell: the tallest sets the height, so the page never jumps. */}
            {heroHeadlines.map((text, i) => (
              <span
                key={text}
                aria-hidden={i !== headline}
                className={`col-start-1 row-start-1 transition-opacity duration-500 ${i === headline ? "opacity-100" : "invisible opacity-0"}`}
              >
                {text}
              </span>
            ))}
          </h1>
          <p className="mt-6 text-lg text-slate-200">{heroLead}</p>
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
          {reducedMotion ? null : (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              className="rounded-md border border-white/40 px-3 py-1.5 text-sm text-slate-100 hover:bg-white/10"
            >
              {paused ? "Play slideshow" : "Pause slideshow"}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
