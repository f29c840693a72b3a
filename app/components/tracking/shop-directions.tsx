import { address, brand } from "~/config/shop";
import { MapPinIcon } from "../icons";

/** Where the shop is, and a link that opens directions to it in Google Maps. */
export function ShopDirections({ className = "" }: { className?: string }) {
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-4 ${className}`}
      data-testid="shop-directions"
    >
      <p className="flex min-w-0 items-start gap-2 text-slate-700">
        <MapPinIcon className="mt-1 shrink-0 text-brand-700" />
        <span>
          <span className="font-semibold text-slate-900">{brand.name}</span>, {address.full}
        </span>
      </p>
      <a
        href={address.directionsLink}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Get directions<span className="sr-only"> (opens Google Maps in a new tab)</span>
      </a>
    </div>
  );
}
