import { isbot } from "isbot";
import type { DeviceClass } from "~/types/analytics";
import { isTrackingToken } from "~/utils/booking-reference";
import { selectionLevels } from "~/utils/catalogue-selection";
import { faqCategoryFrom, matchingFaqItems } from "~/utils/faq-search";
import { publicPages } from "~/utils/public-pages";
import { isReservationReference, publicIdOfSlug } from "~/utils/shop-device";
import { publicOrigin } from "~/server/env.server";

/** What one page view leaves behind: nothing that points back to the visitor. */
export type PageView = { path: string; query: string; referrerHost: string; device: DeviceClass };

/** What a visit tells us, whether it arrives as a document request or as a beacon. */
export type Visit = {
  /** Path and query string as the browser asked for it. */
  url: string;
  userAgent?: string | null;
  /** The Sec-CH-UA-Mobile client hint ("?1" on phones), when the browser sends it. */
  mobileHint?: string | null;
  referrer?: string | null;
  /** The host the request came in on, to tell links within the site from external ones. */
  host?: string | null;
};

const maxValueLength = 60;

/** Stored paths by their lower-case spelling: the router matches paths in any case. */
const pagesByKey = new Map(publicPages.map((page) => [page.path.toLowerCase(), page.path]));

/**
 * Pages whose last segment is a secret (the booking confirmation's and the tracking link's
 * token): stored under one name, so the token never reaches the analytics tables.
 */
const secretPages: [prefix: string, suffix: string, stored: string][] = [
  ["/book-appointment/confirmation/", "", "/book-appointment/confirmation"],
  ["/sell/offer/", "", "/sell/offer/[link]"],
  ["/track-repair/", "", "/track-repair/[link]"],
  ["/track-repair/", "/quote", "/track-repair/[link]/quote"],
  ["/track-repair/", "/reschedule", "/track-repair/[link]/reschedule"],
  ["/track-repair/", "/cancel", "/track-repair/[link]/cancel"],
  ["/track-repair/", "/receipt", "/track-repair/[link]/receipt"],
  ["/track-repair/", "/pay", "/track-repair/[link]/pay"],
];

/**
 * Pages counted under one name whatever their last segment: a device for sale, and a reservation's
 * confirmation, whose reference never reaches the analytics tables.
 */
const namedPages: [prefix: string, names: (segment: string) => boolean, stored: string][] = [
  ["/shop/reserved/", isReservationReference, "/shop/reserved/[reference]"],
  ["/shop/", (segment) => publicIdOfSlug(segment) !== undefined, "/shop/[device]"],
];

/**
 * The page's path as stored, or null when no public page has it: a path a client invents
 * (`/call-now-555-…`), staff pages, JSON doors and files are not page views.
 */
export function trackedPath(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const page = pagesByKey.get(path.toLowerCase());
  if (page) return page;
  const secret = secretPages.find(
    ([prefix, suffix]) =>
      path.startsWith(prefix) &&
      path.endsWith(suffix) &&
      isTrackingToken(path.slice(prefix.length, path.length - suffix.length)),
  );
  if (secret) return secret[2];
  const named = namedPages.find(
    ([prefix, names]) => path.startsWith(prefix) && names(path.slice(prefix.length)),
  );
  return named ? named[2] : null;
}

const tidy = (value: string | null) =>
  (value ?? "").replace(/\s+/g, " ").trim().slice(0, maxValueLength);

/**
 * The query keys that choose what a page shows, in a fixed order, values tidied; "" when none.
 * The selector's choices are the catalogue's names (a page answers 200 only for those; beacons
 * are checked against the catalogue). The FAQ keeps a real category, and a search only when it
 * finds questions, so every word kept is a word of the FAQ. Anything else in a URL (campaign
 * tags, prefilled form fields, the price list's search) is dropped before it is stored.
 */
export function keptQuery(path: string, params: URLSearchParams): string {
  const kept = new URLSearchParams();
  if (path.startsWith("/services/")) {
    for (const key of selectionLevels) {
      const value = tidy(params.get(key));
      if (value) kept.set(key, value);
    }
  } else if (path === "/faq") {
    const category = faqCategoryFrom(params.get("category"));
    // Searches differ only in capitals.
    const search = tidy(params.get("q")).toLowerCase();
    if (search && matchingFaqItems(search, category).length) kept.set("q", search);
    if (category !== "all") kept.set("category", category);
  }
  return kept.toString();
}

/**
 * Coarse device class from the user agent, which itself is never stored. An Android with no
 * "Mobi" after it is a tablet. Only the last "Android" needs asking (if any lacks a later "Mobi",
 * so does the last); a lookahead per "Android" (`Android(?!.*Mobi)`) rescanned the rest of the
 * header each time, in quadratic time.
 */
export function deviceClassOf(userAgent: string, mobileHint?: string | null): DeviceClass {
  const lowerCase = userAgent.toLowerCase();
  const lastAndroid = lowerCase.lastIndexOf("android");
  if (
    /ipad|tablet|playbook|silk|kindle/.test(lowerCase) ||
    (lastAndroid >= 0 && !lowerCase.includes("mobi", lastAndroid))
  )
    return "tablet";
  if (mobileHint === "?1" || /Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent))
    return "mobile";
  return "desktop";
}

/** The referrer's host when it is another site ("www." dropped), else "". */
export function externalReferrerHost(
  referrer: string | null | undefined,
  ownHosts: (string | null | undefined)[],
): string {
  if (!referrer) return "";
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const own = new Set(ownHosts.filter(Boolean).map((host) => host!.toLowerCase()));
  if (own.has(url.host.toLowerCase())) return "";
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return host.length <= 100 ? host : "";
}

/** The public site's own host when PUBLIC_URL names it (a proxy may rewrite the Host header). */
function publicHost(): string {
  return new URL(publicOrigin()).host;
}

/** The page view a visit amounts to, or null when it is not counted (bots, non-pages). */
export function pageViewOf(visit: Visit): PageView | null {
  const userAgent = visit.userAgent ?? "";
  // Scripts without a user agent and crawlers are not visitors.
  if (!userAgent || isbot(userAgent)) return null;
  let url: URL;
  try {
    url = new URL(visit.url, "http://site.invalid");
  } catch {
    return null;
  }
  const path = trackedPath(url.pathname);
  if (!path) return null;
  return {
    path,
    query: keptQuery(path, url.searchParams),
    referrerHost: externalReferrerHost(visit.referrer, [visit.host, publicHost()]),
    device: deviceClassOf(userAgent, visit.mobileHint),
  };
}

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A served response, as the HTTP server sees it once it is sent. */
export type ServedDocument = {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  headers: Headers;
};

/**
 * The page view of a served document: a GET answered 200 with HTML that the browser asked for to
 * show (not a prefetch, whose page may never be seen and which a later navigation counts).
 */
export function documentView(served: ServedDocument): PageView | null {
  if (
    served.method !== "GET" ||
    served.status !== 200 ||
    !served.contentType?.startsWith("text/html")
  )
    return null;
  const purpose =
    header(served.headers, "sec-purpose") ??
    header(served.headers, "purpose") ??
    header(served.headers, "x-purpose") ??
    "";
  if (/prefetch|prerender|preview/i.test(purpose)) return null;
  return pageViewOf({
    url: served.url,
    userAgent: header(served.headers, "user-agent"),
    mobileHint: header(served.headers, "sec-ch-ua-mobile"),
    referrer: header(served.headers, "referer"),
    host: header(served.headers, "host"),
  });
}
