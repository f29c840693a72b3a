/**
 * The new submission key that a form's error answer carries when the key it was sent with was
 * refused or already used for other details; the form posts it next instead of the one it was
 * rendered with.
 */
export function reissuedKey(answer: unknown): string | undefined {
  if (!answer || typeof answer !== "object" || !("submissionKey" in answer)) return undefined;
  return typeof answer.submissionKey === "string" ? answer.submissionKey : undefined;
}
