import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "~/server/log.server";

/**
 * The routes whose next segment is a secret token: the tracking link, the device label's link,
 * the booking's confirmation.
 */
const secretRoutes = [["track-repair"], ["r"], ["book-appointment", "confirmation"]];
/** What React Router's data requests and the calendar file add to a token's segment. */
const suffix = /\.(?:data|ics)$/i;

const shortestToken = 20;

/** Long and random-looking: base64url in both cases, or hex (a hash). */
const looksLikeToken = (segment: string) =>
  (segment.length >= shortestToken &&
    /^[\w-]+$/.test(segment) &&
    /[A-Z]/.test(segment) &&
    /[a-z]/.test(segment)) ||
  /^[0-9a-f]{32,}$/i.test(segment);

function decoded(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path as the log shows it, without its query: a secret route's token, and any segment that
 * looks like a token (a mistyped address carries one as well), become `:token`. Routes are matched
 * as the router matches them, decoded and in any case.
 */
export function redactPath(path: string): string {
  const segments = path.split("?")[0]!.split("/");
  const name = (i: number) => decoded(segments[i] ?? "").toLowerCase();
  const secret = secretRoutes.find((route) => route.every((part, i) => name(i + 1) === part));
  const tokenAt = secret ? secret.length + 1 : -1;
  return segments
    .map((segment, i) => {
      // Decoding never lengthens a segment: one this short is no token (a hostile path may have
      // tens of thousands of them).
      if (i !== tokenAt && segment.length < shortestToken) return segment;
      const bare = decoded(segment).replace(suffix, "");
      if (!(i === tokenAt && segment) && !looksLikeToken(bare)) return segment;
      return `:token${suffix.exec(segment)?.[0] ?? ""}`;
    })
    .join("/");
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
