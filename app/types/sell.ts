import type { CategorySlug } from "~/config/shop";

/** The device chosen so far on /sell, each step's choice in the grid's own spelling. */
export type SellDevice = {
  category?: CategorySlug;
  brand?: string;
  model?: string;
  storage?: string;
};

/** A drop-off day of the booking slots, its free times as the offer form lists them. */
export type DropOffDay = { label: string; times: { value: string; label: string }[] };
