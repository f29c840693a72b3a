import type { AppLoadContext } from "@remix-run/node";
import { isHoneypotTripped } from "./honeypot";
import { hitRateLimit, rateLimitSettings } from "./rate-limit.server";

export type Refusal = { outcome: "spam" } | { outcome: "rate_limited"; retryAfterSeconds: number };

/**
 * What every public submission passes before it is stored, whichever door it came through: a
 * filled honeypot is spam (stored nowhere, answered like a success), and each client gets
 * RATE_LIMIT_SUBMIT_PER_MIN submissions a minute.
 */
export async function refuseSubmission(honeypot: string | undefined, context: AppLoadContext): Promise<Refusal | undefined> {
  if (isHoneypotTripped(honeypot)) return { outcome: "spam" };
  const limit = await hitRateLimit(`submit:${context.clientIp}`, rateLimitSettings.submit());
  return limit.allowed ? undefined : { outcome: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
}
