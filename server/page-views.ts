import type { IncomingMessage, ServerResponse } from "node:http";
import { recordPageView } from "~/models/analytics.server";
import { documentView } from "~/server/visits.server";

/** Responses that confirmed a browser's copy of a kept page (304): a view of that page. */
const revalidatedPages = new WeakSet<ServerResponse>();

/** Marks a 304 that confirmed the visitor's copy of a kept page, which the visitor sees again. */
export function markRevalidated(res: ServerResponse) {
  revalidatedPages.add(res);
}

/**
 * Counts a page view once a public page's HTML has been sent, so the visitor never waits for it.
 * This is the only count of a document load, with or without JavaScript; pages with JavaScript
 * beacon only the client-side navigations that follow.
 */
export function countViewWhenSent(req: IncomingMessage, res: ServerResponse) {
  if (req.method !== "GET") return;
  // As asked: Express rewrites req.url while a mounted handler (the assets) runs.
  const url = req.url!;
  res.once("finish", () => {
    const revalidated = revalidatedPages.has(res);
    const contentType = revalidated ? "text/html" : res.getHeader("content-type");
    const view = documentView({
      method: "GET",
      url,
      status: revalidated ? 200 : res.statusCode,
      contentType: typeof contentType === "string" ? contentType : undefined,
      headers: req.headers,
    });
    if (view) recordPageView(view);
  });
}
