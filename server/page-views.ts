import type { NextFunction, Request, Response } from "express";
import { recordPageView } from "~/models/analytics.server";
import { documentView } from "~/models/page-views.server";

/**
 * Counts a page view once a public page's HTML has been sent, so the visitor never waits for it.
 * This is the only count of a document load, with or without JavaScript; pages with JavaScript
 * beacon only the client-side navigations that follow.
 */
export function pageViews(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET") {
    res.once("finish", () => {
      // A browser that revalidates its copy of a content page (304) shows that page again.
      const revalidated = res.locals.revalidatedPage === true;
      const contentType = revalidated ? "text/html" : res.getHeader("content-type");
      const view = documentView({
        method: req.method,
        url: req.originalUrl,
        status: revalidated ? 200 : res.statusCode,
        contentType: typeof contentType === "string" ? contentType : undefined,
        headers: req.headers,
      });
      if (view) recordPageView(view);
    });
  }
  next();
}
