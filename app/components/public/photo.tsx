import type { ImgHTMLAttributes } from "react";
import { type PhotoSlot, photoFormats, photoSize, photoUrl } from "~/config/photos";

type PhotoProps = {
  slot: PhotoSlot;
  /** How wide the picture shows, as for `<img sizes>`; the browser picks the file from it. */
  sizes: string;
  /** The page's largest picture in the first screen (its LCP): fetched first, never lazily. */
  priority?: boolean;
} & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "slot" | "src" | "srcSet" | "sizes" | "alt" | "width" | "height" | "loading"
>;

/**
 * One slot's picture, in AVIF or WebP at the width the screen needs; the files are made by
 * `npm run images`. Width and height reserve its space before it arrives.
 */
export function Photo({ slot, sizes, priority = false, ...img }: PhotoProps) {
  const srcSet = (format: (typeof photoFormats)[number]) =>
    slot.widths.map((w) => `${photoUrl(slot, w, format)} ${w}w`).join(", ");
  const fallbackWidth =
    slot.widths[Math.floor((slot.widths.length - 1) / 2)] ?? photoSize(slot).width;
  return (
    <picture>
      {photoFormats.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(format)} sizes={sizes} />
      ))}
      <img
        src={photoUrl(slot, fallbackWidth, "webp")}
        alt={slot.alt}
        {...photoSize(slot)}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        {...img}
      />
    </picture>
  );
}
