import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isIdempotencyKey } from "~/schemas/fields";
import { isPhoneMadeKey } from "~/utils/phone-made-key";
import { settings } from "~/server/env.server";
import { invalidIdempotencyKeyMessage } from "~/content/messages/form-messages";
import { BadRequest } from "~/server/legacy-api.server";

/**
 * Where a submission came in: the site's own HTML forms or the legacy JSON endpoints. Each door
 * answers a retry with what it answered the first time, so their keys never share a namespace.
 */
export type SubmissionDoor = "form" | "api";

/** 192 bits of the HMAC: unforgeable, and the whole key stays within 64 characters. */
const signature = (nonce: string) =>
  createHmac("sha256", settings().sessionSecret)
    .update(`submission-key:${nonce}`)
    .digest()
    .subarray(0, 24)
    .toString("base64url");

/**
 * A fresh idempotency key for one rendered form, signed by the server: beside a key a phone made
 * for a form it opened offline (decision 0061), the form door accepts no key it did not issue, so
 * no one can choose a key that names another door's submission.
 */
export function issueFormKey(): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${signature(nonce)}`;
}

function isIssuedFormKey(key: string): boolean {
  const [nonce, signed, ...rest] = key.split(".");
  if (!nonce || !signed || rest.length) return false;
  const expected = Buffer.from(signature(nonce));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The JSON doors' key: the Idempotency-Key header as sent, or a fresh key when there is none (so
 * the submission matches nothing earlier). A header outside the draft's grammar is a 400 that
 * names it, not a validation message about a form.
 */
export function idempotencyKeyOf(request: Request): string {
  const header = request.headers.get("idempotency-key");
  if (header === null) return randomBytes(18).toString("base64url");
  if (!isIdempotencyKey(header)) throw new BadRequest(400, invalidIdempotencyKeyMessage);
  return header;
}

/**
 * The value stored for a key that its door accepts, or undefined for a key the door refuses: a
 * form key the server did not sign and no phone made (decision 0061), or an Idempotency-Key
 * outside the header's grammar. What is
 * stored is a digest of the door and the key, so the same text sent through both doors names two
 * different submissions, and the column holds 64 characters whatever the key's length.
 */
export function storedSubmissionKey(door: SubmissionDoor, key: string): string | undefined {
  const accepted =
    door === "form" ? isIssuedFormKey(key) || isPhoneMadeKey(key) : isIdempotencyKey(key);
  return accepted ? createHash("sha256").update(`${door}:${key}`).digest("hex") : undefined;
}

/** Fingerprint of what was submitted, to tell a retry from a different payload under one key. */
export function payloadHash(payload: unknown): string {
  return createHash("sha256").update(JSON.stringify(payload)).digest("hex");
}
