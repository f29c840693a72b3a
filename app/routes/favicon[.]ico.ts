import { faviconIco } from "~/server/favicon.server";

/** The site's icon where browsers look for it without asking the page, as a real .ico file. */
export async function loader() {
  const body = await faviconIco();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/x-icon",
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=86400",
    },
  });
}
