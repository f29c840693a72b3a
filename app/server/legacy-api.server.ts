import { isDatabaseOutage } from "~/server/database-outage.server";
import type { ActionFunctionArgs } from "react-router";
import type { z, ZodError, ZodTypeAny } from "zod";
import type { RecordChange } from "~/models/record-changes.server";

/** The largest body any request may send, a form or JSON; the request gate enforces it for all. */
export const maxBodyBytes = 64 * 1024;

const jsonHeaders = { "cache-control": "no-store" };

export function json(body: unknown, status = 200, headers?: HeadersInit) {
  return Response.json(body, {
    status,
    headers: { ...jsonHeaders, ...Object.fromEntries(new Headers(headers)) },
  });
}

export const methodNotAllowed = (allow: string) =>
  json({ success: false, message: `Method not allowed. Use ${allow}.` }, 405, { allow });

export class BadRequest extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads at most `limit` bytes (64 KB) of a JSON object; anything else is a 4xx, never a 500. The
 * body must say it is JSON: a browser sends another site's text/plain post without asking, never
 * an application/json one.
 */
export async function readJsonObject(
  request: Request,
  limit = maxBodyBytes,
): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    throw new BadRequest(415, "Send the body as JSON with Content-Type: application/json.");
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) throw new BadRequest(413, "Request body too large.");
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BadRequest(413, "Request body too large.");
    }
    chunks.push(value);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new BadRequest(400, "Malformed JSON body.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new BadRequest(400, "The body must be a JSON object.");
  return parsed as Record<string, unknown>;
}

export function validationFailed(error: ZodError) {
  const { fieldErrors, formErrors } = error.flatten();
  return json(
    {
      success: false,
      message: formErrors[0] ?? "Please check the highlighted fields.",
      errors: fieldErrors,
    },
    422,
  );
}

export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  json({ success: false, message }, 429, { "retry-after": String(retryAfterSeconds) });

const serviceUnavailable = (message: string) =>
  json({ success: false, message }, 503, { "retry-after": "5" });

/**
 * Turns a thrown BadRequest into its answer and a database outage into a 503; anything else is a
 * fault of ours and is rethrown, so the error handler logs it with its request id.
 */
export function failure(error: unknown, unavailableMessage: string) {
  if (error instanceof BadRequest)
    return json({ success: false, message: error.message }, error.status);
  if (!isDatabaseOutage(error)) throw error;
  return serviceUnavailable(unavailableMessage);
}

/** The legacy doors take only POST: any other method that reaches an action is a 405. */
export function postOnly(action: (args: ActionFunctionArgs) => Promise<Response>) {
  return (args: ActionFunctionArgs) =>
    args.request.method === "POST" ? action(args) : methodNotAllowed("POST");
}

/**
 * A legacy door whose JSON body `schema` checks (a 422 naming each field otherwise); a malformed
 * body is a 4xx and a database outage a 503 with `unavailableMessage`.
 */
export function jsonPost<Schema extends ZodTypeAny>(
  schema: Schema,
  unavailableMessage: string,
  handle: (data: z.output<Schema>, args: ActionFunctionArgs) => Promise<Response>,
  extra: (request: Request) => Record<string, unknown> = () => ({}),
) {
  return postOnly(async (args) => {
    try {
      const added = extra(args.request);
      const parsed = schema.safeParse({ ...(await readJsonObject(args.request)), ...added });
      if (!parsed.success) return validationFailed(parsed.error);
      return await handle(parsed.data, args);
    } catch (error) {
      return failure(error, unavailableMessage);
    }
  });
}

/** The version a client names in `If-Match`; none for `If-Match: *`, which asks for no check. */
export function ifMatchVersion(request: Request) {
  const ifMatch = request.headers.get("if-match")?.trim();
  return !ifMatch || ifMatch === "*" ? undefined : ifMatch.replace(/^(W\/)?"(.*)"$/, "$2");
}

/** A JSON body with the `If-Match` version as its `version`, for the door's schema to check. */
export function withIfMatch(request: Request, body: Record<string, unknown>) {
  const version = ifMatchVersion(request);
  return version === undefined ? body : { ...body, version };
}

/** The legacy door's 409: nothing stored, the current version and what changed since. */
export const changedMeanwhileJson = (message: string, version: number, changes: RecordChange[]) =>
  json(
    {
      success: false,
      message,
      current_version: version,
      changes: changes.map(({ at, by, summary }) => ({ at: at.toISOString(), by, summary })),
    },
    409,
  );
