import { compactForSearch, foldForSearch } from "./search-fold";

/** `text` for a LIKE pattern, its own % _ and \ taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere. */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;

/** An ILIKE pattern matching text that begins with `text`. */
export const startsWithPattern = (text: string) => `${likeLiteral(text)}%`;

/** What a typed phone number may contain besides digits: "(905) 555-0142", "+1 905.555.0142". */
const phoneSpelling = /^[\d\s().+-]+$/;

export const looksLikePhone = (text: string) => phoneSpelling.test(text) && /\d/.test(text);

/**
 * A typed phone number (or part of one) as stored phones are kept: digits only, without the
 * North American country code, so "+1 905 555-0142", "1-905-555-0142" and "9055550142" agree.
 */
export function typedPhoneDigits(text: string): string {
  const digits = text.replace(/\D/g, "");
  const countryCode = /^\s*\+\s*1/.test(text) || (digits.length === 11 && digits.startsWith("1"));
  return countryCode ? digits.slice(1) : digits;
}

/**
 * The words of a search as the database keeps searchable text (app/utils/search-fold.ts):
 * folded, each run together without punctuation ("O'Brien" → "obrien"); a word spelled like a
 * phone number becomes its digits. Words of punctuation alone are dropped.
 */
export function searchWords(text: string): string[] {
  return foldForSearch(text)
    .split(" ")
    .map((word) => (looksLikePhone(word) ? word.replace(/\D/g, "") : compactForSearch(word)))
    .filter(Boolean);
}
