import { blogPosts } from "~/content/blog";
import { deviceCategories, type CategorySlug } from "~/config/shop";

/** The public pages that take no parameter. */
const fixedPages = [
  "/",
  "/about",
  "/services",
  "/book-appointment",
  "/sell",
  "/track-repair",
  "/contact",
  "/faq",
  "/blog",
  "/terms",
  "/privacy-policy",
];

/** Where the services page lists a category ("/services#watch-repairs"). */
export const categoryAnchor = (slug: CategorySlug) => `${slug}-repairs`;

/** The service selectors, whose steps (`?brand=…&model=…`) are pages of their own. */
export const selectorPaths = deviceCategories.map((c) => `/services/${c.slug}`);

/**
 * The form pages the page cache may keep (decision 0037), with how long a kept copy serves in ms.
 * The booking form lists the times still free today and after: a copy serves two seconds, and a
 * time taken meanwhile is refused when the form is sent, as it is for a page rendered just before.
 * The contact form changes only with a release.
 */
export const formPages: ReadonlyMap<string, number> = new Map([
  ["/book-appointment", 2_000],
  ["/contact", Infinity],
]);

/**
 * `unlisted`: a page search engines should not list (the service worker's offline page). `fresh`:
 * read from the database on every request and never kept by the page cache (/shop, where a sold
 * device must be gone at once on every instance).
 */
export type PublicPage = { path: string; lastModified?: string; unlisted?: true; fresh?: true };

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
  { path: "/shop", fresh: true },
  { path: "/offline", unlisted: true },
];
