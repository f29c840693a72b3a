const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export const crossSiteMessage = "This request came from another site and was refused.";

type HeaderReader = { get(name: string): string | null | undefined };

/**
 * This site's origin as a browser names it in `Origin`: the site's scheme (PUBLIC_URL's) with the
 * host the client addressed (the Host header, or a trusted proxy's X-Forwarded-Host). None for a
 * host that is not a bare host name and port, which no browser sends.
 */
export function siteOrigin(protocol: string, host: string | null | undefined): string | undefined {
  if (!host || /[/\\?#@\s]/.test(host)) return undefined;
  try {
    return new URL(`${protocol}//${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a state-changing request was sent by another site, the way Go's CrossOriginProtection
 * decides. A browser that sends Sec-Fetch-Site has said where the request came from, and that
 * answer stands alone: `same-origin` or `none` (a typed address, a bookmark) passes, anything
 * else is refused, whatever Origin says. Origin is no proof of anything there: a form on a
 * `Referrer-Policy: no-referrer` page posts `Origin: null` to its own site. Only an older browser
 * without fetch metadata is judged by its Origin, which must be this site's origin (`site`, from
 * `siteOrigin`), scheme included: a page on `http://host` is another origin than `https://host`.
 * A request with neither comes from a non-browser client, which no cookie rides along with.
 */
export function isCrossSiteRequest(
  method: string,
  headers: HeaderReader,
  site: string | undefined,
): boolean {
  if (safeMethods.has(method.toUpperCase())) return false;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = headers.get("origin");
  if (!origin) return false;
  try {
    const url = new URL(origin);
    // A browser sends a bare origin; anything else (a path, userinfo) is not one of ours.
    return url.origin !== origin.toLowerCase() || url.origin !== site;
  } catch {
    // "null" without fetch metadata (a sandboxed frame, a redirect across sites) or garbage.
    return true;
  }
}
