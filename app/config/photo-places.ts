import { technicians } from "~/content/about";
import {
  benchSlot,
  heroSlots,
  storefrontSlot,
  technicianSlot,
  type PhotoSlot,
} from "~/config/photos";

/**
 * A place on the public pages that shows the shop's own photos, which the owner uploads on
 * /admin/photos (docs/decisions/0062). Until it holds one, it shows its drawings, made by
 * `npm run images` (decision 0020). An uploaded photo is cropped to the place's shape around its
 * most interesting part and kept at each of its widths in AVIF and WebP.
 */
export type PhotoPlace = {
  /** Its name in the database and in the forms: its first drawing's slot name. */
  name: string;
  /** What the admin page calls it. */
  label: string;
  /** Where it shows, in the owner's words. */
  where: string;
  /** The shape as the owner reads it. */
  shape: string;
  aspect: PhotoSlot["aspect"];
  widths: PhotoSlot["widths"];
  /** The narrowest photo, once cropped, that still looks sharp there (one of `widths`). */
  minWidth: number;
  /** How many photos it shows. */
  most: number;
  /** What it shows until it holds a photo. */
  drawings: readonly PhotoSlot[];
};

const shapeOf = (slot: PhotoSlot) => ({ aspect: slot.aspect, widths: slot.widths });

export const heroPlace: PhotoPlace = {
  name: "hero",
  label: "Home page slideshow",
  where:
    "Behind the headline at the top of the home page, one after another in this order. The headline covers the left side, so keep what matters to the right.",
  shape: "wide (16:9)",
  ...shapeOf(heroSlots[0]!),
  minWidth: 1200,
  most: heroSlots.length,
  drawings: heroSlots,
};

export const storefrontPlace: PhotoPlace = {
  name: storefrontSlot.name,
  label: "Our shop",
  where: "About page, beside “Our story”: the shop front or the counter.",
  shape: "4:3",
  ...shapeOf(storefrontSlot),
  minWidth: 800,
  most: 1,
  drawings: [storefrontSlot],
};

export const benchPlace: PhotoPlace = {
  name: benchSlot.name,
  label: "Our bench",
  where: "About page, beside “Certifications and standards”: the workshop's repair bench.",
  shape: "4:3",
  ...shapeOf(benchSlot),
  minWidth: 800,
  most: 1,
  drawings: [benchSlot],
};

/** A technician's portrait on the About page, one per person in app/content/about.ts. */
export function technicianPlace(name: string): PhotoPlace {
  const slot = technicianSlot(name);
  return {
    name: slot.name,
    label: name,
    where:
      "About page, their portrait under “Meet our technicians”, shown in a circle: head and shoulders, centred.",
    shape: "square",
    ...shapeOf(slot),
    minWidth: 320,
    most: 1,
    drawings: [slot],
  };
}

/** Every place, in the order the admin page lists them. */
export const photoPlaces: readonly PhotoPlace[] = [
  heroPlace,
  storefrontPlace,
  benchPlace,
  ...technicians.map((tech) => technicianPlace(tech.name)),
];

export const photoPlaceNamed = (name: string) => photoPlaces.find((place) => place.name === name);

/** The smallest photo a place takes, once cropped to its shape. */
export const minSize = (place: Pick<PhotoPlace, "minWidth" | "aspect">) => ({
  width: place.minWidth,
  height: Math.round((place.minWidth * place.aspect[1]) / place.aspect[0]),
});
