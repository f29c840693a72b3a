import type { AppLoadContext } from "@remix-run/node";
import { hitRateLimit, rateLimitSettings } from "./rate-limit.server";

/** Counts a booking or contact submission against the client's per-minute allowance. */
export function checkSubmitLimit(context: AppLoadContext) {
  return hitRateLimit(`submit:${context.clientIp}`, rateLimitSettings.submit());
}

