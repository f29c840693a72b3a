/**
 * A device's IMEI or serial number as staff type it (docs/decisions/0042). Browser-safe: the
 * walk-in form and the repair page check it as the server does.
 *
 * Digits only (once spaces and dashes are dropped) is an IMEI: 15 digits whose last is the Luhn
 * check digit of the other 14. Anything with a letter is a serial number: letters, digits and
 * dashes, 4 to 64 of them, kept upper-case without spaces.
 */
export type DeviceIdentifier = { kind: "imei"; value: string } | { kind: "serial"; value: string };

export type DeviceIdentifierCheck =
  { ok: true; identifier: DeviceIdentifier } | { ok: false; message: string };

/** The Luhn check digit of `payload` (the IMEI's first 14 digits). */
function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // From the right of the full number, every second digit (the payload's last first) doubles.
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export const imeiLengthMessage = (digits: number) =>
  `An IMEI has 15 digits; this one has ${digits}. Dial *#06# on the phone to read it, or type the serial number (it has letters).`;
export const imeiCheckDigitMessage =
  "This IMEI's last digit (its check digit) does not match the others: a digit is mistyped. Dial *#06# on the phone to read it again.";
export const serialMessage =
  "A serial number has 4 to 64 letters, digits and dashes. Please check what was typed.";

export function checkDeviceIdentifier(typed: string): DeviceIdentifierCheck {
  const compact = typed.replace(/\s+/g, "").toUpperCase();
  const digitsOnly = compact.replace(/-/g, "");
  if (/^\d+$/.test(digitsOnly)) {
    if (digitsOnly.length !== 15)
      return { ok: false, message: imeiLengthMessage(digitsOnly.length) };
    if (luhnCheckDigit(digitsOnly.slice(0, 14)) !== Number(digitsOnly[14]))
      return { ok: false, message: imeiCheckDigitMessage };
    return { ok: true, identifier: { kind: "imei", value: digitsOnly } };
  }
  // A letter makes it a serial number: dashes alone would make every such device one.
  if (!/^[A-Z0-9-]{4,64}$/.test(compact) || !/[A-Z]/.test(compact))
    return { ok: false, message: serialMessage };
  return { ok: true, identifier: { kind: "serial", value: compact } };
}

/** "35 209900 176148 1" for an IMEI (as printed on the box), the serial as stored. */
export function formatDeviceIdentifier(identifier: DeviceIdentifier): string {
  if (identifier.kind === "serial") return identifier.value;
  const v = identifier.value;
  return `${v.slice(0, 2)} ${v.slice(2, 8)} ${v.slice(8, 14)} ${v.slice(14)}`;
}

/** The label staff read beside it. */
export const identifierLabels = { imei: "IMEI", serial: "Serial number" } as const;
