import { address, brand, warranty } from "~/config/shop";

/** The hero's headlines, shown in turn. */
export const heroHeadlines = [
  "Instant Repairs | Certified Technicians | Affordable Pricing",
  "Cracked Screen? Water Damage? We Fix It All – Same-Day Repairs",
  "Premium Accessories & Protective Gear for All Models",
  "Walk-ins Welcome | Fast Turnaround | Expert Technicians",
] as const;

export const heroRotation = { headlineMs: 5000, imageMs: 7000 } as const;

export const heroLead = `${brand.tagline} Phones, tablets, laptops, game consoles and smart watches, repaired in our ${address.city} shop while you wait or the same day.`;

/** The "what makes us special" strip; each point leads to the page that backs it up. */
export const specialPoints = [
  {
    title: "Certified Technicians",
    text: "Trained in micro-soldering and board-level repair, our technicians fix what other shops send away.",
    to: "/about",
    linkLabel: "Meet our team",
  },
  {
    title: `${warranty.days}-Day Warranty`,
    text: `Every repair is covered for ${warranty.days} days on ${warranty.covers}, from ${warranty.startsFrom}.`,
    to: "/terms",
    linkLabel: "Read our warranty terms",
  },
  {
    title: "Free Diagnostics, Same-Day Service",
    text: "Walk in or book online: we check your device for free and finish most repairs the same day.",
    to: "/contact",
    linkLabel: "Get in touch",
  },
] as const;
