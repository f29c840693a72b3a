/**
 * The pages a visitor can open offline: the same for everyone, none of anyone's details. A query
 * string (a search, a selector step) makes a page someone's own question, so only the bare path
 * is kept. The two forms are kept apart, without their submission keys (offline/form-copies).
 */
const contentPaths = [
  /^\/$/,
  /^\/about$/,
  /^\/services(\/[a-z-]+)?$/,
  /^\/price-list\/[a-z-]+$/,
  /^\/faq$/,
  /^\/blog(\/[a-z0-9-]+)?$/,
  /^\/terms$/,
  /^\/privacy-policy$/,
  /^\/offline$/,
];

export const isContentPage = (url: URL) =>
  url.search === "" && contentPaths.some((pattern) => pattern.test(url.pathname));

/** A response for everyone: a full 200 from this site, which no Cache-Control forbids to keep. */
export const isKeepable = (response: Response) =>
  response.status === 200 &&
  response.type === "basic" &&
  !/no-store/i.test(response.headers.get("cache-control") ?? "");
