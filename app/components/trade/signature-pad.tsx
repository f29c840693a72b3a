import { useRef, useState, type PointerEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { secondaryButton } from "~/components/admin/ui";
import { pathPoint, signatureBox, signatureMax } from "~/utils/signature-path";

/**
 * The seller signs with a finger or the mouse: each stroke becomes SVG path data ("M x y L x y …",
 * app/utils/signature-path.ts) in a hidden input sent with the form. Without JavaScript the pad is
 * not drawn at all and the typed name alone is the declaration.
 */
export function SignaturePad({ name }: { name: string }) {
  const hydrated = useHydrated();
  const [path, setPath] = useState("");
  const drawing = useRef(false);
  if (!hydrated) return null;

  const point = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return pathPoint(
      ((event.clientX - box.left) / box.width) * signatureBox.width,
      ((event.clientY - box.top) / box.height) * signatureBox.height,
    );
  };
  const add = (piece: string) =>
    setPath((drawn) => (drawn.length + piece.length <= signatureMax ? drawn + piece : drawn));

  return (
    <div>
      <p id="signature-label" className="text-sm font-medium text-slate-800">
        Seller&apos;s signature (finger or mouse)
      </p>
      <svg
        role="img"
        aria-labelledby="signature-label"
        data-testid="signature-pad"
        viewBox={`0 0 ${signatureBox.width} ${signatureBox.height}`}
        className="mt-1 block aspect-[3/1] w-full max-w-xl touch-none rounded-md border border-slate-400 bg-white"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          add(`M${point(event)}`);
        }}
        onPointerMove={(event) => {
          if (drawing.current) add(`L${point(event)}`);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      >
        <path d={path} fill="none" stroke="#0f172a" strokeWidth={3} strokeLinecap="round" />
      </svg>
      <input type="hidden" name={name} value={path} />
      <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setPath("")}>
        Clear signature
      </button>
    </div>
  );
}
