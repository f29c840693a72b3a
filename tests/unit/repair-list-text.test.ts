import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "~/lib/csv-encoding";
import { containsPattern, looksLikePhone, searchWords, startsWithPattern, typedPhoneDigits } from "~/lib/search.server";

describe("CSV cells", () => {
  it("quotes what RFC 4180 asks to quote and nothing else", () => {
    expect(csvCell("Zoë Côté")).toBe("Zoë Côté");
    expect(csvCell('Cracked "badly", top')).toBe('"Cracked ""badly"", top"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", "b,c", undefined])).toBe('a,"b,c",\r\n');
  });

  it("makes a cell a spreadsheet would run as a formula plain text", () => {
    for (const formula of ["=1+1", "+1 keyboard", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvCell("(905) 555-0142")).toBe("(905) 555-0142");
  });
});

describe("search text", () => {
  it("reads a phone number in any spelling as its stored digits", () => {
    for (const typed of ["905-555-0142", "(905) 5550142", "+1 905 555 0142", "1-905-555-0142", "905.555.0142"]) {
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
