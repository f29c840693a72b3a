import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { CloseIcon } from "./icons";

export type ToastType = "message" | "success" | "destructive";
export type ToastData = { id: string; type: ToastType; title: string; description?: string };

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

function ToastCard({ toast, onDismiss }: { toast: ToastData; onDismiss(): void }) {
  const dismissId = `toast-dismiss-${toast.id}`;
  return (
    <>
      {/* The checkbox lets the label close the toast without JavaScript. */}
      <input id={dismissId} type="checkbox" className="peer sr-only" onChange={onDismiss} />
      <div
        data-testid="toast"
        data-type={toast.type}
        className={`toast-expire pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden peer-focus-visible:[&_label]:outline-3 peer-focus-visible:[&_label]:outline-accent-500 ${styles[toast.type]}`}
        style={{ ["--toast-duration" as string]: `${toastDurationMs}ms` }}
      >
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        </div>
        <label htmlFor={dismissId} className="cursor-pointer rounded p-1 opacity-70 hover:opacity-100" title="Dismiss">
          <CloseIcon aria-hidden />
          <span className="sr-only">Dismiss notification</span>
        </label>
      </div>
    </>
  );
}

/** Holds at most one toast; a new one replaces it. Renders the live region screen readers watch. */
export function ToastProvider({ serverToast, children }: { serverToast: ToastData | null; children: ReactNode }) {
  const [toast, setToast] = useState<ToastData | null>(serverToast);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (serverToast) setToast(serverToast);
  }, [serverToast]);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toastDurationMs);
    return () => clearTimeout(timer);
  }, [toast]);

  const show = useCallback<ToastApi["show"]>((next) => setToast({ ...next, id: next.id ?? crypto.randomUUID() }), []);
  const dismiss = useCallback(() => setToast(null), []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live={toast?.type === "destructive" ? "assertive" : "polite"}
        className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center px-4 sm:items-end"
      >
        {/* Re-keyed after hydration so a toast that came with the page is announced too. */}
        {toast ? <ToastCard key={`${toast.id}-${hydrated}`} toast={toast} onDismiss={dismiss} /> : null}
      </div>
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
