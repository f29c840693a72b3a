import { Link, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import { contact } from "~/config/shop";
import type { UnavailableData } from "~/types/unavailable";

/** A 503 thrown by `unavailableFor` carries its message and the request id. */
export function unavailableData(error: unknown): UnavailableData | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 503) return undefined;
  const data = error.data as Partial<UnavailableData> | null;
  return typeof data?.message === "string" && typeof data.requestId === "string"
    ? { message: data.message, requestId: data.requestId }
    : undefined;
}

/**
 * A page that could not be fetched at all (no connection), as opposed to one the server refused.
 */
const isLostConnection = (error: unknown) =>
  error instanceof TypeError && /fetch|network|load failed/i.test(error.message);

function describe(error: unknown): { status: number; title: string; message: string } {
  if (isLostConnection(error)) {
    return {
      status: 0,
      title: "You're offline",
      message: "This page needs a connection. Please try again when you're back online.",
    };
  }
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return {
        status: 404,
        title: "Page not found",
        message:
          typeof error.data === "string" && error.data
            ? error.data
            : "We couldn't find the page you were looking for.",
      };
    }
    if (error.status === 503) {
      const message =
        unavailableData(error)?.message ??
        "The site is having a short hiccup. Please try again in a minute.";
      return { status: 503, title: "We'll be right back", message };
    }
    return {
      status: error.status,
      title: "Something went wrong",
      message: typeof error.data === "string" ? error.data : error.statusText,
    };
  }
  return {
    status: 500,
    title: "Something went wrong",
    message: "An unexpected error occurred. Please try again later.",
  };
}

/** Friendly for every status; a stack trace only in development. */
export function ErrorPage({ error }: { error: unknown }) {
  const { status, title, message } = describe(error);
  // The service worker answers a full page load offline (the page as kept, or the offline page).
  useEffect(() => {
    if (isLostConnection(error) && navigator.serviceWorker?.controller) window.location.reload();
  }, [error]);
  // The root loader runs in the same request as the failing one (see root's shouldRevalidate).
  const rootRequestId = useRouteLoaderData<{ requestId: string }>("root")?.requestId;
  const requestId =
    unavailableData(error)?.requestId ?? (status >= 500 ? rootRequestId : undefined);
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      {status ? <p className="text-6xl font-extrabold text-brand-700">{status}</p> : null}
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{message}</p>
      {requestId ? <p className="mt-2 text-sm text-slate-500">Reference: {requestId}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Back to Home
        </Link>
        <Link
          to="/services"
          className="rounded-md border border-slate-300 px-5 py-3 font-semibold hover:bg-slate-50"
        >
          Our Services
        </Link>
        <a
          href={contact.phone.href}
          className="rounded-md border border-slate-300 px-5 py-3 font-semibold hover:bg-slate-50"
        >
          Call {contact.phone.display}
        </a>
      </div>
      {stack ? (
        <pre className="mt-10 overflow-auto rounded bg-slate-100 p-4 text-left text-xs">
          {stack}
        </pre>
      ) : null}
    </section>
  );
}
