import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
} from "react-router";
import { logError } from "~/server/log.server";
import { publicScriptSrc } from "~/server/public-script.server";
import { isAdminPath } from "~/utils/admin-path";
import { NonceContext } from "~/utils/nonce";
import { PublicScriptContext } from "~/utils/public-script";

// React Router rejects a deferred loader's promise that is still pending after this long.
export const streamTimeout = 5_000;

/**
 * React writes a page in chunks of 2 KB, each of which would then cross the web stream, the
 * compression middleware (one zlib call each) and the socket on its own: a quarter of a page's
 * CPU. This gathers what React writes in one turn of the event loop into one chunk, so a page
 * goes out in one or two; what a deferred loader streams later still goes out when it comes.
 */
class OneChunkPerTurn extends Transform {
  private chunks: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.chunks.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.pushGathered());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.pushGathered();
    done();
  }

  private pushGathered() {
    this.scheduled = false;
    if (this.chunks.length)
      this.push(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks));
    this.chunks = [];
  }
}

/**
 * React Router's own Node entry, plus the response's CSP nonce on every script it writes, and for
 * a public page its own script in place of the router's (decision 0036).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // A public page is not hydrated: it carries its own script and none of the router's data.
  const publicPage = !isAdminPath(new URL(request.url).pathname);
  const context = publicPage ? { ...routerContext, serverHandoffStream: undefined } : routerContext;
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PublicScriptContext.Provider value={publicPage ? publicScriptSrc() : undefined}>
          <ServerRouter context={context} url={request.url} nonce={nonce} />
        </PublicScriptContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new OneChunkPerTurn();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors during the shell are rejected above; later ones would otherwise go unseen.
          if (shellRendered) logError("render failed", error, { requestId: loadContext.requestId });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * Loader and action failures: one line with the request id. React Router also reports what a
 * visitor alone caused: the 4xx it answers by itself (a method a route has no action for, an
 * unknown route's data) and requests the visitor gave up on; neither is a failure.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logError("request failed", error, { requestId: context.requestId });
}
