/** Digits only, with a leading North American country code 1 dropped: how phones are matched. */
export function phoneDigits(raw: string): string {
  const digits = raw.replace(/\D+/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

export function isValidPhone(raw: string): boolean {
  return /^[\d\s().+-]*$/.test(raw) && phoneDigits(raw).length === 10;
}

/** (905) 555-0142 */
export function formatPhone(digits: string): string {
  return digits.length === 10
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;
}

/**
 * The number as text providers take it (E.164): the shop's customers have North American numbers.
 */
export const smsNumber = (digits: string) => `+1${digits}`;

/** A link that calls the number from a phone (E.164, as dialers want it). */
export const telHref = (digits: string) => `tel:${smsNumber(digits)}`;

/** North American toll-free area codes: such numbers belong to businesses and take no texts. */
const tollFreeAreaCodes = new Set(["800", "833", "844", "855", "866", "877", "888"]);

/**
 * Why a valid 10-digit number cannot take a text, or undefined when it can: North American area
 * codes and exchanges start with 2 to 9, and toll-free numbers receive no texts. Whether a number
 * is a mobile or a landline cannot be told from its digits; the form says a text needs a mobile.
 */
export function textRefusal(digits: string): "not_north_american" | "toll_free" | undefined {
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return "not_north_american";
  return tollFreeAreaCodes.has(digits.slice(0, 3)) ? "toll_free" : undefined;
}
