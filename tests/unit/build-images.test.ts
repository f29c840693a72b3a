import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PhotoSlot } from "~/config/photos";
import { buildImages } from "../../scripts/build-images.js";

let root: string;
const dirs = () => ({
  photosDir: path.join(root, "photos"),
  illustrationsDir: path.join(root, "photos/illustrations"),
  outDir: path.join(root, "out"),
});
const build = (slots: PhotoSlot[]) => buildImages({ slots, ...dirs() });
const out = (name: string) => path.join(dirs().outDir, name);

/** A flat illustration in blue, drawn at the slot's aspect. */
function illustration(name: string, width = 400, height = 300) {
  writeFileSync(
    path.join(dirs().illustrationsDir, `${name}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#1d4ed8"/></svg>`,
  );
}

/** A phone's photo: amber, 1200 × 900, with the camera's make and the place it was taken. */
async function phonePhoto(file: string, { width = 1200, height = 900 } = {}) {
  await sharp({ create: { width, height, channels: 3, background: "#f59e0b" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Pocket 12", Copyright: "Shop owner" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "43/1 26/1 4884/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "79/1 40/1 24/1",
      },
    })
    .toFile(path.join(dirs().photosDir, file));
}

async function meanColour(image: string | Buffer) {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

const scene: PhotoSlot = {
  name: "storefront",
  alt: "The shop",
  aspect: [4, 3],
  widths: [200, 400],
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "wefix-images-"));
  mkdirSync(dirs().illustrationsDir, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm run images", () => {
  it("makes AVIF and WebP at every width, in the slot's aspect ratio, from the illustration", async () => {
    illustration("storefront");
    const report = await build([scene]);
    expect(report.built).toEqual(["storefront"]);
    expect(report.photos).toEqual([]);
    for (const width of scene.widths) {
      for (const format of ["avif", "webp"] as const) {
        const meta = await sharp(out(`storefront-${width}.${format}`)).metadata();
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        expect({ width: meta.width, height: meta.height }).toEqual({
          width,
          height: (width * 3) / 4,
        });
      }
    }
  });

  it("uses the shop's photo over the illustration, cropped to the aspect, without any of its metadata", async () => {
    illustration("storefront");
    const slot: PhotoSlot = { ...scene, aspect: [1, 1] };
    await phonePhoto("storefront.JPG");
    const source = await sharp(path.join(dirs().photosDir, "storefront.JPG")).metadata();
    expect(source.exif, "the test photo carries EXIF, GPS included").toBeDefined();

    const report = await build([slot]);
    expect(report.photos).toEqual(["storefront"]);
    for (const width of slot.widths) {
      for (const format of ["avif", "webp"]) {
        const file = out(`storefront-${width}.${format}`);
        const meta = await sharp(file).metadata();
        expect({ width: meta.width, height: meta.height }).toEqual({ width, height: width });
        expect(meta.exif, `${file} has no EXIF`).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        const [red, green, blue] = await meanColour(file);
        expect(
          red! > 200 && green! > 120 && blue! < 60,
          `amber from the photo, not the blue drawing: ${red},${green},${blue}`,
        ).toBe(true);
      }
    }
  });

  it("turns a photo the way the phone held it", async () => {
    // Stored 400 × 200, left half red and right half blue; orientation 6 shows it turned a
    // quarter clockwise, so the red half is on top of a 200 × 400 picture.
    const half = { width: 200, height: 200, channels: 3 } as const;
    const red = await sharp({ create: { ...half, background: "#ff0000" } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { ...half, background: "#0000ff" } })
      .png()
      .toBuffer();
    await sharp({ create: { width: 400, height: 200, channels: 3, background: "#000" } })
      .composite([
        { input: red, left: 0, top: 0 },
        { input: blue, left: 200, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(path.join(dirs().photosDir, "team-aisha.jpg"));
    await build([{ name: "team-aisha", alt: "", aspect: [1, 2], widths: [200] }]);

    const file = out("team-aisha-200.webp");
    expect(await sharp(file).metadata()).toMatchObject({ width: 200, height: 400 });
    const top = await meanColour(
      await sharp(file).extract({ left: 0, top: 0, width: 200, height: 150 }).png().toBuffer(),
    );
    expect(top[0]! > 200 && top[2]! < 60, `red on top: ${top}`).toBe(true);
  });

  it("never enlarges a small photo; its larger widths hold the photo's own size", async () => {
    illustration("storefront");
    await phonePhoto("storefront.png", { width: 300, height: 300 });
    const report = await build([{ ...scene, widths: [200, 400, 800] }]);
    expect(report.small).toEqual([{ slot: "storefront", width: 300 }]);
    expect(await sharp(out("storefront-200.webp")).metadata()).toMatchObject({
      width: 200,
      height: 150,
    });
    for (const width of [400, 800])
      expect(await sharp(out(`storefront-${width}.avif`)).metadata()).toMatchObject({
        width: 300,
        height: 225,
      });
  });

  it("skips slots whose source has not changed, and follows a photo that is replaced or removed", async () => {
    illustration("storefront");
    illustration("bench");
    const bench = { ...scene, name: "bench" };
    await build([scene, bench]);

    expect(await build([scene, bench])).toMatchObject({
      built: [],
      skipped: ["storefront", "bench"],
    });

    await phonePhoto("bench.webp");
    expect(await build([scene, bench])).toMatchObject({
      built: ["bench"],
      skipped: ["storefront"],
      photos: ["bench"],
    });

    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(dirs().photosDir, "bench.webp"), later, later);
    expect(await build([scene, bench])).toMatchObject({ built: ["bench"] });

    rmSync(path.join(dirs().photosDir, "bench.webp"));
    expect(await build([scene, bench])).toMatchObject({ built: ["bench"], photos: [] });
    const [red, , blue] = await meanColour(out("bench-400.webp"));
    expect(blue! > red!, "back to the blue illustration").toBe(true);
  });

  it("falls back to the slot's shared illustration and removes files no slot makes", async () => {
    illustration("team", 300, 300);
    mkdirSync(dirs().outDir, { recursive: true });
    writeFileSync(out("old-post-400.webp"), "");
    await build([
      { name: "team-new-hire", alt: "", aspect: [1, 1], widths: [160], fallback: "team" },
    ]);
    expect(await sharp(out("team-new-hire-160.avif")).metadata()).toMatchObject({
      width: 160,
      height: 160,
    });
    await expect(sharp(out("old-post-400.webp")).metadata()).rejects.toThrow();
  });

  it("stops with a clear message when a dropped photo cannot be read", async () => {
    illustration("storefront");
    writeFileSync(path.join(dirs().photosDir, "storefront.jpg"), "this is not a photo");
    await expect(build([scene])).rejects.toThrow(
      /storefront\.jpg could not be read .*Replace it with a JPEG, PNG, WebP or AVIF photo/,
    );
  });

  it("refuses a photo in a format it cannot read, such as an iPhone's HEIC", async () => {
    illustration("storefront");
    writeFileSync(path.join(dirs().photosDir, "storefront.heic"), "");
    await expect(build([scene])).rejects.toThrow(
      /photos\/storefront\.heic: this kind of file cannot be used.*Export as JPEG/,
    );
  });
});
