import { data, type AppLoadContext } from "react-router";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { logError } from "~/server/log.server";
import type { UnavailableData } from "~/types/unavailable";

const pageUnavailableMessage = "The site is having a short hiccup. Please try again in a minute.";
export const catalogueUnavailableMessage =
  "The price catalogue is unavailable right now. Please try again in a minute.";

/** A redirect, a 404 or another deliberate answer thrown by the loader passes through unchanged. */
function isDeliberateAnswer(error: unknown) {
  return (
    error instanceof Response ||
    (typeof error === "object" &&
      error !== null &&
      (error as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/**
 * For a loader's `.catch`: a query the database did not answer makes the page answer 503 "back
 * soon" (not a 500) and the next request simply tries again; nothing has to be restarted when the
 * database returns. Any other error is a fault of ours and goes on to the error handler.
 */
export function unavailableFor(context: AppLoadContext, message = pageUnavailableMessage) {
  return (error: unknown): never => {
    if (isDeliberateAnswer(error) || !isDatabaseOutage(error)) throw error;
    logError("database unavailable", error, { requestId: context.requestId });
    throw data<UnavailableData>(
      { message, requestId: context.requestId },
      { status: 503, headers: { "retry-after": "5", "cache-control": "no-store" } },
    );
  };
}
