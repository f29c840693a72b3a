import type { Page } from "@playwright/test";
import { blogPosts } from "../../app/content/blog";
import { desktop, expect, phone, test } from "./fixtures";
import { open } from "./support/public";

/**
 * Where the pictures sit on a phone and a desktop: sized, lazy below the first screen, the first
 * screen's largest first. Their markup (the hero's formats, the portraits, the blog's covers) and
 * their files are tests/html/public-forms-photos.spec.ts; the slideshow's button is
 * tests/e2e/public-home.spec.ts.
 */

const post = blogPosts[0]!;
const pages = ["/", "/about", "/blog", `/blog/${post.slug}`];

type Shown = {
  src: string;
  loading: string | null;
  fetchpriority: string | null;
  width: string | null;
  height: string | null;
  top: number;
};

/** Every picture on the page as the server sent it, with where it sits before any scrolling. */
function pictures(page: Page): Promise<Shown[]> {
  return page.locator("main img").evaluateAll((imgs) =>
    imgs.map((img) => ({
      src: img.getAttribute("src") ?? "",
      loading: img.getAttribute("loading"),
      fetchpriority: img.getAttribute("fetchpriority"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      top: img.getBoundingClientRect().top + window.scrollY,
    })),
  );
}

test.beforeEach(async ({ page }) => {
  // Only the first hero picture is in the page: nothing rotates under reduced motion.
  await page.emulateMedia({ reducedMotion: "reduce" });
});

for (const [size, viewport] of Object.entries({ phone, desktop })) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test("every picture is sized; those below the first screen load lazily, the first screen's largest first", async ({
      page,
      jsEnabled,
    }) => {
      for (const path of pages) {
        await open(page, path, jsEnabled);
        const shown = await pictures(page);
        expect(shown.length, `${path} shows pictures`).toBeGreaterThan(0);
        for (const img of shown) {
          const where = `${path} ${img.src}`;
          expect(Number(img.width), `${where} has a width`).toBeGreaterThan(0);
          expect(Number(img.height), `${where} has a height`).toBeGreaterThan(0);
          if (img.top >= viewport.height)
            expect(img.loading, `${where} is below the first screen`).toBe("lazy");
          if (img.loading !== "lazy") {
            expect(img.fetchpriority, `${where} loads eagerly, so first`).toBe("high");
            expect(img.top, `${where} loads eagerly, so it is in the first screen`).toBeLessThan(
              viewport.height,
            );
          }
        }
        expect(
          shown.filter((img) => img.fetchpriority === "high").length,
          `${path} has one picture first`,
        ).toBeLessThanOrEqual(1);
      }
    });
  });
}
