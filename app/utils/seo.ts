import type { MetaDescriptor } from "react-router";
import type { BlogPost } from "~/content/blog/types";
import type { FaqItem } from "~/content/faq";
import { address, brand, contact, openingHours, socialLinks } from "~/config/shop";
import type { PageCalendar } from "~/types/shop-calendar";
import { pageTitle } from "~/utils/meta";
import { calendarRuns } from "~/utils/shop-calendar";

/** The picture shared links show: a raster image, since most networks ignore SVG. */
const shareImage = {
  path: "/images/og-image.jpg",
  width: 1200,
  height: 630,
  alt: `${brand.name} device repair in ${address.city}`,
};

type PageMeta = {
  /** Without the brand; pageTitle adds it. */
  title: string;
  description: string;
  origin: string;
  /** Path of the canonical URL, query included where it selects different content. */
  path: string;
  type?: "website" | "article";
};

/** Title, description, canonical link and Open Graph tags for one page. */
export function pageMeta({
  title,
  description,
  origin,
  path,
  type = "website",
}: PageMeta): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const fullTitle = pageTitle(title);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: brand.name },
    { property: "og:type", content: type },
    { property: "og:locale", content: "en_CA" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}${shareImage.path}` },
    { property: "og:image:width", content: String(shareImage.width) },
    { property: "og:image:height", content: String(shareImage.height) },
    { property: "og:image:alt", content: shareImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** For a page answered with an error status: a title, and nothing for search engines to keep. */
export function errorMeta(title: string): MetaDescriptor[] {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

const schemaDays = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The days of the calendar a page was drawn with that differ from the week: closed days as
 * opening and closing at midnight (schema.org's and Google's way to say closed), special hours as
 * they are, each valid from its first day through its last.
 */
function specialHours(calendar: PageCalendar | null) {
  if (!calendar) return [];
  return calendarRuns(calendar.today, calendar.until, calendar.exceptions).map((run) => ({
    "@type": "OpeningHoursSpecification",
    validFrom: run.from,
    validThrough: run.to,
    opens: run.closed ? "00:00" : clock(run.open),
    closes: run.closed ? "00:00" : clock(run.close),
  }));
}

/**
 * schema.org LocalBusiness for the shop, from the shop facts and, when the page has it, the
 * calendar's coming closures, holidays and special hours.
 */
export function localBusinessJsonLd(origin: string, calendar: PageCalendar | null) {
  const special = specialHours(calendar);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${origin}/#business`,
    name: brand.name,
    description: brand.tagline,
    url: `${origin}/`,
    image: `${origin}${shareImage.path}`,
    telephone: contact.phone.href.replace(/^tel:/, ""),
    email: contact.emails.info,
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: address.geo.latitude,
      longitude: address.geo.longitude,
    },
    hasMap: address.mapLink,
    openingHoursSpecification: openingHours.map((hours, day) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: schemaDays[day],
      opens: clock(hours.open),
      closes: clock(hours.close),
    })),
    ...(special.length ? { specialOpeningHoursSpecification: special } : {}),
    sameAs: socialLinks.map((link) => link.href),
  };
}

export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function blogPostingJsonLd(post: BlogPost, origin: string) {
  const url = `${origin}/blog/${post.slug}`;
  const organization = { "@type": "Organization", name: brand.name, url: `${origin}/` };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt ?? post.publishedAt,
    author: { ...organization, name: post.author },
    publisher: { ...organization, logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` } },
    image: `${origin}${shareImage.path}`,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}

/** The sitemap document for absolute page URLs, each with an optional last-modified date. */
export function sitemapXml(entries: readonly { url: string; lastModified?: string }[]): string {
  const escape = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const urls = entries
    .map(
      ({ url, lastModified }) =>
        `  <url><loc>${escape(url)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
