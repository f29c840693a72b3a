import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { useEffect, type ReactNode } from "react";
import { ErrorPage } from "~/components/error-page";
import { OfflineBars } from "~/components/offline/offline-bars";
import { PageCalendarData } from "~/components/layout/page-calendar-data";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { ToastProvider, ToastTemplates, type ToastData } from "~/components/toaster";
import { isAdminPath } from "~/utils/admin-path";
import { analyticsEnabled } from "~/models/analytics.server";
import { pageCalendar } from "~/models/shop-calendar.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { pageTitle } from "~/utils/meta";
import { useNonce } from "~/utils/nonce";
import { usePublicScript } from "~/utils/public-script";
import { getToast } from "~/server/toast.server";
import stylesheet from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/**
 * The hours the public chrome shows beside the week's (closures, holidays, special hours, open
 * now: decision 0055); null under /admin, and when the database does not answer (the week's hours
 * alone are shown then).
 */
async function chromeCalendar(pathname: string) {
  if (isAdminPath(pathname)) return null;
  try {
    return await pageCalendar();
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return null;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ toast, headers }, calendar] = await Promise.all([
    getToast(request),
    chromeCalendar(new URL(request.url).pathname),
  ]);
  return data(
    {
      toast: context.toast ?? toast,
      requestId: context.requestId,
      analytics: analyticsEnabled(),
      calendar,
    },
    headers ? { headers } : undefined,
  );
}

/**
 * Always (the staff admin's client navigations): with single fetch the root loader then runs in the
 * same request as the page's own, so an error page quotes the id of the request that failed, not
 * of the first page load.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const publicScript = usePublicScript();
  // The public page script measures Web Vitals only where the server counts visits.
  const analytics = !!useRouteLoaderData<typeof loader>("root")?.analytics && !!publicScript;
  // The outermost effect runs after every page component's: from here on the page answers input
  // as its script means it to, and `html[data-hydrated]` says so to the browser tests.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en-CA" className="scroll-smooth" data-analytics={analytics ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e40af" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-800 antialiased">
        {children}
        {publicScript ? (
          <script type="module" src={publicScript} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The public chrome: header, footer and toasts (the header holds the WhatsApp link). None of it
 * under /admin.
 */
function PublicShell({ toast, children }: { toast: ToastData | null; children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ToastProvider serverToast={toast} before={<SiteHeader />}>
        <OfflineBars />
        <ToastTemplates />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <PageCalendarData />
      </ToastProvider>
    </>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return isAdminPath(pathname) ? (
    <Outlet />
  ) : (
    <PublicShell toast={toast}>
      <Outlet />
    </PublicShell>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle() }];

/** Reached only when the root itself fails; page errors are caught closer, inside the layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage error={error} />;
}
