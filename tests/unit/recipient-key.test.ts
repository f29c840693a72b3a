import { describe, expect, it } from "vitest";
import { emailKey, phoneKey } from "~/utils/recipient-key";

describe("recipient keys", () => {
  it("counts one mailbox however its address is written", () => {
    for (const address of [
      "ann.lee@example.com",
      "  Ann.Lee@Example.COM ",
      "ann.lee+shop@example.com",
      "ANN.LEE+a+b@example.com",
    ])
      expect(emailKey(address)).toBe("ann.lee@example.com");
    // Gmail ignores dots in the name and answers to both of its domains.
    for (const address of ["a.n.n@gmail.com", "ann+x@googlemail.com", "A.nn@GMail.com"])
      expect(emailKey(address)).toBe("ann@gmail.com");
  });

  it("keeps apart what other providers keep apart", () => {
    expect(emailKey("ann.lee@example.com")).not.toBe(emailKey("annlee@example.com"));
    expect(emailKey("+ann@example.com")).toBe("+ann@example.com");
  });

  it("counts a number by the digits a text goes to", () => {
    for (const phone of ["(905) 555-0100", "+1 905 555 0100", "905.555.0100", "19055550100"])
      expect(phoneKey(phone)).toBe("+19055550100");
  });
});
