import type { AppLoadContext } from "react-router";
import { isHoneypotTripped } from "~/utils/honeypot";
import { hitRateLimit, rateLimitSettings } from "~/models/rate-limit.server";
import { storedSubmissionKey, type SubmissionDoor } from "~/server/submission.server";

export type Refusal =
  | { outcome: "spam" }
  | { outcome: "rate_limited"; retryAfterSeconds: number }
  | { outcome: "key_invalid" };

/**
 * What every public submission passes before it is stored, whichever door it came through: a
 * filled honeypot is spam (stored nowhere, answered like a success), and each client gets
 * RATE_LIMIT_SUBMIT_PER_MIN submissions a minute.
 */
async function refuseSubmission(
  honeypot: string | undefined,
  context: AppLoadContext,
): Promise<Refusal | undefined> {
  if (isHoneypotTripped(honeypot)) return { outcome: "spam" };
  const limit = await hitRateLimit(`submit:${context.clientIp}`, rateLimitSettings.submit());
  return limit.allowed
    ? undefined
    : { outcome: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
}

/**
 * A public submission from either door: refused for a key that door does not accept, as spam or
 * over the limit, or handed to `store` with its key as stored (once per key and door).
 */
export async function submitPublicForm<
  Input extends { submissionKey: string; website?: string },
  Stored,
>(
  input: Input,
  context: AppLoadContext,
  door: SubmissionDoor,
  store: (input: Input) => Promise<Stored>,
): Promise<Stored | Refusal> {
  const submissionKey = storedSubmissionKey(door, input.submissionKey);
  if (!submissionKey) return { outcome: "key_invalid" };
  return (await refuseSubmission(input.website, context)) ?? store({ ...input, submissionKey });
}
