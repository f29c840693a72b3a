import { publicOrigin } from "~/server/env.server";
import { publicPages } from "~/utils/public-pages";
import { sitemapXml } from "~/utils/seo";

/** Every public page, each category's selector and price list, and every blog post. */
export function loader() {
  const origin = publicOrigin();
  const entries = publicPages
    .filter((page) => !page.unlisted)
    .map((page) => ({ url: `${origin}${page.path}`, lastModified: page.lastModified }));
  return new Response(sitemapXml(entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
