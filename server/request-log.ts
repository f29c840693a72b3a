import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "~/server/log.server";

/** The secret tracking token in these paths never reaches the log. */
export function redactPath(path: string): string {
  return path.replace(/^\/(track-repair|book-appointment\/confirmation)\/[^/]+/, "/$1/:token");
}

/**
 * One line per request once it is answered: method, path without query, status, duration, request
 * id.
 */
export function logWhenSent(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  requestId: string,
) {
  const started = performance.now();
  res.once("finish", () => {
    log("info", "request", {
      method: req.method,
      path: redactPath(path),
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId,
    });
  });
}
