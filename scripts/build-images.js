// `npm run images` (and the first step of `npm run build` and `npm run dev`): turns each photo
// slot's source, the shop's own photo in photos/ or else its illustration in
// photos/illustrations/, into the responsive AVIF and WebP files the <Photo> component asks for.
// Run with tsx, which reads the slots from app/config/photos.ts.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { photoEncodings } from "../app/config/photos.ts";

/** Kinds of photo sharp reads here; anything else named after a slot stops the build. */
const photoExtensions = [".jpg", ".jpeg", ".png", ".webp", ".avif"];
/** The same settings as the photos the owner uploads (app/config/photos.ts). */
const encoders = {
  avif: (image) => image.avif(photoEncodings.avif),
  webp: (image) => image.webp(photoEncodings.webp),
};
/**
 * Written beside the outputs: which source and recipe made each slot's files, to skip unchanged
 * slots.
 */
const stampFile = ".sources.json";

export class ImageBuildError extends Error {}

/** The shop's photo for a slot, the slot's illustration, or its fallback illustration. */
function findSource(slot, photosDir, illustrationsDir) {
  const named = readdirSync(photosDir, { withFileTypes: true }).filter(
    (entry) => entry.isFile() && path.parse(entry.name).name.toLowerCase() === slot.name,
  );
  const photos = named.filter((entry) =>
    photoExtensions.includes(path.extname(entry.name).toLowerCase()),
  );
  const other = named.find((entry) => !photos.includes(entry));
  if (other) {
    throw new ImageBuildError(
      `photos/${other.name}: this kind of file cannot be used. Save the photo as JPEG, PNG, WebP or AVIF (for an iPhone's HEIC photo: Export as JPEG) under the same name.`,
    );
  }
  if (photos.length > 1) {
    throw new ImageBuildError(
      `photos/: ${photos.map((p) => p.name).join(" and ")} are both for "${slot.name}". Keep one.`,
    );
  }
  if (photos[0]) return { file: path.join(photosDir, photos[0].name), photo: true };
  for (const name of [slot.name, slot.fallback].filter(Boolean)) {
    const file = path.join(illustrationsDir, `${name}.svg`);
    if (existsSync(file)) return { file, photo: false };
  }
  throw new ImageBuildError(
    `No photo or illustration for "${slot.name}": add photos/${slot.name}.jpg or photos/illustrations/${slot.name}.svg.`,
  );
}

const outputName = (slot, width, format) => `${slot.name}-${width}.${format}`;

const unreadable = (source, error) =>
  new ImageBuildError(
    `${path.relative(process.cwd(), source.file)} could not be read (${error.message}). Replace it with a JPEG, PNG, WebP or AVIF photo, or remove it to show the illustration.`,
  );

/**
 * The source cropped to the slot's aspect ratio where it is most interesting, at the slot's
 * largest width or the photo's own if smaller, as raw pixels.
 */
async function cropped(slot, source) {
  const [aw, ah] = slot.aspect;
  const largest = Math.max(...slot.widths);
  try {
    const meta = await sharp(source.file).metadata();
    if (!meta.width || !meta.height) throw new Error("it has no size");
    // Phones store the camera's rotation as metadata; swap the sides before measuring.
    const sideways = (meta.orientation ?? 1) >= 5;
    const [sw, sh] = sideways ? [meta.height, meta.width] : [meta.width, meta.height];
    const croppable = Math.min(sw, (sh * aw) / ah);
    // An illustration is drawn at whatever density makes it as wide as the slot needs.
    const density = source.photo ? undefined : 72 * Math.max(1, largest / croppable);
    const width = source.photo ? Math.min(largest, Math.floor(croppable)) : largest;
    const { data, info } = await sharp(source.file, density ? { density } : {})
      .rotate()
      .resize({
        width,
        height: Math.round((width * ah) / aw),
        fit: "cover",
        position: sharp.strategy.attention,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
  } catch (error) {
    throw unreadable(source, error);
  }
}

/**
 * Encodes every width and format of one slot; a width beyond the source's own is the source's size,
 * never enlarged.
 */
async function render(slot, source, outDir) {
  const { data, raw } = await cropped(slot, source);
  const [aw, ah] = slot.aspect;
  const jobs = slot.widths.flatMap((width) =>
    Object.entries(encoders).map(([format, encode]) => {
      const w = Math.min(width, raw.width);
      const resized = sharp(data, { raw }).resize({
        width: w,
        height: Math.round((w * ah) / aw),
        fit: "cover",
      });
      return encode(resized).toFile(path.join(outDir, outputName(slot, width, format)));
    }),
  );
  await Promise.all(jobs);
  return raw.width < Math.max(...slot.widths) ? raw.width : null;
}

/**
 * Builds every slot into `outDir`, skipping a slot whose files were made from the same source
 * file (path, size, time) by the same recipe, and removing files no slot makes any more.
 * `recipe` is anything that, when it changes, should rebuild everything (this script, the slots).
 */
export async function buildImages({
  slots,
  photosDir,
  illustrationsDir,
  outDir,
  recipe = "",
  log = () => {},
}) {
  mkdirSync(outDir, { recursive: true });
  mkdirSync(photosDir, { recursive: true });
  const stampPath = path.join(outDir, stampFile);
  const previous = existsSync(stampPath) ? JSON.parse(readFileSync(stampPath, "utf8")) : {};
  const stamps = {};
  const expected = new Set([stampFile]);
  const report = { built: [], skipped: [], photos: [], small: [] };

  for (const slot of slots) {
    const source = findSource(slot, photosDir, illustrationsDir);
    const { size, mtimeMs } = statSync(source.file);
    const stamp = createHash("sha256")
      .update(
        JSON.stringify([
          path.resolve(source.file),
          size,
          mtimeMs,
          slot.aspect,
          slot.widths,
          recipe,
        ]),
      )
      .digest("hex");
    const files = slot.widths.flatMap((width) =>
      Object.keys(encoders).map((format) => outputName(slot, width, format)),
    );
    files.forEach((file) => expected.add(file));
    stamps[slot.name] = stamp;
    if (source.photo) report.photos.push(slot.name);
    if (
      previous[slot.name] === stamp &&
      files.every((file) => existsSync(path.join(outDir, file)))
    ) {
      report.skipped.push(slot.name);
      continue;
    }
    // Forget the old stamp first: an interrupted build must not look finished next time.
    delete previous[slot.name];
    writeFileSync(stampPath, JSON.stringify(previous));
    const small = await render(slot, source, outDir);
    if (small) report.small.push({ slot: slot.name, width: small });
    report.built.push(slot.name);
    log(`images: ${slot.name} from ${path.relative(process.cwd(), source.file)}`);
  }

  for (const file of readdirSync(outDir)) if (!expected.has(file)) rmSync(path.join(outDir, file));
  writeFileSync(stampPath, JSON.stringify(stamps, null, 1));
  return report;
}

/** Every slot the site shows: the fixed ones and one per technician and blog post. */
async function siteSlots() {
  const { benchSlot, blogCoverSlot, heroSlots, storefrontSlot, technicianSlot } =
    await import("../app/config/photos.ts");
  const { technicians } = await import("../app/content/about.ts");
  const { blogPosts } = await import("../app/content/blog/index.ts");
  return [
    ...heroSlots,
    storefrontSlot,
    benchSlot,
    ...technicians.map((t) => technicianSlot(t.name)),
    ...blogPosts.map((p) => blogCoverSlot(p.slug)),
  ];
}

async function main() {
  // `npm start`'s first build: warnings only.
  const quiet = Boolean(process.env.BUILD_QUIET);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const photosDir = path.join(root, "photos");
  const slots = await siteSlots();
  const known = new Set(slots.map((s) => s.name));
  for (const entry of readdirSync(photosDir, { withFileTypes: true })) {
    if (
      entry.isFile() &&
      !entry.name.startsWith(".") &&
      entry.name !== "README.md" &&
      !known.has(path.parse(entry.name).name.toLowerCase())
    ) {
      console.warn(
        `images: photos/${entry.name} is not used: no picture on the site has that name (see photos/README.md).`,
      );
    }
  }
  const recipe = [fileURLToPath(import.meta.url), path.join(root, "app/config/photos.ts")]
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  const started = Date.now();
  const report = await buildImages({
    slots,
    photosDir,
    illustrationsDir: path.join(photosDir, "illustrations"),
    outDir: path.join(root, "public/images/photos"),
    recipe,
    log: quiet ? undefined : console.info,
  });
  for (const { slot, width } of report.small) {
    console.warn(
      `images: the photo for "${slot}" is ${width} px wide after cropping; a larger one would look sharper on big screens.`,
    );
  }
  if (quiet) return;
  console.info(
    `images: ${report.built.length} built, ${report.skipped.length} up to date, ${report.photos.length} of ${slots.length} from the shop's photos (${Date.now() - started} ms)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof ImageBuildError ? `\nimages: ${error.message}\n` : error);
    process.exit(1);
  });
}
