import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { countViewWhenSent } from "./page-views";
import { logWhenSent } from "./request-log";
import { securityHeaders } from "./security-headers";

/** What the rest of a response needs to know of its start: its request id and CSP nonce. */
export type ResponseValues = { requestId: string; cspNonce: string };

export type ResponseStart = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) => ResponseValues;

/**
 * What every response gets first, whether it is a kept page answered before Express or anything
 * Express answers: a request id (header and log line), the log line once it is sent, the
 * security headers with a fresh nonce, and the page-view count. `path` is the request's path
 * without its query, for the log line.
 */
export function responseStart({
  dev,
  production,
  countViews,
}: {
  dev: boolean;
  production: boolean;
  countViews: boolean;
}): ResponseStart {
  const setSecurityHeaders = securityHeaders({ dev, production });
  return (req, res, path) => {
    const requestId = randomUUID().slice(0, 8);
    res.setHeader("x-request-id", requestId);
    logWhenSent(req, res, path, requestId);
    const cspNonce = setSecurityHeaders(res);
    if (countViews) countViewWhenSent(req, res);
    return { requestId, cspNonce };
  };
}
