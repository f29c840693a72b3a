import type { ShouldRevalidateFunction } from "react-router";

/**
 * The new submission key that a form's error answer carries when the key it was sent with was
 * refused or already used for other details; the form posts it next instead of the one it was
 * rendered with.
 */
export function reissuedKey(answer: unknown): string | undefined {
  if (!answer || typeof answer !== "object" || !("submissionKey" in answer)) return undefined;
  return typeof answer.submissionKey === "string" ? answer.submissionKey : undefined;
}

/**
 * A form answered with an error on the same page keeps the submission key it was rendered with:
 * a retry after a failed request must send the same key, or the server cannot recognise it as a
 * retry. Only an answer refusing the key carries a new one to post instead. After a success (a
 * redirect, so no action data) the page loads afresh with a new key.
 */
export const keepKeyAfterAnswer: ShouldRevalidateFunction = ({
  formMethod,
  actionResult,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  formMethod === "POST" && actionResult !== undefined && currentUrl.pathname === nextUrl.pathname
    ? false
    : defaultShouldRevalidate;
