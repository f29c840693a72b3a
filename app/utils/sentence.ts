/**
 * Ends a sentence with a full stop, unless its last words (a staff member's "…parts guaranteed.",
 * a configured term, an abbreviation) already end it: one stop, never "guaranteed..".
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
