import { describe, expect, it } from "vitest";
import {
  checkDeviceIdentifier,
  formatDeviceIdentifier,
  imeiCheckDigitMessage,
  imeiLengthMessage,
  serialMessage,
} from "~/utils/device-identifier";

/** A real-format IMEI (Apple's TAC 35 209900) whose last digit is its Luhn check digit. */
const imei = "352099001761481";

describe("an IMEI or serial number as staff type it", () => {
  it("takes a 15-digit IMEI whose check digit matches", () => {
    expect(checkDeviceIdentifier(imei)).toEqual({
      ok: true,
      identifier: { kind: "imei", value: imei },
    });
    expect(checkDeviceIdentifier("490154203237518")).toMatchObject({ ok: true });
  });

  it("refuses an IMEI with a wrong check digit, naming the check digit", () => {
    for (const last of "0234567890".replace("1", "")) {
      const wrong = `${imei.slice(0, 14)}${last}`;
      expect(checkDeviceIdentifier(wrong)).toEqual({ ok: false, message: imeiCheckDigitMessage });
    }
    // Two digits swapped: what a typing slip does.
    expect(checkDeviceIdentifier("352099001761418")).toEqual({
      ok: false,
      message: imeiCheckDigitMessage,
    });
  });

  it("refuses digits of the wrong length, saying how many an IMEI has and how many were typed", () => {
    expect(checkDeviceIdentifier(imei.slice(0, 14))).toEqual({
      ok: false,
      message: imeiLengthMessage(14),
    });
    expect(checkDeviceIdentifier(`${imei}7`)).toEqual({
      ok: false,
      message: imeiLengthMessage(16),
    });
    expect(imeiLengthMessage(14)).toContain("An IMEI has 15 digits; this one has 14.");
  });

  it("drops the spaces and dashes typed or copied from the box", () => {
    for (const typed of ["35 209900 176148 1", "35-209900-176148-1", " 352099 001761481 "])
      expect(checkDeviceIdentifier(typed)).toEqual({
        ok: true,
        identifier: { kind: "imei", value: imei },
      });
  });

  it("keeps a serial number upper-case without spaces, dashes kept, 4 to 64 characters", () => {
    expect(checkDeviceIdentifier(" c02xk1 abjg5h ")).toEqual({
      ok: true,
      identifier: { kind: "serial", value: "C02XK1ABJG5H" },
    });
    expect(checkDeviceIdentifier("sn-4411-x")).toMatchObject({
      identifier: { kind: "serial", value: "SN-4411-X" },
    });
    for (const bad of ["AB1", "A".repeat(65), "C02#XK1", "ÉCRAN123"])
      expect(checkDeviceIdentifier(bad)).toEqual({ ok: false, message: serialMessage });
  });

  // "----" was stored as a serial number, so every device typed that way became one device, its
  // history shared by strangers' repairs.
  it("refuses dashes alone: a serial number has a letter, an IMEI digits", () => {
    for (const bad of ["----", "- - - -", "-".repeat(64)])
      expect(checkDeviceIdentifier(bad)).toEqual({ ok: false, message: serialMessage });
  });

  it("shows an IMEI grouped as printed on the box, a serial as stored", () => {
    expect(formatDeviceIdentifier({ kind: "imei", value: imei })).toBe("35 209900 176148 1");
    expect(formatDeviceIdentifier({ kind: "serial", value: "C02XK1ABJG5H" })).toBe("C02XK1ABJG5H");
  });
});
