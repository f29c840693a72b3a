/** Digits only, with a leading North American country code 1 dropped: how phones are matched. */
export function phoneDigits(raw: string): string {
  const digits = raw.replace(/\D/g, "");
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

/** The number as text providers take it (E.164): the shop's customers have North American numbers. */
export const smsNumber = (digits: string) => `+1${digits}`;
