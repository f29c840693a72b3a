import type { NextFunction, Request, RequestHandler, Response } from "express";
import { maxBodyBytes } from "~/server/legacy-api.server";
import { crossSiteMessage, isCrossSiteRequest } from "~/utils/same-origin";
import { refuse, type Refusal } from "./refusal";

const allowedMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/**
 * How much of a refused body is still read and thrown away so that the client, which may only
 * read the answer once it has sent everything (Node's fetch does), receives the 413. Past this
 * the answer is written at once and the connection closed.
 */
const drainLimitBytes = 1024 * 1024;

const tooLarge: Refusal = {
  status: 413,
  title: "Too much data",
  message: `That submission is larger than the ${maxBodyBytes / 1024} KB a form or request may send.`,
  headers: { connection: "close" },
};

/** The host the client addressed: the proxy's X-Forwarded-Host only when the proxy is trusted. */
export function addressedHost(req: Request, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return forwarded || req.get("host");
}

const hasBody = (req: Request) => req.method !== "GET" && req.method !== "HEAD";

/**
 * Reads a request body of at most `maxBodyBytes` (declared or chunked) into `res.locals.body`.
 * A larger one is answered 413 once the client has finished sending it (up to a limit), so the
 * answer is received rather than lost in a reset connection; nothing of it is kept in memory.
 */
function readBody(req: Request, res: Response, next: NextFunction) {
  const declared = Number(req.get("content-length"));
  if (declared > maxBodyBytes + drainLimitBytes) return refuse(req, res, tooLarge);
  if (req.get("expect")?.toLowerCase() === "100-continue") {
    if (declared > maxBodyBytes) return refuse(req, res, tooLarge);
    res.writeContinue();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (then: () => void) => {
    if (settled) return;
    settled = true;
    then();
  };
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= maxBodyBytes) chunks.push(chunk);
    else if (size > maxBodyBytes + drainLimitBytes) settle(() => refuse(req, res, tooLarge));
  });
  req.on("end", () =>
    settle(() => {
      if (size > maxBodyBytes) return refuse(req, res, tooLarge);
      res.locals.body = Buffer.concat(chunks);
      next();
    }),
  );
  req.on("error", (error) => settle(() => next(error)));
}

/** What a page's action may receive: an HTML form, well formed. The JSON doors check their own. */
async function formBodyRefusal(req: Request, body: Buffer): Promise<Refusal | undefined> {
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
export function requestGate({ trustProxy }: { trustProxy: boolean }): RequestHandler {
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
    if (
      isCrossSiteRequest(
        req.method,
        { get: (name) => req.get(name) },
        addressedHost(req, trustProxy),
      )
    ) {
      return refuse(req, res, { status: 403, title: "Request refused", message: crossSiteMessage });
    }
    if (!hasBody(req)) return next();
    readBody(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (req.path.startsWith("/api/")) return next();
      formBodyRefusal(req, res.locals.body as Buffer).then(
        (refusal) => (refusal ? refuse(req, res, refusal) : next()),
        next,
      );
    });
  };
}
