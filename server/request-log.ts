import type { NextFunction, Request, Response } from "express";
import { log } from "~/server/log.server";

/** The secret tracking token in these paths never reaches the log. */
export function redactPath(path: string): string {
  return path.replace(/^\/(track-repair|book-appointment\/confirmation)\/[^/]+/, "/$1/:token");
}

/** One line per request: method, path without query, status, duration, request id. */
export function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = performance.now();
  res.on("finish", () => {
    log("info", "request", {
      method: req.method,
      path: redactPath(req.path),
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId: res.locals.requestId,
    });
  });
  next();
}
