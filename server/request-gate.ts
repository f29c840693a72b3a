import type { NextFunction, Request, RequestHandler, Response } from "express";
import { publicOrigin, type TrustedProxies } from "~/server/env.server";
import { maxBodyBytes } from "~/server/legacy-api.server";
import { crossSiteMessage, isCrossSiteRequest, siteOrigin } from "~/utils/same-origin";
import { isPhotoUpload, passPhotoUpload } from "./photo-upload";
import { refuse, type Refusal } from "./refusal";

const allowedMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/**
 * How much of a refused body is still read and thrown away, and for how long, so that the client,
 * which may only read the answer once it has sent everything (Node's fetch does), receives the 413
 * instead of a reset connection. Past either bound the answer is written at once and the
 * connection closed. Nothing drained is kept in memory.
 */
const drainLimitBytes = 16 * 1024 * 1024;
const drainLimitMs = 10_000;

const tooLarge: Refusal = {
  status: 413,
  title: "Too much data",
  message: `That submission is larger than the ${maxBodyBytes / 1024} KB a form or request may send.`,
  headers: { connection: "close" },
};

/**
 * A header only a trusted proxy may set: read when the request came from one (its peer is a
 * trusted proxy), and then only its right-most value. A proxy that sets the header leaves that one
 * value, a proxy that appends puts its own last; anything to its left may be the client's.
 */
function fromTrustedProxy(
  req: Request,
  name: string,
  trustProxy: TrustedProxies | undefined,
): string | undefined {
  if (!trustProxy?.(req.socket.remoteAddress ?? "", 0)) return undefined;
  return req.get(name)?.split(",").at(-1)?.trim() || undefined;
}

/** The host the client addressed: a trusted proxy's X-Forwarded-Host, else the Host header. */
export function addressedHost(
  req: Request,
  trustProxy: TrustedProxies | undefined,
): string | undefined {
  return fromTrustedProxy(req, "x-forwarded-host", trustProxy) ?? req.get("host");
}

const hasBody = (req: Request) => req.method !== "GET" && req.method !== "HEAD";

/** The client waits to be invited before it sends its body (Node's own test of the header). */
const expectsContinue = (req: Request) =>
  req.httpVersion === "1.1" && /(?:^|\W)100-continue(?:$|\W)/i.test(req.get("expect") ?? "");

/**
 * Reads a request body of at most `maxBodyBytes` (declared or chunked) into `res.locals.body`.
 * A client that asks before sending is invited only when its declared length fits, and refused
 * without ever being asked for the body. A larger body that is sent anyway is drained (within the
 * bounds above) and answered 413 once the client has finished, so the answer is received rather
 * than lost in a reset connection.
 */
function readBody(req: Request, res: Response, next: NextFunction) {
  const declared = Number(req.get("content-length"));
  if (expectsContinue(req)) {
    if (declared > maxBodyBytes) return refuse(req, res, tooLarge);
    res.writeContinue();
  }
  if (declared > maxBodyBytes + drainLimitBytes) return refuse(req, res, tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  let draining = false;
  let drainTimer: NodeJS.Timeout | undefined;
  const settle = (then: () => void) => {
    if (settled) return;
    settled = true;
    clearTimeout(drainTimer);
    then();
  };
  const startDraining = () => {
    draining = true;
    chunks.length = 0;
    drainTimer = setTimeout(() => settle(() => refuse(req, res, tooLarge)), drainLimitMs);
  };
  if (declared > maxBodyBytes) startDraining();
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (!draining && size > maxBodyBytes) startDraining();
    if (!draining) chunks.push(chunk);
    else if (size > maxBodyBytes + drainLimitBytes) settle(() => refuse(req, res, tooLarge));
  });
  req.on("end", () =>
    settle(() => {
      if (draining) return refuse(req, res, tooLarge);
      res.locals.body = Buffer.concat(chunks);
      next();
    }),
  );
  req.on("error", (error) => settle(() => next(error)));
  // A client gone mid-body gets no answer; the drain's timer must not outlive it.
  req.on("close", () => clearTimeout(drainTimer));
}

/** What a page's action may receive: an HTML form, well formed. The JSON doors check their own. */
async function formBodyRefusal(
  req: Request,
  body: Buffer<ArrayBuffer>,
): Promise<Refusal | undefined> {
  const type = req.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (!body.length || type === "application/x-www-form-urlencoded") return undefined;
  if (type === "multipart/form-data") {
    try {
      await new Response(body, {
        headers: { "content-type": req.get("content-type")! },
      }).formData();
      return undefined;
    } catch {
      return {
        status: 400,
        title: "Unreadable form",
        message: "The form data could not be read. Please reload the page and try again.",
      };
    }
  }
  return {
    status: 415,
    title: "Unsupported form",
    message: "This page accepts only form submissions.",
  };
}

/**
 * Every request passes here before the app sees it: an unknown method, another site's
 * state-changing request, a body over the limit or a page submission that is not a readable form
 * is refused with a clear 4xx, never a 500.
 */
export function requestGate({
  trustProxy,
}: {
  trustProxy: TrustedProxies | undefined;
}): RequestHandler {
  return (req, res, next) => {
    // The absolute form ("GET http://host/path") is for proxies; a site answers paths only.
    if (!req.originalUrl.startsWith("/"))
      return refuse(req, res, {
        status: 400,
        title: "Bad request",
        message: "The request must name a path on this site.",
      });
    if (!allowedMethods.has(req.method)) {
      return refuse(req, res, {
        status: 405,
        title: "Method not allowed",
        message: `${req.method} is not supported here.`,
        headers: { allow: "GET, HEAD, POST" },
      });
    }
    // The site's scheme is PUBLIC_URL's, as in the app's own check (requireSameOrigin).
    const site = siteOrigin(new URL(publicOrigin()).protocol, addressedHost(req, trustProxy));
    if (isCrossSiteRequest(req.method, { get: (name) => req.get(name) }, site)) {
      return refuse(req, res, { status: 403, title: "Request refused", message: crossSiteMessage });
    }
    if (!hasBody(req)) return next();
    // The only body larger than a form's, read by the app as it arrives (decision 0043).
    if (isPhotoUpload(req)) return passPhotoUpload(req, res, next);
    readBody(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (req.path.startsWith("/api/")) return next();
      formBodyRefusal(req, res.locals.body as Buffer<ArrayBuffer>).then(
        (refusal) => (refusal ? refuse(req, res, refusal) : next()),
        next,
      );
    });
  };
}
