/** A shop photo as a public page draws it (docs/decisions/0062). */
export type ShopPhotoShown = {
  publicId: string;
  /** What it shows, in the owner's words: its alternative text. */
  caption: string;
  /** At its largest width. */
  width: number;
  height: number;
  /** The widths it is kept at, in AVIF and WebP alike, narrowest first. */
  widths: number[];
};

/** A shop photo on the admin page: who added it and when. */
export type ShopPhotoLine = ShopPhotoShown & { by: string; at: string; iso: string };

/** A place on the admin page: what and where it is, its version, its photos in turn. */
export type PhotoPlaceView = {
  name: string;
  label: string;
  where: string;
  shape: string;
  /** The smallest photo it takes, "1200 × 675". */
  least: string;
  most: number;
  version: number;
  photos: ShopPhotoLine[];
  /** What it shows until it holds a photo: its first drawing. */
  drawing: { src: string; width: number; height: number };
};

/** Which form of the page an answer is for, so the page shows it there. */
export type ShopPhotoTarget = {
  intent: "add" | "edit" | "move" | "remove";
  place: string;
  photo?: string;
};
