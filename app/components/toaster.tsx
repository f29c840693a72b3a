import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CloseIcon } from "./icons";

export type ToastType = "message" | "success" | "destructive";
export type ToastData = { id: string; type: ToastType; title: string; description?: string };
/** `inFlow`: came with the page, so it sits at the top of it and pushes the content down. */
type ShownToast = ToastData & { inFlow: boolean };

export const toastDurationMs = 5000;

type ToastApi = { show(toast: Omit<ToastData, "id"> & { id?: string }): void; dismiss(): void };
const ToastContext = createContext<ToastApi | null>(null);

/** Client-side toasts (validation, failed requests); server toasts arrive through the flash cookie. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a <ToastProvider>");
  return api;
}

const styles: Record<ToastType, string> = {
  message: "border-slate-200 bg-white text-slate-900",
  success: "border-green-200 bg-green-50 text-green-900",
  destructive: "border-red-300 bg-red-700 text-white",
};

// Floating toasts are placed before the browser paints; the server never has one to place.
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

const gap = 12;
const overlaps = (a: DOMRect, top: number, card: DOMRect) => a.left < card.right && a.right > card.left && a.top < top + card.height && a.bottom > top;

/** What a floating toast must leave uncovered: the focused control and visible submit buttons. */
function guardedRects(region: HTMLElement) {
  const focused = document.activeElement === document.body ? null : document.activeElement;
  const elements = [focused, ...document.querySelectorAll("form button:not([type=button]):not([type=reset]), input[type=submit]")];
  return elements.flatMap((element) => (element && !region.contains(element) ? [element.getBoundingClientRect()] : [])).filter((rect) => rect.width && rect.height);
}

/**
 * Puts the floating toast at the bottom on a phone (top right on wider screens), always below
 * the site header with its logo and menu, unless it would cover something guarded there; then at
 * the other end, then at the first free place in between.
 */
function placeToast(region: HTMLElement) {
  const card = region.querySelector("[data-testid=toast]")?.getBoundingClientRect();
  if (!card) return;
  const view = window.visualViewport;
  const viewTop = view?.offsetTop ?? 0;
  const guarded = guardedRects(region);
  const first = Math.max(viewTop, document.querySelector("body > header")?.getBoundingClientRect().bottom ?? 0) + gap;
  const last = viewTop + (view?.height ?? window.innerHeight) - card.height - gap - parseFloat(getComputedStyle(region).paddingBottom);
  const ends = window.innerWidth < 640 ? [last, first] : [first, last];
  const between = Array.from({ length: Math.max(0, Math.floor((last - first) / 16)) }, (_, i) => first + 16 * (i + 1));
  const top = [...ends, ...between].find((candidate) => !guarded.some((rect) => overlaps(rect, candidate, card))) ?? ends[0]!;
  region.style.top = `${Math.round(top)}px`;
}

function ToastCard({ toast, onDismiss }: { toast: ShownToast; onDismiss(): void }) {
  const dismissId = `toast-dismiss-${toast.id}`;
  return (
    <>
      {/* The checkbox lets the label close the toast without JavaScript. */}
      <input id={dismissId} type="checkbox" className="peer sr-only" onChange={onDismiss} />
      <div
        data-testid="toast"
        data-type={toast.type}
        className={`toast-expire pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden peer-focus-visible:[&_label]:outline-3 peer-focus-visible:[&_label]:outline-accent-500 ${toast.inFlow ? "my-3" : "sm:max-w-sm"} ${styles[toast.type]}`}
        style={{ ["--toast-duration" as string]: `${toastDurationMs}ms` }}
      >
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        </div>
        <label htmlFor={dismissId} className="-m-2 inline-flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded opacity-70 hover:opacity-100" title="Dismiss">
          <CloseIcon aria-hidden />
          <span className="sr-only">Dismiss notification</span>
        </label>
      </div>
    </>
  );
}

/**
 * Holds at most one toast; a new one replaces it. Renders the live region screen readers watch,
 * after `before` (the site header). A toast that came with the page is laid out in the page, so
 * it covers nothing, with or without JavaScript; one shown later floats, placed by placeToast.
 */
export function ToastProvider({ serverToast, before, children }: { serverToast: ToastData | null; before?: ReactNode; children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(serverToast && { ...serverToast, inFlow: true });
  const [hydrated, setHydrated] = useState(false);
  const pageToast = useRef(serverToast);
  const region = useRef<HTMLDivElement>(null);
  const floating = !!toast && !toast.inFlow;

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (serverToast && serverToast !== pageToast.current) setToast({ ...serverToast, inFlow: false });
  }, [serverToast]);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toastDurationMs);
    return () => clearTimeout(timer);
  }, [toast]);
  useBeforePaint(() => {
    const element = region.current;
    if (!floating || !element) return;
    let frame = 0;
    const place = () => placeToast(element);
    const placeSoon = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    place();
    // Focus moves (a form marks its first error) and the page scrolls while the toast is up.
    document.addEventListener("focusin", placeSoon);
    window.addEventListener("scroll", placeSoon, { passive: true });
    window.addEventListener("resize", placeSoon);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("focusin", placeSoon);
      window.removeEventListener("scroll", placeSoon);
      window.removeEventListener("resize", placeSoon);
      element.style.top = "";
    };
  }, [floating, toast]);

  const show = useCallback<ToastApi["show"]>((next) => setToast({ ...next, id: next.id ?? crypto.randomUUID(), inFlow: false }), []);
  const dismiss = useCallback(() => setToast(null), []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {before}
      <div
        ref={region}
        role="status"
        aria-live={toast?.type === "destructive" ? "assertive" : "polite"}
        className={`flex flex-col px-4 ${
          floating ? "pointer-events-none fixed inset-x-0 top-0 z-50 pb-[env(safe-area-inset-bottom)] sm:items-end" : "mx-auto w-full max-w-7xl"
        }`}
      >
        {/* Re-keyed after hydration so a toast that came with the page is announced too. */}
        {toast ? <ToastCard key={`${toast.id}-${hydrated}`} toast={toast} onDismiss={dismiss} /> : null}
      </div>
      {children}
    </ToastContext.Provider>
  );
}

/** Shows a toast an action returned; without JavaScript the root loader shows it instead. */
export function useActionToast(toast: Omit<ToastData, "id"> | undefined) {
  const { show } = useToast();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
}
