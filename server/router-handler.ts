import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { publicOrigin, type TrustedProxies } from "~/server/env.server";
import { formKeyHeader, privateCacheControl } from "~/utils/private-page";
import type { PageCache } from "./page-cache";
import { bodyStream } from "./photo-upload";
import { addressedHost } from "./request-gate";
import type { ResponseValues } from "./response-start";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  trustProxy: TrustedProxies | undefined;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  pageCache?: PageCache;
};

/**
 * The request the app sees. Its URL is built on the configured public origin, never on the Host
 * or X-Forwarded-Host a client sends, so no code can write a link to another host by reading it.
 * The Host header keeps the host the client addressed (a trusted proxy's forwarded host), which
 * the same-origin checks compare with Origin; forwarded headers reach the app only from a trusted
 * proxy. The body is the one the request gate read and bounded, or a photo upload's stream.
 */
function appRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  trustProxy: TrustedProxies | undefined,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith("x-forwarded-")) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const host = addressedHost(req, trustProxy);
  if (host) headers.set("host", host);
  // The request gate has already judged where the request came from (Sec-Fetch-Site first, then
  // Origin). The router would judge again by Origin alone and answer an empty 500 to a same-origin
  // form whose page withholds its origin (Origin: null under a no-referrer policy).
  headers.delete("origin");
  // Buffer.concat (the request gate) made it over an ArrayBuffer of its own, as fetch wants.
  const body = res.locals.body as Buffer<ArrayBuffer> | undefined;
  // An empty POST with no type (a bare button press from a script) reads as an empty form.
  if (body?.length === 0 && !headers.has("content-type"))
    headers.set("content-type", "application/x-www-form-urlencoded");
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  // A photo upload's body is passed on unread, as a stream (server/photo-upload.ts).
  const streamed = res.locals.bodyStream === true;
  return new Request(`${publicOrigin()}${req.originalUrl}`, {
    method: req.method,
    headers,
    body: streamed ? bodyStream(req) : body,
    signal: controller.signal,
    ...(streamed ? { duplex: "half" as const } : {}),
  });
}

async function send(req: ExpressRequest, res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries())
    if (name !== formKeyHeader) res.append(name, value);
  // What a form posts comes back in its answer, and a cookie (a toast, a session) makes an answer
  // someone's own; scripts, the service worker among them, cannot see Set-Cookie, so the answer
  // says so itself.
  if (!["GET", "HEAD"].includes(req.method) || response.headers.has("set-cookie"))
    res.setHeader("cache-control", privateCacheControl);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * Like React Router's Express adapter, but fed the app request above; content pages may come
 * from the page cache.
 */
export function routerHandler({ build, mode, trustProxy, getLoadContext, pageCache }: Options) {
  const handle = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const render = () => handle(appRequest(req, res, trustProxy), getLoadContext(req, res));
      const response = pageCache?.serves(req)
        ? await pageCache.respond(req, res, res.locals as ResponseValues, render)
        : await render();
      if (response) await send(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}
