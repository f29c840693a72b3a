/**
 * Addresses and references of the devices for sale on /shop (issue 33). Browser-safe.
 *
 * A device's page is `/shop/{words}-{public id}`: the words (brand, model, storage) are for people
 * and search engines, the public id after the last dash is what names the device. Public ids are
 * made of lower-case letters and digits only, so the last dash always ends the words.
 */

/** Letters and digits no one misreads: no 0/O, 1/I/L. */
const unambiguous = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A random string of `length` unambiguous characters from `bytes` (one byte each). */
function unambiguousText(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => unambiguous[byte % unambiguous.length]).join("");
}

/**
 * A new device's public id: 10 characters of 31 (about 49 bits), lower-case. Whoever enters a
 * device for sale (the stock editor, a buyback, the seeds) names it with this.
 */
export const newStockPublicId = () =>
  unambiguousText(crypto.getRandomValues(new Uint8Array(10))).toLowerCase();

/** A new reservation's reference. */
export const newReservationReference = () =>
  `R-${unambiguousText(crypto.getRandomValues(new Uint8Array(6)))}`;

/** What a stock device's public id looks like (10 to 16 lower-case letters and digits). */
export const isStockPublicId = (value: string) => /^[a-z0-9]{10,16}$/.test(value);

/** "Apple iPhone 13 128 GB" → "apple-iphone-13-128-gb". */
export function slugWords(...parts: (string | null | undefined)[]): string {
  return parts
    .filter(Boolean)
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

type Named = { publicId: string; brand: string; model: string; storage: string };

/** The device's page within the site. */
export function shopDevicePath(device: Named): string {
  const words = slugWords(device.brand, device.model, device.storage);
  return `/shop/${words ? `${words}-` : ""}${device.publicId}`;
}

/** The public id a device page's address names, or undefined when it names none. */
export function publicIdOfSlug(slug: string): string | undefined {
  const id = slug.slice(slug.lastIndexOf("-") + 1);
  return isStockPublicId(id) ? id : undefined;
}

/** A reservation's reference as the customer reads it: "R-" and six unambiguous characters. */
export const isReservationReference = (value: string) =>
  /^R-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/.test(value);
