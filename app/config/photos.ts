import { address, brand } from "~/config/shop";

/**
 * The places on the site that show a picture the shop can own. `npm run images` (part of
 * `npm run build`) turns each slot's source, the shop's photo `photos/{name}.jpg|png|webp|avif` or
 * else the illustration `photos/illustrations/{name}.svg` (or `{fallback}.svg`), into
 * `/images/photos/{name}-{width}.{avif|webp}`, cropped to `aspect`, at each of `widths`.
 * An empty `alt` marks a decorative picture.
 */
export type PhotoSlot = {
  name: string;
  alt: string;
  aspect: readonly [width: number, height: number];
  widths: readonly number[];
  fallback?: string;
};

export type PhotoFormat = "avif" | "webp";

export const photoFormats: readonly PhotoFormat[] = ["avif", "webp"];

/**
 * How each format is written, by the build step for the drawings and the folder's photos and by
 * the server for the photos the owner uploads (docs/decisions/0062). sharp 0.35 tunes AVIF's
 * quality by a perceptual measure: 40 there gives about the bytes that 50 gave on 0.34.
 */
export const photoEncodings = {
  avif: { quality: 40, effort: 2 },
  webp: { quality: 75, effort: 4 },
} as const satisfies Record<PhotoFormat, { quality: number; effort: number }>;

export const photoPath = "/images/photos";

export const photoUrl = (slot: PhotoSlot, width: number, format: PhotoFormat) =>
  `${photoPath}/${slot.name}-${width}.${format}`;

/** The slot's size at its largest width: what the `<img>` declares, so the page never jumps. */
export function photoSize(slot: PhotoSlot) {
  const width = Math.max(...slot.widths);
  return { width, height: Math.round((width * slot.aspect[1]) / slot.aspect[0]) };
}

const wide = { aspect: [16, 9], widths: [400, 800, 1200, 1600] } as const;
const landscape = { aspect: [4, 3], widths: [400, 800, 1200] } as const;
const cover = { aspect: [16, 9], widths: [400, 800, 1200] } as const;
const portrait = { aspect: [1, 1], widths: [160, 320, 480] } as const;

/**
 * The home page's rotating backgrounds; the text over them says everything, so they are decorative.
 */
export const heroSlots: readonly PhotoSlot[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  name: `hero-${n}`,
  alt: "",
  ...wide,
}));

export const storefrontSlot: PhotoSlot = {
  name: "storefront",
  alt: `The ${brand.name} shop front at ${address.street}, ${address.city}`,
  ...landscape,
};

export const benchSlot: PhotoSlot = {
  name: "bench",
  alt: `A repair bench in the ${brand.name} workshop`,
  ...landscape,
};

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A technician's portrait: `photos/team-daniel-tremblay.jpg` for Daniel Tremblay. */
export const technicianSlot = (name: string): PhotoSlot => ({
  name: `team-${slug(name)}`,
  alt: `Portrait of ${name}`,
  fallback: "team",
  ...portrait,
});

/** A blog post's cover; decorative, because the post's title always sits beside it. */
export const blogCoverSlot = (postSlug: string): PhotoSlot => ({
  name: `blog-${postSlug}`,
  alt: "",
  fallback: "blog",
  ...cover,
});
