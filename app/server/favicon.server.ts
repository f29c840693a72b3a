import sharp from "sharp";
import faviconSvg from "../../public/favicon.svg?raw";

/** The sizes browsers and tabs ask an .ico for. */
const sizes = [16, 32, 48];

/**
 * An .ico file holding PNG images (read by every browser since Internet Explorer 9): a 6-byte
 * header, a 16-byte entry per image (its size, colour depth and where its bytes are), the images.
 */
export function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // an icon, not a cursor
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

let drawn: Promise<Buffer> | undefined;

/**
 * /favicon.ico, drawn once per process from public/favicon.svg (the icon the pages link to), for
 * the browsers, feed readers and bookmark tools that ask for it whatever the page says.
 */
export function faviconIco(): Promise<Buffer> {
  drawn ??= Promise.all(
    sizes.map(async (size) => ({
      size,
      png: await sharp(Buffer.from(faviconSvg), { density: 600 })
        .resize(size, size)
        .png()
        .toBuffer(),
    })),
  ).then(icoOf);
  drawn.catch(() => (drawn = undefined));
  return drawn;
}
