import { blogPosts } from "~/content/blog";
import { deviceCategories } from "~/config/shop";

/** The public pages that take no parameter. */
const fixedPages = [
  "/",
  "/about",
  "/services",
  "/book-appointment",
  "/track-repair",
  "/contact",
  "/faq",
  "/blog",
  "/terms",
  "/privacy-policy",
];

/** The service selectors, whose steps (`?brand=…&model=…`) are pages of their own. */
export const selectorPaths = deviceCategories.map((c) => `/services/${c.slug}`);

/** `unlisted`: a page search engines should not list (the service worker's offline page). */
export type PublicPage = { path: string; lastModified?: string; unlisted?: true };

/**
 * Every public page that exists: the fixed pages, each device category's selector and price
 * list, and every blog post. The sitemap lists them and page views count only them.
 */
export const publicPages: readonly PublicPage[] = [
  ...fixedPages.map((path) => ({ path })),
  ...deviceCategories.flatMap((c) => [
    { path: `/services/${c.slug}` },
    { path: `/price-list/${c.slug}` },
  ]),
  ...blogPosts.map((post) => ({
    path: `/blog/${post.slug}`,
    lastModified: post.updatedAt ?? post.publishedAt,
  })),
  { path: "/offline", unlisted: true },
];
