import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { faviconIco, icoOf } from "~/server/favicon.server";
import { msUntilShopMidnight, shopYear } from "~/utils/shop-time";

describe("the shop's year (the footer's copyright)", () => {
  it("is the year on the shop's calendar, in Oakville, not in UTC", () => {
    // 7 p.m. in Oakville on New Year's Eve is already next year in UTC.
    expect(shopYear(new Date("2027-01-01T00:30:00Z"))).toBe(2026);
    expect(shopYear(new Date("2027-01-01T05:00:00Z"))).toBe(2027);
  });

  it("turns at the shop's midnight, which bounds how long a kept page serves", () => {
    // The next page served is drawn again (server/page-cache.ts), with the new year in its footer.
    expect(msUntilShopMidnight(new Date("2026-12-31T23:59:00-05:00"))).toBe(60_000);
  });
});

describe("/favicon.ico", () => {
  it("is an .ico file of PNG images at 16, 32 and 48 pixels drawn from the site's icon", async () => {
    const ico = await faviconIco();
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    const sizes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const entry = 6 + 16 * i;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const png = ico.subarray(offset, offset + length);
      const { width, height, format } = await sharp(png).metadata();
      expect(format).toBe("png");
      expect(width).toBe(ico.readUInt8(entry));
      expect(height).toBe(width);
      sizes.push(width!);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  it("writes 256 pixels as 0, as the format asks", () => {
    const png = Buffer.from([1, 2, 3]);
    const ico = icoOf([{ size: 256, png }]);
    expect(ico.readUInt8(6)).toBe(0);
    expect(ico.readUInt32LE(6 + 8)).toBe(3);
    expect(ico.readUInt32LE(6 + 12)).toBe(22);
    expect([...ico.subarray(22)]).toEqual([1, 2, 3]);
  });
});
