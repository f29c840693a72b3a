import { describe, expect, it } from "vitest";
import {
  containsPattern,
  looksLikePhone,
  searchWords,
  startsWithPattern,
  typedPhoneDigits,
} from "~/utils/search";
import { compactForSearch, foldForSearch, foldedLetters } from "~/utils/search-fold";

describe("search folding", () => {
  it("reads accented letters as plain ones, in either case", () => {
    expect(foldForSearch("Hélène BÉLANGER, Zoë Côté")).toBe("helene belanger, zoe cote");
    expect(foldForSearch("Ærø Œuvre ẞ")).toBe("aero oeuvre ss");
    for (const letter of foldedLetters) {
      expect(foldForSearch(letter), letter).toMatch(/^[a-z]+$/);
      expect(foldForSearch(letter.toUpperCase()), letter).toBe(foldForSearch(letter));
    }
  });

  it("keeps letters it has no plain form for, and collapses whitespace", () => {
    expect(foldForSearch("Жуков  李\n\tWong")).toBe("жуков 李 wong");
  });

  it("runs folded text together without spaces or punctuation", () => {
    expect(compactForSearch("iphone 13 pro-max (2021)")).toBe("iphone13promax2021");
    expect(compactForSearch("o'brien")).toBe("obrien");
  });
});

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

  it("folds accents and case, and runs each word together without punctuation", () => {
    expect(searchWords("Zoë CÔTÉ")).toEqual(["zoe", "cote"]);
    expect(searchWords("O'Brien marie-ève")).toEqual(["obrien", "marieeve"]);
    expect(searchWords("Lætitia Straße Cœur")).toEqual(["laetitia", "strasse", "coeur"]);
    expect(searchWords("Ze\u0301lie\tŁódź")).toEqual(["zelie", "lodz"]);
    expect(searchWords("priya.raman@example.com")).toEqual(["priyaramanexamplecom"]);
    expect(searchWords("FVF-C02XK1AB")).toEqual(["fvfc02xk1ab"]);
    expect(searchWords("% () - iPhone")).toEqual(["iphone"]);
  });

  it("reads a model typed without its spaces as the same words run together (the price lists)", () => {
    // The database keeps "Apple iPhone 13" as "apple iphone 13 appleiphone13" (search_key).
    const kept = (name: string) => {
      const folded = foldForSearch(name);
      return `${folded} ${compactForSearch(folded)}`;
    };
    for (const [typed, model] of [
      ["iphone13", "Apple iPhone 13"],
      ["pixel8", "Google Pixel 8"],
      ["iPhone 13", "Apple iPhone 13"],
      ["galaxys23ultra", "Samsung Galaxy S Galaxy S23 Ultra"],
      ["i-phone 13", "Apple iPhone 13"],
    ] as const)
      for (const word of searchWords(typed)) expect(kept(model), typed).toContain(word);
    expect(searchWords("pixel8")).toEqual(["pixel8"]);
  });

  it("takes the user's % _ and \\ literally in patterns", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(startsWithPattern("li")).toBe("li%");
  });
});
