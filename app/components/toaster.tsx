import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { CloseIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

type ToastType = "message" | "success" | "destructive";
export type ToastData = { id: string; type: ToastType; title: string; description?: string };
/** `inFlow`: came with the page, so it sits at the top of it and pushes the content down. */
type ShownToast = ToastData & { inFlow: boolean };

const toastDurationMs = 5000;

type ToastApi = { show(toast: Omit<ToastData, "id"> & { id?: string }): void; dismiss(): void };
const ToastContext = createContext<ToastApi | null>(null);

/**
 * Client-side toasts (validation, failed requests); server toasts arrive through the flash cookie.
 */
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

function ToastCard({ toast, onDismiss }: { toast: ShownToast; onDismiss(): void }) {
  const dismissId = `toast-dismiss-${toast.id}`;
  return (
    <>
      {/* The checkbox lets the label close the toast without JavaScript. */}
      <input id={dismissId} type="checkbox" className="peer sr-only" onChange={onDismiss} />
      <div
        data-testid="toast"
        data-type={toast.type}
        className={`toast-card toast-expire ${toast.inFlow ? "my-3" : "sm:max-w-sm"} ${styles[toast.type]}`}
        style={{ ["--toast-duration" as string]: `${toastDurationMs}ms` }}
      >
        <div className="flex-1">
          <p className="font-semibold" data-toast-title>
            {toast.title}
          </p>
          {toast.description ? (
            <p className="mt-1 text-sm opacity-90" data-toast-description>
              {toast.description}
            </p>
          ) : null}
        </div>
        <label htmlFor={dismissId} className="toast-dismiss" title="Dismiss">
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
 * it covers nothing, with or without JavaScript; one shown later floats where toast-placement
 * puts it.
 */
export function ToastProvider({
  serverToast,
  before,
  children,
}: {
  serverToast: ToastData | null;
  before?: ReactNode;
  children: ReactNode;
}) {
  const [toast, setToast] = useState<ShownToast | null>(
    serverToast && { ...serverToast, inFlow: true },
  );
  const hydrated = useHydrated();
  const pageToast = useRef(serverToast);
  const region = useRef<HTMLDivElement>(null);
  const floating = !!toast && !toast.inFlow;

  useEffect(() => {
    // Fetched ahead, so a toast shown later is placed at once. Offline, the fetch fails; the
    // placement below then says so and the toast shows unplaced.
    import("./toast-placement").catch(() => {});
  }, []);
  useEffect(() => {
    if (serverToast && serverToast !== pageToast.current)
      setToast({ ...serverToast, inFlow: false });
  }, [serverToast]);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toastDurationMs);
    return () => clearTimeout(timer);
  }, [toast]);
  // Until placed, a floating toast is transparent (screen readers still hear it) and lets clicks
  // through.
  useEffect(() => {
    const element = region.current;
    if (!floating || !element) return;
    let stop: (() => void) | undefined;
    let current = true;
    import("./toast-placement").then(
      ({ followPlacement }) => {
        if (current) stop = followPlacement(element);
      },
      // Unplaced, it still shows: at the bottom, clear of the header.
      () => (element.dataset.placed = ""),
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [floating, toast]);

  const show = useCallback<ToastApi["show"]>(
    (next) => setToast({ ...next, id: next.id ?? crypto.randomUUID(), inFlow: false }),
    [],
  );
  const dismiss = useCallback(() => setToast(null), []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {before}
      <div
        ref={region}
        data-toast-region
        role="status"
        aria-live={toast?.type === "destructive" ? "assertive" : "polite"}
        className={`flex flex-col px-4 ${floating ? "toast-float" : "mx-auto w-full max-w-7xl"}`}
      >
        {/* Re-keyed after hydration so a toast that came with the page is announced too. */}
        {toast ? (
          <ToastCard key={`${toast.id}-${hydrated}`} toast={toast} onDismiss={dismiss} />
        ) : null}
      </div>
      {children}
    </ToastContext.Provider>
  );
}

const noDismiss = () => undefined;

/**
 * A card of each kind, for the public pages' script to fill in and show (app/browser/toast.ts):
 * the markup stays here, in one place.
 */
export function ToastTemplates() {
  return (["message", "success", "destructive"] as const).map((type) => (
    <template key={type} data-toast={type}>
      <ToastCard
        toast={{ id: type, type, title: "", description: " ", inFlow: true }}
        onDismiss={noDismiss}
      />
    </template>
  ));
}

/** Shows a toast an action returned; without JavaScript the root loader shows it instead. */
export function useActionToast(toast: Omit<ToastData, "id"> | undefined) {
  const { show } = useToast();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
}
