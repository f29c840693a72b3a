import { blogPosts } from "~/content/blog";
import { deviceCategories } from "~/config/shop";
import { sitemapXml } from "~/lib/seo";
import { publicOrigin } from "~/lib/env.server";

const pages = ["/", "/about", "/services", "/book-appointment", "/track-repair", "/contact", "/faq", "/blog", "/terms", "/privacy-policy"];

/** Every public page, each category's selector and price list, and every blog post. */
export function loader() {
  const origin = publicOrigin();
  const entries = [
    ...pages.map((path) => ({ url: `${origin}${path}` })),
    ...deviceCategories.flatMap((c) => [{ url: `${origin}/services/${c.slug}` }, { url: `${origin}/price-list/${c.slug}` }]),
    ...blogPosts.map((post) => ({ url: `${origin}/blog/${post.slug}`, lastModified: post.updatedAt ?? post.publishedAt })),
  ];
  return new Response(sitemapXml(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
