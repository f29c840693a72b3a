/**
 * The pages a visitor can open offline: the same for everyone, none of anyone's details. A query
 * string (a search, a selector step) makes a page someone's own question, so only the bare path
 * is kept. Each page's single-fetch data (`/services.data`, `/_root.data` for the home page)
 * goes with it, so links between kept pages work offline without a reload.
 */
const contentPaths = [
  /^\/$/,
  /^\/about$/,
  /^\/services(\/[a-z-]+)?$/,
  /^\/price-list\/[a-z-]+$/,
  /^\/faq$/,
  /^\/blog(\/[a-z0-9-]+)?$/,
  /^\/contact$/,
  /^\/terms$/,
  /^\/privacy-policy$/,
  /^\/offline$/,
];

const isContentPath = (path: string) => contentPaths.some((pattern) => pattern.test(path));

export const isContentPage = (url: URL) => url.search === "" && isContentPath(url.pathname);

export function isContentData(url: URL) {
  if (
    !url.pathname.endsWith(".data") ||
    [...url.searchParams.keys()].some((name) => name !== "_routes")
  )
    return false;
  const path = url.pathname.slice(0, -".data".length);
  return isContentPath(path === "/_root" ? "/" : path);
}

/** A response for everyone: a full 200 from this site, which no Cache-Control forbids to keep. */
export const isKeepable = (response: Response) =>
  response.status === 200 &&
  response.type === "basic" &&
  !/no-store/i.test(response.headers.get("cache-control") ?? "");
