import { describe, expect, it } from "vitest";
import { isFormPage, keylessCopy, withKey } from "~/offline/form-copies";
import { isPhoneMadeKey, makePhoneKey } from "~/utils/phone-made-key";

const url = (path: string) => new URL(path, "https://wefix.example");
const signed = "Q0FGRUJBQkUtMTIzNDU2Nzg5MA.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2ZXItaGVyZQ";
const page = (key: string) =>
  `<!DOCTYPE html><html><body><form method="post" data-kept-form="booking"><input type="hidden" name="submissionKey" value="${key}"/><input name="firstName" value=""/></form></body></html>`;

describe("the forms a phone keeps to open offline (decision 0061)", () => {
  it("knows the two forms, with or without a query", () => {
    expect(isFormPage(url("/book-appointment"))).toBe(true);
    expect(isFormPage(url("/book-appointment?category=mobile"))).toBe(true);
    expect(isFormPage(url("/contact"))).toBe(true);
    // /sell's offer is priced by the server: it is never opened from a copy.
    for (const path of [
      "/book-appointment/queued",
      "/book-appointment/confirmation/x",
      "/faq",
      "/sell",
      "/sell?category=mobile",
    ])
      expect(isFormPage(url(path)), path).toBe(false);
  });

  it("keeps a form without the key it was served with, and opens each copy with a key of its own", () => {
    const copy = keylessCopy(page(signed))!;
    expect(copy).not.toContain(signed);
    expect(copy).toContain('name="submissionKey" value=""');
    const [first, second] = [makePhoneKey(), makePhoneKey()];
    expect(first).not.toBe(second);
    expect(withKey(copy, first)).toBe(page(first));
    expect(withKey(copy, second)).toBe(page(second));
  });

  it("keeps nothing of a page whose key is missing, doubled or written elsewhere in it", () => {
    expect(keylessCopy("<html><body>no form</body></html>")).toBeUndefined();
    expect(keylessCopy(page(""))).toBeUndefined();
    expect(keylessCopy(page(signed).replace("</form>", `</form>${page(signed)}`))).toBeUndefined();
    expect(keylessCopy(page(signed).replace("</body>", `<p>${signed}</p></body>`))).toBeUndefined();
  });

  it("makes keys of the one shape the form door takes from a phone: 24 random bytes", () => {
    const keys = new Set(Array.from({ length: 200 }, makePhoneKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^phone\.[A-Za-z0-9_-]{32}$/);
      expect(isPhoneMadeKey(key)).toBe(true);
    }
    for (const other of [signed, "phone.", `phone.${"a".repeat(31)}`, `phone.${"+".repeat(32)}`])
      expect(isPhoneMadeKey(other), other).toBe(false);
  });
});
