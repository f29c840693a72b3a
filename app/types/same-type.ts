/**
 * `true` only when A and B are the same type, property for property; a type written out by hand
 * for the browser is checked against the one Drizzle infers from its table with
 * `type _Check = Assert<SameType<Written, Inferred>>`, so neither can change without the other.
 */
export type SameType<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only for `true`. */
export type Assert<Check extends true> = Check;
