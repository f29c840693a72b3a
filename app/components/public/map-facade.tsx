import { address, brand } from "~/config/shop";
import { MapPinIcon } from "../icons";

const newTab = { target: "_blank", rel: "noopener noreferrer" } as const;

/**
 * The shop on a map. The embedded map is a third party's page, so it loads only when the
 * visitor asks for it: the page script (app/browser/map-facade.ts) reveals the button and swaps
 * the <template>'s frame in. Until then, and without JavaScript, a local picture and links to a
 * maps service stand in.
 */
export function MapFacade({ className = "" }: { className?: string }) {
  return (
    <figure
      className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${className}`}
    >
      <div className="relative aspect-[16/9] bg-slate-100" data-map-facade>
        <img
          src="/images/map-facade.svg"
          alt=""
          width={800}
          height={450}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
        <button
          type="button"
          hidden
          className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-md ring-1 ring-slate-300 hover:bg-brand-50"
        >
          Show interactive map
        </button>
        <template>
          <iframe
            src={address.mapEmbed}
            title={`Map showing ${brand.name} at ${address.full}`}
            className="absolute inset-0 h-full w-full border-0"
          />
        </template>
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="flex items-start gap-2 text-slate-700">
          <MapPinIcon className="mt-1 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold text-slate-900">{brand.name}</span>, {address.full}
          </span>
        </p>
        <p className="flex gap-2">
          <a
            href={address.mapLink}
            {...newTab}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Open in Maps<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a
            href={address.directionsLink}
            {...newTab}
            className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Directions<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </figcaption>
    </figure>
  );
}
