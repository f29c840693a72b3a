import { categorySlugs, deviceCategories, headerServiceSlugs, type CategorySlug } from "./shop";

/** `section`: other paths whose pages belong to this item, so it shows as current there too. */
export type NavItem = {
  to: string;
  label: string;
  children?: readonly NavItem[];
  /** The phone menu's list under this item, when it lists more than the header's dropdown. */
  phoneChildren?: readonly NavItem[];
  section?: readonly string[];
};

const categoryLinks = (slugs: readonly CategorySlug[]) =>
  deviceCategories
    .filter((c) => slugs.includes(c.slug))
    .map((c) => ({ to: `/services/${c.slug}`, label: c.shortName }));

const priceListsLink: NavItem = {
  to: `/price-list/${deviceCategories[0].slug}`,
  label: "Price Lists",
  section: ["/price-list"],
};

export const mainNavigation: readonly NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  {
    to: "/services",
    label: "Services",
    section: ["/price-list"],
    children: categoryLinks(headerServiceSlugs),
    // The phone menu has room for every category, and the way to the prices.
    phoneChildren: [...categoryLinks(categorySlugs), priceListsLink],
  },
  { to: "/shop", label: "Shop" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
  { to: "/faq", label: "FAQ" },
  { to: "/track-repair", label: "Track Repair" },
];

export const quickLinks: readonly NavItem[] = [
  { to: "/about", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/book-appointment", label: "Book Appointment" },
  { to: "/shop", label: "Refurbished Devices" },
  { to: "/track-repair", label: "Track Repair" },
  { to: "/sell", label: "Sell Your Device" },
  { to: "/blog", label: "Blog" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact" },
];

export const serviceLinks: readonly NavItem[] = [
  ...deviceCategories.map((c) => ({ to: `/services/${c.slug}`, label: c.title })),
  priceListsLink,
  { to: "/book-appointment", label: "Book a Repair" },
];

const within = (path: string, prefix: string) =>
  path === prefix || (prefix !== "/" && path.startsWith(`${prefix}/`));

/**
 * Whether the item is the current page or the section it belongs to (Services on /services/laptop).
 */
export function isCurrentItem(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return [item.to, ...(item.section ?? [])].some((prefix) => within(path, prefix));
}
