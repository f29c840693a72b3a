import type { PrintFacts } from "~/types/repairs";
import { TrackingQrCode } from "./print-qr";

/**
 * The device label, 62 mm × 29 mm (a common thermal label roll): reference, customer, the last
 * four digits of their phone, and a QR code that opens the repair's page for signed-in staff and
 * its tracking page for anyone else (decision 0047). Sized in millimetres on screen too, so the
 * preview is what prints.
 */
export function PrintLabel({ facts }: { facts: PrintFacts }) {
  return (
    <article
      data-testid="device-label"
      aria-label={`Device label ${facts.reference}`}
      className="label-paper mx-auto flex h-[29mm] w-[62mm] items-center gap-[2mm] overflow-hidden bg-white p-[2mm] text-black shadow-xl sm:[zoom:2] print:[zoom:1] print:shadow-none"
    >
      <div className="flex min-w-0 flex-1 flex-col justify-center leading-tight">
        <p
          data-testid="label-reference"
          className="font-mono text-[15pt] leading-none font-black tracking-tight"
        >
          {facts.reference}
        </p>
        <p className="mt-[1.2mm] line-clamp-2 text-[8pt] leading-[1.15] font-semibold">
          {facts.customer.name}
        </p>
        <p data-testid="label-phone" className="text-[8pt]">
          <span className="sr-only">Phone ending in </span>…{facts.customer.lastFour}
        </p>
        <p className="mt-[0.5mm] truncate text-[6.5pt] text-slate-700">
          {facts.device.name || facts.device.category}
        </p>
        {facts.device.identifier ? (
          <p className="truncate font-mono text-[6pt] text-slate-700">{facts.device.identifier}</p>
        ) : null}
        <p className="truncate text-[6.5pt] text-slate-700">In {facts.takenOn}</p>
      </div>
      <TrackingQrCode
        svg={facts.label.svg}
        label="QR code: the repair's page for staff, its tracking page for anyone else"
        className="h-[25mm] w-[25mm] shrink-0"
      />
    </article>
  );
}
