import { createHash, randomBytes } from "node:crypto";

/** A fresh idempotency key for one rendered form. */
export function newSubmissionKey(): string {
  return randomBytes(18).toString("base64url");
}

/** Fingerprint of what was submitted, to tell a retry from a different payload under one key. */
export function payloadHash(payload: unknown): string {
  return createHash("sha256").update(JSON.stringify(payload)).digest("hex");
}
