import {
  idempotencyKeyReusedMessage,
  invalidIdempotencyKeyMessage,
  tooManyAttemptsMessage,
} from "~/content/messages/form-messages";
import { idempotencyKeyOf } from "~/server/submission.server";
import { json, tooManyRequests } from "~/server/legacy-api.server";
import type { Refusal } from "~/server/public-form.server";

/** The public JSON doors' submission key: the Idempotency-Key header, checked before the body. */
export const withIdempotencyKey = (request: Request) => ({
  submissionKey: idempotencyKeyOf(request),
});

/**
 * What a booking and a message sent through their JSON doors share when nothing new is stored: a
 * bot is told it succeeded (202), a flood is slowed, and a key refused or reused is named.
 */
export function submissionDoorRefused(result: Refusal | { outcome: "key_reused" }) {
  switch (result.outcome) {
    case "spam":
      return json({ success: true }, 202);
    case "rate_limited":
      return tooManyRequests(
        result.retryAfterSeconds,
        tooManyAttemptsMessage(result.retryAfterSeconds),
      );
    case "key_invalid":
      return json({ success: false, message: invalidIdempotencyKeyMessage }, 400);
    case "key_reused":
      return json({ success: false, message: idempotencyKeyReusedMessage }, 422);
  }
}
