import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/lib/seo";

/** Crawlers may read the public site; the staff area and the JSON endpoints are not for them. */
export function loader({ request }: LoaderFunctionArgs) {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${siteOrigin(request)}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
