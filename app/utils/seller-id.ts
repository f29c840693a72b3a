/**
 * A seller's government ID number as the purchase keeps it readable: its last four characters
 * only (decision 0072). The whole number is sealed at rest and never shown in the app.
 */

/** The ID number as typed, without spaces or dashes, upper-case. */
export const compactIdNumber = (typed: string) => typed.replace(/[\s-]+/g, "").toUpperCase();

export const idLast4 = (compact: string) => compact.slice(-4);

/** "•••• 1234": how the ID shows on every page and on the printed record. */
export const maskedId = (last4: string) => `•••• ${last4}`;
