import { and, or, type SQL } from "drizzle-orm";
import {
  containsPattern,
  looksLikePhone,
  searchWords,
  startsWithPattern,
  typedPhoneDigits,
} from "~/utils/search";

/** The condition one ILIKE pattern makes: a row matching it, by its own text or a related row's. */
export type PatternMatch = (pattern: string) => SQL;

/**
 * search_text is trigram-indexed, so a word's substring match is an index lookup, not a scan.
 * A word of one or two letters has no trigram of its own: it matches the start of a word
 * instead ("li" finds Li Wong, "13" finds iPhone 13), which the index can answer.
 */
function wordCondition(matching: PatternMatch, word: string): SQL | undefined {
  if (word.length >= 3) return matching(containsPattern(word));
  return or(matching(startsWithPattern(word)), matching(`% ${startsWithPattern(word)}`));
}

/**
 * What a staff search matches (docs/decisions/0045), for the repair list and the customer list
 * alike: a phone number in any spelling as one number, or else every word, or the words run
 * together ("iphone 13" finds iPhone13). `undefined` when the search is too short to match
 * anything.
 */
export function textSearch(q: string, matching: PatternMatch): SQL | undefined {
  if (looksLikePhone(q)) {
    // "(905) 555-0142" is one phone number (or IMEI), not three words. Under three digits it is
    // too short to be part of one worth matching.
    const digits = typedPhoneDigits(q);
    return digits.length >= 3 ? matching(containsPattern(digits)) : undefined;
  }
  const words = searchWords(q);
  const byWords = and(...words.map((word) => wordCondition(matching, word)));
  const joined = words.length > 1 ? words.join("") : "";
  const byJoined = joined.length >= 3 ? matching(containsPattern(joined)) : undefined;
  return or(byWords, byJoined);
}
