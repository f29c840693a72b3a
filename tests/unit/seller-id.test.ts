import { describe, expect, it } from "vitest";
import { compactIdNumber, idLast4, maskedId } from "~/utils/seller-id";
import { isSignaturePath, pathPoint, signatureMax } from "~/utils/signature-path";

describe("the seller's ID, masked", () => {
  it("keeps the number without spaces or dashes, upper-case, and shows its last four only", () => {
    const compact = compactIdNumber(" a1234-56789 05678 ");
    expect(compact).toBe("A12345678905678");
    expect(idLast4(compact)).toBe("5678");
    expect(maskedId(idLast4(compact))).toBe("•••• 5678");
    expect(maskedId(idLast4("AB12"))).toBe("•••• AB12");
  });
});

describe("a drawn signature's path", () => {
  it("accepts strokes of whole-number points", () => {
    expect(isSignaturePath("M10 10")).toBe(true);
    expect(isSignaturePath("M10 10L20 30L600 200M5 5L6 7")).toBe(true);
  });

  it("refuses anything else a client might send as path data", () => {
    for (const value of [
      "",
      "L10 10",
      "M10",
      "M10 10 L20 20",
      "M10.5 10",
      "M-1 10",
      "M1000 10",
      "M10 10Z",
      "M10 10C1 2 3 4 5 6",
      '"/><script>alert(1)</script>',
      "M10 10\nL20 20",
    ])
      expect(isSignaturePath(value), JSON.stringify(value)).toBe(false);
  });

  it("refuses a path longer than a signature, quickly", () => {
    const long = `M1 1${"L2 2".repeat(signatureMax / 4)}`;
    const started = performance.now();
    expect(isSignaturePath(long)).toBe(false);
    expect(isSignaturePath(`${"M1 1L2 2".repeat(2000)}Q`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("keeps the pad's points inside its box, rounded", () => {
    expect(pathPoint(12.4, 99.6)).toBe("12 100");
    expect(pathPoint(-5, 250)).toBe("0 200");
    expect(pathPoint(700, -1)).toBe("600 0");
  });
});
