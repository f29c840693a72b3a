import type { ReactNode } from "react";
import { AdminToastProvider } from "./admin-toasts";

/** The narrow card the login steps and the logout question sit in, outside the admin layout. */
export function LoginCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminToastProvider>
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
        <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
          {children}
        </div>
      </main>
    </AdminToastProvider>
  );
}
