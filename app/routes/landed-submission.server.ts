import type { AppLoadContext } from "react-router";
import { tooManyAttemptsMessage } from "~/content/messages/form-messages";
import { hitRateLimit, rateLimitSettings } from "~/models/rate-limit.server";
import { landedSubmission } from "~/models/submission-landing.server";
import type { LandedAnswer, QueuedForm } from "~/offline/queued-answer";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { storedSubmissionKey } from "~/server/submission.server";

const noStore = { "cache-control": "no-store" };
const answer = (body: LandedAnswer) => Response.json(body, { headers: noStore });

/**
 * Whether the submission a phone sent under `submissionKey` (a form field, so the key never
 * appears in an address or a log) was stored: what the page and the service worker ask before
 * they tell the visitor anything about a submission whose answer did not come, and before they
 * send, change or delete a kept copy (decision 0060). The key is all it takes and all it shows:
 * its holder is the one who submitted. A key the form door would not accept, or one nothing is
 * stored under, gets the same answer. Each client gets RATE_LIMIT_TRACK_PER_MIN asks a minute, like
 * a tracking lookup.
 */
export async function answerLanded(
  form: QueuedForm,
  request: Request,
  context: AppLoadContext,
): Promise<Response> {
  const key = (await request.formData().catch(() => undefined))?.get("submissionKey");
  try {
    const limit = await hitRateLimit(`landed:${context.clientIp}`, rateLimitSettings.track());
    if (!limit.allowed)
      return Response.json(
        { message: tooManyAttemptsMessage(limit.retryAfterSeconds) },
        { status: 429, headers: { ...noStore, "retry-after": String(limit.retryAfterSeconds) } },
      );
    const stored = typeof key === "string" ? storedSubmissionKey("form", key) : undefined;
    const landed = stored && (await landedSubmission(form, stored));
    return answer(landed ? { landed: true, location: landed.location } : { landed: false });
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return Response.json(
      { message: "We can't check right now. Please try again in a minute." },
      { status: 503, headers: { ...noStore, "retry-after": "30" } },
    );
  }
}
