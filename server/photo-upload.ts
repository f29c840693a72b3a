import type { NextFunction, Request, Response } from "express";
import { uploadLimitFor } from "~/utils/photo-limits";
import { refuse } from "./refusal";

/*
 * The addresses whose body is larger than a form's: a repair's photo upload (decision 0043) and
 * the shop's photos page (decision 0062). Their body is not read here but handed to the app as a
 * stream, which parses it part by part and stops at the limits
 * (app/routes/photo-upload.server.ts), so a huge upload is cut off early and no more than one
 * photo is held in memory at a time.
 */

/** How long what is left of a refused upload is read and thrown away before the connection ends. */
const drainLimitMs = 10_000;

/**
 * A multipart POST to an address that takes photos. Any other body sent there goes through the
 * gate's form limit like every other address, and the app answers it as it answers a stranger or
 * a form without photos.
 */
export const isPhotoUpload = (req: Request) =>
  req.method === "POST" &&
  uploadLimitFor(req.path) !== undefined &&
  req.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "multipart/form-data";

/**
 * What is left of the body once the app has answered (a refusal, a login redirect) is read and
 * thrown away, so that a client that reads the answer only after sending everything still gets
 * it; past `drainLimitMs` the connection is closed.
 */
function drainAfterAnswer(req: Request, res: Response) {
  res.on("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    req.resume();
    const timer = setTimeout(() => req.destroy(), drainLimitMs);
    req.on("end", () => clearTimeout(timer));
    req.on("close", () => clearTimeout(timer));
  });
}

/**
 * The request gate's door for a photo upload: at most the address's limit declared, handed on
 * unread (`res.locals.bodyStream`).
 */
export function passPhotoUpload(req: Request, res: Response, next: NextFunction) {
  const declared = Number(req.get("content-length"));
  const limit = uploadLimitFor(req.path)!;
  if (declared > limit.bytes)
    return refuse(req, res, {
      status: 413,
      title: "Too much data",
      message: limit.message,
      headers: { connection: "close" },
    });
  if (req.httpVersion === "1.1" && /100-continue/i.test(req.get("expect") ?? ""))
    res.writeContinue();
  res.locals.bodyStream = true;
  drainAfterAnswer(req, res);
  next();
}

/**
 * The request's body as a web stream for the app, read only as fast as the app reads it. When the
 * app stops reading (it refused the upload), the rest is left to `drainAfterAnswer` rather than
 * the connection being reset under the answer.
 */
export function bodyStream(req: Request): ReadableStream<Uint8Array> {
  let onData: ((chunk: Buffer) => void) | undefined;
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const settle = (then: () => void) => {
          if (settled) return;
          settled = true;
          then();
        };
        onData = (chunk) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on("data", onData);
        req.once("end", () => settle(() => controller.close()));
        req.once("error", (error) => settle(() => controller.error(error)));
        // A client gone mid-upload: the parser fails instead of waiting for ever.
        req.once("close", () =>
          settle(() => controller.error(new Error("The upload was cut off."))),
        );
      },
      pull() {
        req.resume();
      },
      cancel() {
        settled = true;
        if (onData) req.off("data", onData);
        req.pause();
      },
    },
    { highWaterMark: 8 },
  );
}
