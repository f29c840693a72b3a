import type { HeadersFunction } from "react-router";

/** Kept by no shared cache, and not by the browser's disk cache or back/forward copies either. */
export const privateCacheControl = "private, no-store";

/**
 * The `headers` export of every page that carries a per-visitor key or someone's personal data.
 * The router applies a route's `headers` to the HTML document and to the `.data` answers
 * of its loader and action alike, so one export covers GET, POST and client-side navigation.
 * Headers the loader or action set themselves (Retry-After, X-Robots-Tag…) pass through; `extra`
 * adds the page's own; Cache-Control is `cacheControl`, private and no-store unless a page says otherwise.
 */
export function privatePage(
  extra: Record<string, string> = {},
  cacheControl = privateCacheControl,
): HeadersFunction {
  return ({ loaderHeaders, actionHeaders, errorHeaders }) => {
    const headers = new Headers(extra);
    for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
      // React Router carries the cookies over by itself.
      source?.forEach((value, name) => name !== "set-cookie" && headers.set(name, value));
    }
    headers.set("cache-control", cacheControl);
    return headers;
  };
}

export const privatePageHeaders = privatePage();

/** The contact page's own copy may be kept on the visitor's device, but is checked before use. */
export const revalidatedCacheControl = "private, no-cache";

/**
 * A form page whose only per-visitor content is its submission key (no one's details): the page
 * may be kept on the visitor's own device, by the browser or the service worker, so that it opens
 * offline; a stale key there is answered with a new one. What the form posts back carries the
 * visitor's input: the server answers every POST with the private, no-store policy.
 */
export const formPageHeaders = privatePage({}, revalidatedCacheControl);

/**
 * A public page read from the database on every request (/shop): any cache, the page cache
 * included (it keeps nothing marked no-cache), must ask again before using a copy, so a device
 * sold on one instance is gone from every instance's next answer.
 */
export const freshPageHeaders = privatePage({}, "no-cache");

/**
 * Names a form page's submission key when nothing else in the page is the visitor's own: the page
 * cache may then keep the page and give each response a key of its own (decision 0037). The cache
 * and the router's handler take the header off before a response leaves.
 */
export const formKeyHeader = "x-form-key";

/** The response init of a form page's loader whose page is the same for every visitor. */
export const sharedFormPage = (submissionKey: string) => ({
  headers: { [formKeyHeader]: submissionKey },
});
