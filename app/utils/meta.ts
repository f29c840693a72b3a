import { brand } from "~/config/shop";

/** Every page title ends with the brand name. */
export function pageTitle(title?: string) {
  return title ? `${title} | ${brand.name}` : brand.name;
}
