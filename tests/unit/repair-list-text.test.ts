import { describe, expect, it } from "vitest";
import {
  containsPattern,
  looksLikePhone,
  searchWords,
  startsWithPattern,
  typedPhoneDigits,
} from "~/utils/search";

describe("search text", () => {
  it("reads a phone number in any spelling as its stored digits", () => {
    for (const typed of [
      "905-555-0142",
      "(905) 5550142",
      "+1 905 555 0142",
      "1-905-555-0142",
      "905.555.0142",
    ]) {
      expect(looksLikePhone(typed), typed).toBe(true);
      expect(typedPhoneDigits(typed), typed).toBe("9055550142");
    }
    expect(typedPhoneDigits("+1 905")).toBe("905");
    expect(looksLikePhone("iPhone 13")).toBe(false);
    expect(looksLikePhone("()")).toBe(false);
  });

  it("splits words, lower-cased, a phone-spelled word becoming digits", () => {
    expect(searchWords("  iPhone   13 ")).toEqual(["iphone", "13"]);
    expect(searchWords("Priya 555-0177")).toEqual(["priya", "5550177"]);
  });

  it("takes the user's % _ and \\ literally in patterns", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(startsWithPattern("li")).toBe("li%");
  });
});
