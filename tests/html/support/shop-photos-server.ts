import { test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { admin } from "../../e2e/support/admin";
import { serverStartMs, startServer, type ServerProcess } from "../../e2e/support/server-process";
import { staffVisitor } from "./html-page";

/**
 * The shop photos specs' server (tests/html/admin-shop-photos.spec.ts, tests/e2e/admin-shop-
 * photos.spec.ts). A photo uploaded for the home page or the About page shows there for every
 * visitor, so these specs run on a server of their own, its tests in order: the shared server's
 * pages keep their drawings for every other spec.
 */
export function shopPhotosServer() {
  let server: ServerProcess;
  let shop: APIRequestContext;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(serverStartMs + 30_000);
    server = await startServer({
      PGLITE_DIR: "memory://",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "silent",
    });
    shop = await playwright.request.newContext({ baseURL: server.url });
    await staffVisitor(shop, "/admin/photos");
  });
  test.afterAll(async () => {
    await shop?.dispose();
    await server?.stop();
  });
  return {
    url: () => server.url,
    /** Requests to that server as its owner, signed in: relative addresses go there. */
    shop: () => shop,
  };
}

/**
 * A phone's photo as a file input sends it: a JPEG of `width` × `height` in a gradient (so the
 * crop has something to look at), with the phone's make and the GPS position in its EXIF.
 */
export async function phonePhoto(name: string, width: number, height: number, colour = "#b45309") {
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.4}" r="${Math.min(width, height) / 6}" fill="#fbbf24"/></svg>`;
  const bytes = await sharp(Buffer.from(scene))
    .jpeg()
    .withExif({
      IFD0: { Make: "TestPhone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 26/1 5/1" },
    })
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}
