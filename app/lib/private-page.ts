import type { HeadersFunction } from "@remix-run/node";

/** Kept by no shared cache, and not by the browser's disk cache or back/forward copies either. */
export const privateCacheControl = "private, no-store";

/**
 * The `headers` export of every page that carries a per-visitor key or someone's personal data.
 * Remix applies a route's `headers` to the HTML document and to the single-fetch `.data` answers
 * of its loader and action alike, so one export covers GET, POST and client-side navigation.
 * Headers the loader or action set themselves (Retry-After, X-Robots-Tag…) pass through; `extra`
 * adds the page's own; Cache-Control is always the private one.
 */
export function privatePage(extra: Record<string, string> = {}): HeadersFunction {
  return ({ loaderHeaders, actionHeaders, errorHeaders }) => {
    const headers = new Headers(extra);
    for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
      // Remix carries the cookies over by itself.
      source?.forEach((value, name) => name !== "set-cookie" && headers.set(name, value));
    }
    headers.set("cache-control", privateCacheControl);
    return headers;
  };
}

export const privatePageHeaders = privatePage();
