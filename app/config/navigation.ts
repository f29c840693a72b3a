import { deviceCategories, headerServiceSlugs } from "./shop";

export type NavItem = { to: string; label: string; children?: readonly NavItem[] };

export const mainNavigation: readonly NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  {
    to: "/services",
    label: "Services",
    children: deviceCategories
      .filter((c) => headerServiceSlugs.includes(c.slug))
      .map((c) => ({ to: `/services/${c.slug}`, label: c.shortName })),
  },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
  { to: "/faq", label: "FAQ" },
  { to: "/track-repair", label: "Track Repair" },
];

export const quickLinks: readonly NavItem[] = [
  { to: "/about", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/book-appointment", label: "Book Appointment" },
  { to: "/track-repair", label: "Track Repair" },
  { to: "/blog", label: "Blog" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact" },
];

export const serviceLinks: readonly NavItem[] = [
  ...deviceCategories.map((c) => ({ to: `/services/${c.slug}`, label: c.title })),
  { to: `/price-list/${deviceCategories[0].slug}`, label: "Price Lists" },
  { to: "/book-appointment", label: "Book a Repair" },
];
