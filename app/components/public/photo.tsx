import type { ImgHTMLAttributes } from "react";
import type { Picture } from "~/utils/picture";

type PhotoProps = {
  picture: Picture;
  /** How wide the picture shows, as for `<img sizes>`; the browser picks the file from it. */
  sizes: string;
  /** The page's largest picture in the first screen (its LCP): fetched first, never lazily. */
  priority?: boolean;
} & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "slot" | "src" | "srcSet" | "sizes" | "alt" | "width" | "height" | "loading"
>;

/**
 * One picture, in AVIF or WebP at the width the screen needs: a drawing made by `npm run images`
 * or a photo the owner uploaded (app/utils/picture.ts). Width and height reserve its space before
 * it arrives.
 */
export function Photo({ picture, sizes, priority = false, ...img }: PhotoProps) {
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.src}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        {...img}
      />
    </picture>
  );
}
