import { useRouteLoaderData } from "react-router";
import type { ReactNode } from "react";
import { ToastProvider } from "~/components/toaster";
import type { loader as rootLoader } from "~/root";

/**
 * The public shell (and its toasts) is absent under /admin: staff pages show the root's flashed
 * toast here.
 */
export function AdminToastProvider({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <ToastProvider serverToast={root?.toast ?? null}>{children}</ToastProvider>;
}
