/**
 * Every fact about the shop that a page, e-mail or document shows. Placeholders until the owner
 * supplies the real ones; nothing else in the app repeats these values.
 */

import type { InvoiceLineKind } from "~/types/invoice";
import { formatClock } from "~/utils/clock";

export const brand = {
  name: "WeFix",
  tagline: "Fast, reliable, affordable repairs done right the first time.",
  foundedYear: 2020,
} as const;

export const timeZone = "America/Toronto";

const phoneDigits = "9055550142";
const whatsappDigits = "19055550143";

export const contact = {
  phone: { display: "(905) 555-0142", href: `tel:+1${phoneDigits}` },
  whatsapp: {
    display: "+1 905 555 0143",
    href: `https://wa.me/${whatsappDigits}?text=${encodeURIComponent(
      "Hi! I would like to inquire about your repair services.",
    )}`,
  },
  emails: {
    info: "info@wefix.example",
    repairs: "repairs@wefix.example",
  },
} as const;

const streetAddress = "240 Lakeshore Rd E";
const fullAddress = `${streetAddress}, Oakville, ON L6J 1H8`;
const geo = { latitude: 43.4469, longitude: -79.6668 } as const;

export const address = {
  street: streetAddress,
  city: "Oakville",
  region: "ON",
  postalCode: "L6J 1H8",
  country: "CA",
  full: fullAddress,
  geo,
  mapLink: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`WeFix ${fullAddress}`)}`,
  directionsLink: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(fullAddress)}`,
  mapEmbed: `https://www.openstreetmap.org/export/embed.html?bbox=${geo.longitude - 0.004}%2C${geo.latitude - 0.0025}%2C${geo.longitude + 0.004}%2C${geo.latitude + 0.0025}&layer=mapnik&marker=${geo.latitude}%2C${geo.longitude}`,
} as const;

/** Minutes after midnight, shop time. Index 0 is Sunday, as in Date#getDay. */
export type OpeningHours = { open: number; close: number };

const hour = (h: number, m = 0) => h * 60 + m;

export const openingHours: readonly OpeningHours[] = [
  { open: hour(11), close: hour(17) },
  { open: hour(10), close: hour(20) },
  { open: hour(10), close: hour(20) },
  { open: hour(10), close: hour(20) },
  { open: hour(10), close: hour(20) },
  { open: hour(10), close: hour(20) },
  { open: hour(10), close: hour(18) },
];

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * How the hours are written on every page, from the hours bookings follow: the week from Monday,
 * days in a row with the same hours on one line ("Monday - Friday").
 */
export const openingHoursText: readonly { days: string; hours: string }[] = (() => {
  const lines: { first: string; last: string; hours: string }[] = [];
  for (const day of [1, 2, 3, 4, 5, 6, 0]) {
    const { open, close } = openingHours[day]!;
    const hours = `${formatClock(open)} - ${formatClock(close)}`;
    const previous = lines.at(-1);
    if (previous?.hours === hours) previous.last = dayNames[day]!;
    else lines.push({ first: dayNames[day]!, last: dayNames[day]!, hours });
  }
  return lines.map(({ first, last, hours }) => ({
    days: first === last ? first : `${first} - ${last}`,
    hours,
  }));
})();

/**
 * No text goes to a customer from 21:00 to 09:00 shop time; a text due then waits for the
 * morning. E-mail is not held back. Minutes after midnight, like the opening hours.
 */
export const textQuietHours = {
  from: hour(21),
  until: hour(9),
  /** As staff read it on the Outbox and beside the reply box. */
  text: `${formatClock(hour(21))} to ${formatClock(hour(9))}`,
} as const;

const slotLength = 30;

/**
 * Booking slots: every 30 minutes from 10:00 AM to 6:00 PM (17). Value "HH:MM", label "h:mm AM".
 */
export const timeSlots = Array.from({ length: 17 }, (_, i) => {
  const minutes = hour(10) + i * slotLength;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return { value, label: formatClock(minutes), minutes };
});

export const booking = {
  slotLengthMinutes: slotLength,
  /** Active bookings one slot may hold; BOOKING_SLOT_CAPACITY overrides it. */
  defaultSlotCapacity: 3,
  maxDaysAhead: 60,
  /**
   * Until how many hours before the appointment a customer may move or cancel it online, until
   * the Settings page says otherwise (docs/decisions/0056).
   */
  defaultChangeCutoffHours: 2,
  contactWithinHours: 1,
  referencePrefix: "WF-",
  /**
   * A repair ready for pickup longer than this many days is flagged on the agenda and dashboard.
   */
  pickupWaitDays: 3,
} as const;

export const urgencies = [
  { value: "normal", label: "Normal (2-3 days)" },
  { value: "urgent", label: "Urgent (Same day)" },
  { value: "emergency", label: "Emergency (ASAP)" },
] as const;

export type Urgency = (typeof urgencies)[number]["value"];

export const deviceCategories = [
  {
    slug: "mobile",
    title: "Mobile Repair Service",
    shortName: "Mobile",
    modelExample: "iPhone 15 or Galaxy S23",
  },
  {
    slug: "tablet",
    title: "Tablet Repair",
    shortName: "Tablet",
    modelExample: "iPad Air or Galaxy Tab",
  },
  {
    slug: "laptop",
    title: "Laptop Repair",
    shortName: "Laptop",
    modelExample: "MacBook Air or ThinkPad",
  },
  {
    slug: "watch",
    title: "Smart Watch Repair",
    shortName: "Smart Watch",
    modelExample: "Apple Watch Series 10",
  },
  {
    slug: "console",
    title: "Gaming Console Repair",
    shortName: "Gaming Console",
    modelExample: "PlayStation 5 or Switch OLED",
  },
] as const;

export type DeviceCategory = (typeof deviceCategories)[number];
export type CategorySlug = DeviceCategory["slug"];

export const categorySlugs = deviceCategories.map((c) => c.slug) as [
  CategorySlug,
  ...CategorySlug[],
];

export function findCategory(slug: string | undefined): DeviceCategory | undefined {
  return deviceCategories.find((c) => c.slug === slug);
}

/** The categories in the header's Services dropdown. */
export const headerServiceSlugs: readonly CategorySlug[] = ["mobile", "tablet", "laptop"];

export const contactSubjects = [
  { value: "repair-inquiry", label: "Repair Inquiry" },
  { value: "quote-request", label: "Quote Request" },
  { value: "warranty-claim", label: "Warranty Claim" },
  { value: "general-question", label: "General Question" },
  { value: "feedback", label: "Feedback" },
  { value: "other", label: "Other" },
] as const;

export const socialLinks = [
  { name: "Facebook", href: "https://www.facebook.com/wefixoakville" },
  { name: "Instagram", href: "https://www.instagram.com/wefixoakville" },
  { name: "YouTube", href: "https://www.youtube.com/@wefixoakville" },
  { name: "TikTok", href: "https://www.tiktok.com/@wefixoakville" },
] as const;

/** The public reviews: where they are, how many, and their average out of 5 stars. */
export const reviews = {
  href: "https://www.google.com/maps/search/?api=1&query=WeFix+Oakville+reviews",
  count: 1480,
  average: 4.9,
} as const;

export const warranty = {
  days: 90,
  covers: "parts and labour",
  startsFrom: "the invoice date",
  processingBusinessDays: "3-5",
  refunds: false,
  exclusions: [
    "Liquid damage after the repair",
    "Normal wear and tear",
    "Misuse or accidental damage",
    "Software issues unrelated to the repair",
  ],
} as const;

/**
 * What an invoice says of the business and its tax: Ontario's HST at 13%, on every kind of line
 * (repairs, parts, labour and accessories are all taxable supplies here). The legal name and the
 * GST/HST registration number are placeholders until the owner supplies theirs.
 */
export const invoicing = {
  legalName: "WeFix Device Repair Inc.",
  taxName: "HST",
  taxRegistration: "123456789 RT0001",
  /** The sales tax code QuickBooks Online's import knows the taxed lines by (decision 0066). */
  bookkeeperTaxCode: "HST ON",
  taxRateBasisPoints: 1300,
  taxableKinds: ["repair", "part", "labour", "accessory", "other", "device"],
} as const satisfies {
  taxableKinds: readonly InvoiceLineKind[];
  [key: string]: unknown;
};

export const policies = {
  abandonedAfterDays: 30,
  disposedAfterDays: 60,
  paymentMethods: ["Cash", "Credit", "Debit", "E-transfer"],
  messageReplyWithinHours: 24,
  privacyMinimumAge: 13,
} as const;

export const claims = {
  happyCustomers: 10000,
  yearsExperience: 5,
  successRate: 99,
  freeDiagnostic: true,
  sameDayService: true,
  walkInsWelcome: true,
  locations: 1,
} as const;

/** The issue choices on the booking form; a repair picked in the price selector may add its own. */
export const commonIssues = [
  "Screen Repair",
  "Battery Replacement",
  "Charging Port Repair",
  "Back Glass Repair",
  "Camera Repair",
  "Water Damage",
  "Keyboard Replacement",
  "Software Issue",
  "Data Recovery",
  "Other",
] as const;

/**
 * The buy-and-sell rules (docs/decisions/0072): how long an online offer stands, how long a bought
 * device waits before it may be resold, how long a seller's ID number is kept, how long a
 * reservation for pickup holds a device, and the sales warranty a device for sale starts with.
 */
export const trade = {
  offerValidDays: 7,
  holdDays: 0,
  sellerIdKeptDays: 365,
  reservationHours: 48,
  defaultWarrantyMonths: 3,
  deviceCheckUrl: "https://www.devicecheck.ca/",
} as const;
