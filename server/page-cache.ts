import type { IncomingMessage, ServerResponse } from "node:http";
import { issueFormKey } from "~/server/submission.server";
import { formKeyHeader, revalidatedCacheControl } from "~/utils/private-page";
import { msUntilShopMidnight } from "~/utils/shop-time";
import { cachePage, pageBody, type CachedPage, type HoleValues } from "./cached-page";
import { markRevalidated } from "./page-views";
import type { ResponseValues } from "./response-start";

type Options = {
  /**
   * The build's asset version: part of every key and ETag, so no deploy serves or confirms another
   * build's HTML.
   */
  buildVersion: string;
  /** The only paths kept, exactly as written (the public content pages). */
  paths: Iterable<string>;
  /**
   * Paths also kept with a plain query string (the service selector's steps). Their loaders
   * redirect every selection the catalogue lacks, and only a 200 is kept, so what is kept stays a
   * bounded set of URLs, dropped with the rest on every catalogue change.
   */
  queriedPaths?: Iterable<string>;
  /** Whether a query string is in the one form the selector links to (any other is not kept). */
  plainQuery?: (search: string) => boolean;
  /**
   * Listed paths of form pages, with how long a kept copy serves (in ms; Infinity: until the
   * catalogue changes). Such a page is kept only when its render names its submission key in the
   * X-Form-Key header, saying nothing else in it is the visitor's own; each response gets a key of
   * its own (decision 0037).
   */
  formPages?: ReadonlyMap<string, number>;
  /** Milliseconds on a clock that only goes forward, for the form pages' lifetimes. */
  now?: () => number;
  /**
   * Milliseconds until the shop's day ends. No page serves past it: every public page shows that
   * day's hours and whether the shop is open that day (decision 0055).
   */
  dayLeft?: () => number;
  /**
   * True while catalogue changes are heard (see watchCatalogue); nothing is served from memory
   * otherwise.
   */
  live: () => boolean;
  maxBytes?: number;
};

export type PageCache = ReturnType<typeof createPageCache>;

/** A render's answer, and the page made of it when it is one to keep. */
type Rendered = { response: Response; page?: CachedPage | null };

/**
 * Headers of the rendered answer that the cache does not keep: it sets its own (a form page keeps
 * its Cache-Control).
 */
const ownHeaders = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "etag",
  "cache-control",
  "vary",
  formKeyHeader,
]);

/**
 * A rendered answer that is the same for every visitor: 200, HTML, no cookie, and nothing in its
 * Cache-Control that makes it someone's own (toasts, tracking and the staff pages all say private
 * or no-store), or a form page whose only value of its own is the submission key it names.
 */
function isShared(response: Response, formPage: boolean) {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    (formPage
      ? response.headers.has(formKeyHeader)
      : !/no-store|private|no-cache/i.test(cacheControl))
  );
}

/** If-None-Match with the weak comparison (RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** Longer selector addresses are no selection a page links to: rendered, never kept. */
const maxQueriedUrl = 512;

type Encoding = "br" | "gzip" | "identity";
const encodingsKnown = 64;
/**
 * Accept-Encoding headers seen and the compressions each takes, best first: browsers send a handful
 * of spellings.
 */
const compressionsByHeader = new Map<string, ("br" | "gzip")[]>();

/**
 * The compressions an Accept-Encoding header takes, by its q-values; brotli first when they tie.
 */
function compressionsAccepted(header: string): ("br" | "gzip")[] {
  const quality = new Map<string, number>();
  for (const item of header.toLowerCase().split(",")) {
    const [name = "", ...params] = item.split(";").map((piece) => piece.trim());
    const q = params
      .map((param) => /^q=([\d.]+)$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    quality.set(name, q === undefined ? 1 : Number(q));
  }
  const of = (name: string) => quality.get(name) ?? quality.get("*") ?? 0;
  return (["br", "gzip"] as const).filter((name) => of(name) > 0).sort((a, b) => of(b) - of(a));
}

function encodingFor(req: IncomingMessage, page: CachedPage): Encoding {
  const header = req.headers["accept-encoding"] ?? "";
  let accepted = compressionsByHeader.get(header);
  if (!accepted) {
    accepted = compressionsAccepted(header);
    if (compressionsByHeader.size < encodingsKnown) compressionsByHeader.set(header, accepted);
  }
  return accepted.find((name) => (name === "br" ? page.brotli : page.gzip)) ?? "identity";
}

/**
 * Content pages kept as rendered HTML, each response with its own nonce and request id (and a form
 * page's submission key) spliced in (decisions 0023 and 0037). Only a GET or HEAD of a listed path
 * (with no query string, but for the selector's steps), no cookie and no Authorization is answered
 * from memory; a page is kept only when its rendered answer is shared by every visitor. A
 * catalogue or hours change (or a moment in which one may have been missed) drops every page; a
 * render that began before the drop is not kept; and no page serves past the shop's midnight.
 */
export function createPageCache({
  buildVersion,
  paths,
  queriedPaths = [],
  plainQuery = () => false,
  formPages = new Map(),
  now = () => performance.now(),
  dayLeft = () => msUntilShopMidnight(),
  live,
  maxBytes = 32 * 1024 * 1024,
}: Options) {
  const listed = new Set(paths);
  const queried = new Set(queriedPaths);
  const isListed = (url: string) => {
    if (listed.has(url)) return true;
    const mark = url.indexOf("?");
    return (
      mark > 0 &&
      url.length <= maxQueriedUrl &&
      queried.has(url.slice(0, mark)) &&
      plainQuery(url.slice(mark))
    );
  };
  /** Each kept page, and when it stops serving (a form page's lifetime). */
  const pages = new Map<string, { page: CachedPage; until: number }>();
  const rendering = new Map<string, Promise<Rendered>>();
  let bytes = 0;
  let generation = 0;

  const drop = (key: string) => {
    bytes -= pages.get(key)?.page.bytes ?? 0;
    pages.delete(key);
  };
  const keep = (key: string, page: CachedPage, until: number) => {
    if (page.bytes > maxBytes) return;
    drop(key);
    pages.set(key, { page, until });
    bytes += page.bytes;
    // Least recently served first.
    for (const oldKey of pages.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldKey);
    }
  };

  /**
   * Splits a rendered answer into a page, kept unless the catalogue changed while it was rendered.
   */
  const makePage = async (
    key: string,
    html: Buffer,
    response: Response,
    rendered: HoleValues,
    lifetime: number,
  ) => {
    const started = generation;
    // The calendar, open-now text and the footer's year are the day's: no page outlives it.
    const until = now() + Math.min(lifetime, dayLeft());
    const headers = [...response.headers].filter(
      ([name]) =>
        !ownHeaders.has(name) || (rendered.formKey !== undefined && name === "cache-control"),
    );
    const page = await cachePage(html, headers, buildVersion, rendered);
    if (page && started === generation) keep(key, page, until);
    return page;
  };

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    outcome: "hit" | "miss",
    { requestId, cspNonce }: ResponseValues,
  ) => {
    // Says whether the page came from memory, for operators and tests.
    res.setHeader("X-Page-Cache", outcome);
    res.setHeader("Vary", "Accept-Encoding");
    // A form page is never confirmed: a copy the browser kept would post a key already used.
    if (!page.formKey) {
      res.setHeader("ETag", page.etag);
      res.setHeader("Cache-Control", revalidatedCacheControl);
    }
    if (!page.formKey && matches(req.headers["if-none-match"], page.etag)) {
      // The browser keeps the copy it has, with that copy's own policy: a new nonce in this
      // answer's CSP would replace the stored one and block the stored page's scripts.
      res.removeHeader("Content-Security-Policy");
      markRevalidated(res);
      res.statusCode = 304;
      res.end();
      return;
    }
    for (const [name, value] of page.headers) res.setHeader(name, value);
    const encoding = encodingFor(req, page);
    const body = pageBody(page, encoding, {
      nonce: cspNonce,
      requestId,
      formKey: page.formKey ? issueFormKey() : undefined,
    });
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  };

  /**
   * A GET or HEAD of a listed path, exactly (with a query string only for the queried paths),
   * with no cookie and no Authorization, while catalogue changes are heard. Express's req.url is
   * the request's own here: the app mounts nothing in front of its pages.
   */
  const serves = (req: IncomingMessage) =>
    (req.method === "GET" || req.method === "HEAD") &&
    isListed(req.url!) &&
    !req.headers.cookie &&
    !req.headers.authorization &&
    live();
  const keyOf = (req: IncomingMessage) => `${buildVersion} ${req.url}`;

  return {
    /** Drops every page: the catalogue changed, or a change may have been missed. */
    invalidate() {
      generation += 1;
      pages.clear();
      rendering.clear();
      bytes = 0;
    },

    serves,
    send,

    /**
     * The kept page that answers this request, if any (the least recently served is dropped first).
     */
    kept(req: IncomingMessage): CachedPage | undefined {
      if (!serves(req)) return undefined;
      const key = keyOf(req);
      const kept = pages.get(key);
      if (!kept) return undefined;
      drop(key);
      if (kept.until <= now()) return undefined;
      pages.set(key, kept);
      bytes += kept.page.bytes;
      return kept.page;
    },

    /**
     * For a page not kept yet: renders it (once for all the requests that ask meanwhile) and
     * answers from the kept page; returns the rendered answer instead when it is not one to keep
     * (or for a HEAD), for the caller to send.
     */
    async respond(
      req: IncomingMessage,
      res: ServerResponse,
      values: ResponseValues,
      render: () => Promise<Response>,
    ): Promise<Response | null> {
      const key = keyOf(req);
      // Requests that arrive while the page renders wait for that render instead of starting their
      // own.
      const pending = rendering.get(key);
      // A render that failed (its visitor left) leaves each waiter to render its own.
      const shared = pending && (await pending.catch(() => undefined))?.page;
      if (shared) {
        send(req, res, shared, "hit", values);
        return null;
      }
      if (req.method !== "GET" || pending) return render();
      const lifetime = formPages.get(req.url!);
      const flight = render().then(async (response): Promise<Rendered> => {
        if (!isShared(response, lifetime !== undefined)) return { response };
        const html = Buffer.from(await response.arrayBuffer());
        const rendered: HoleValues = {
          nonce: values.cspNonce,
          requestId: values.requestId,
          formKey: lifetime === undefined ? undefined : response.headers.get(formKeyHeader)!,
        };
        return {
          response: new Response(html, response),
          page: await makePage(key, html, response, rendered, lifetime ?? Infinity),
        };
      });
      rendering.set(key, flight);
      try {
        const { response, page } = await flight;
        if (!page) return response;
        send(req, res, page, "miss", values);
        return null;
      } finally {
        if (rendering.get(key) === flight) rendering.delete(key);
      }
    },
  };
}
