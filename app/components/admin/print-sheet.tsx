import { Link } from "react-router";
import { useEffect, type ReactNode } from "react";
import { AdminErrorBoundary } from "./admin-error";
import { AdminToastProvider } from "./admin-toasts";
import { useHydrated } from "~/components/use-hydrated";
import { primaryButton, secondaryButton } from "./ui";

/**
 * The Print button needs JavaScript; until the page is hydrated (or without it) the keyboard
 * shortcut is named instead.
 */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p data-testid="print-hint" className="text-sm text-slate-700">
        Use your browser&apos;s Print (Ctrl+P, or ⌘P on a Mac).
      </p>
    );
  }
  return (
    <button type="button" onClick={() => window.print()} className={primaryButton}>
      Print
    </button>
  );
}

type SheetLink = { to: string; label: string };

/** Opens the print dialog once the sheet is on screen (its print styles load before it renders). */
function PrintOnOpen() {
  useEffect(() => window.print(), []);
  return null;
}

/**
 * A printable page outside the admin layout: on screen, a toolbar above a centred paper preview;
 * on paper, only the sheet (the toolbar and toasts are hidden by print CSS).
 */
export function PrintSheet({
  title,
  links,
  width,
  printOnOpen = false,
  children,
}: {
  title: string;
  links: SheetLink[];
  width: string;
  /** Open the print dialog at once (with JavaScript): the page is there to be printed. */
  printOnOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <AdminToastProvider>
      <main
        id="main"
        className="min-h-screen bg-slate-200 px-3 py-6 print:min-h-0 print:bg-white print:p-0"
      >
        <div
          data-testid="print-toolbar"
          className="mx-auto mb-5 flex flex-wrap items-center gap-2 print:hidden"
          style={{ maxWidth: width }}
        >
          <h1 className="mr-auto text-lg font-semibold text-slate-900">{title}</h1>
          {links.map((link) => (
            <Link key={link.to} to={link.to} className={secondaryButton}>
              {link.label}
            </Link>
          ))}
          <PrintButton />
        </div>
        {children}
        {printOnOpen ? <PrintOnOpen /> : null}
      </main>
    </AdminToastProvider>
  );
}

/** A print page that failed (not found, database down): the admin error, with a way back. */
export function PrintErrorBoundary() {
  return (
    <AdminToastProvider>
      <main id="main" className="mx-auto w-full max-w-xl space-y-4 p-6">
        <AdminErrorBoundary />
        <Link to="/admin/repairs" className={secondaryButton}>
          Back to Manage Repairs
        </Link>
      </main>
    </AdminToastProvider>
  );
}
