/**
 * How staff search reads text, the same on both sides of a match: the database keeps every
 * searchable column folded this way (search_fold() and search_compact() in
 * drizzle/0019_search_everything.sql), and a typed search is folded here before it is matched.
 * The letters below are spelled out once more in that migration: tests/integration/search-fold.test.ts
 * checks, letter by letter, that both foldings agree.
 */

/** Each plain letter and the accented letters typed as it ("Cote" finds Côté, "Zoë" finds Zoe). */
const accentedLetters: Record<string, string> = {
  a: "àáâãäåāăą",
  c: "çćĉċč",
  d: "ďđ",
  e: "èéêëēĕėęě",
  g: "ĝğġģ",
  h: "ĥħ",
  i: "ìíîïĩīĭįı",
  j: "ĵ",
  k: "ķ",
  l: "ĺļľŀł",
  n: "ñńņň",
  o: "òóôõöøōŏő",
  r: "ŕŗř",
  s: "śŝşšș",
  t: "ţťŧț",
  u: "ùúûüũūŭůűų",
  w: "ŵ",
  y: "ýÿŷ",
  z: "źżž",
};

/** Letters written as two: "Lætitia" is found by "laetitia", "Cœur" by "coeur". */
const ligatures: Record<string, string> = { æ: "ae", œ: "oe", ß: "ss" };

/** Every accented letter folded (lower case; upper case is lowered first), for the tests. */
export const foldedLetters = [
  ...Object.values(accentedLetters).join(""),
  ...Object.keys(ligatures),
];

const plainLetter = new Map(
  Object.entries(accentedLetters).flatMap(([plain, letters]) =>
    [...letters].map((letter) => [letter, plain] as const),
  ),
);

/** Combining accents, as text decomposed on a Mac or pasted from a PDF carries them. */
const combiningMarks = /[\u0300-\u036f]/g;

/** The whitespace both sides collapse to one space (Postgres's [[:space:]] varies by locale). */
const whitespace = /[ \t\n\r\f\v]+/g;

/** Lower case, accents dropped, whitespace runs as one space: "Zoë  CÔTÉ" → "zoe cote". */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(combiningMarks, "")
    .replace(/[\u0080-\uffff]/g, (letter) => plainLetter.get(letter) ?? ligatures[letter] ?? letter)
    .replace(whitespace, " ");
}

/**
 * Folded text without spaces or ASCII punctuation, so "iphone13" finds iPhone 13 and "obrien"
 * finds O'Brien: the database keeps each field in this form beside its spaced one.
 */
export const compactForSearch = (folded: string) => folded.replace(/[ !-/:-@[-`{-~]/g, "");
