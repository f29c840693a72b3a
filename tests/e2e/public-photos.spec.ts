import type { Page } from "@playwright/test";
import { technicians } from "../../app/content/about";
import { blogPosts } from "../../app/content/blog";
import { blogCoverSlot, photoPath, technicianSlot } from "../../app/config/photos";
import { desktop, expect, phone, test } from "./fixtures";
import { open } from "./support/public";

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

/**
 * Every file a <picture> on the page may ask for: each srcset entry of each source, and each src.
 */
function pictureFiles(page: Page): Promise<string[]> {
  return page
    .locator("main picture")
    .evaluateAll((all) =>
      all.flatMap((picture) => [
        ...[...picture.querySelectorAll("source")].flatMap((s) =>
          s.srcset.split(",").map((entry) => entry.trim().split(" ")[0]!),
        ),
        picture.querySelector("img")!.getAttribute("src")!,
      ]),
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

test("the hero's first picture is eager, first in priority and sized, in AVIF and WebP", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/", jsEnabled);
  const first = page.getByTestId("hero-images").locator("img").first();
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await expect(first).toHaveAttribute("width", "1600");
  await expect(first).toHaveAttribute("height", "900");
  const sources = page.getByTestId("hero-images").locator("source");
  await expect(sources).toHaveCount(2);
  await expect(sources.first()).toHaveAttribute("type", "image/avif");
  await expect(sources.last()).toHaveAttribute("type", "image/webp");
  await expect(sources.first()).toHaveAttribute(
    "srcset",
    /hero-1-400\.avif 400w, .*hero-1-1600\.avif 1600w/,
  );
});

test("/about shows each technician's portrait, described, and no initials", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/about", jsEnabled);
  const team = page.getByRole("region", { name: "Meet our technicians" });
  for (const tech of technicians) {
    const card = team
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: tech.name }) });
    const portrait = card.getByRole("img", { name: `Portrait of ${tech.name}` });
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveAttribute(
      "src",
      new RegExp(`^${photoPath}/${technicianSlot(tech.name).name}-\\d+\\.webp$`),
    );
    await expect
      .poll(
        () => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        `${tech.name}'s portrait loads`,
      )
      .toBe(true);
    const initials = tech.name
      .split(" ")
      .map((part) => part[0])
      .join("");
    await expect(card.getByText(initials, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole("img", { name: /shop front/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /repair bench/ })).toHaveCount(1);
});

test("/blog gives every card its post's cover, and the post opens with it", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/blog", jsEnabled);
  const cards = page.getByRole("region", { name: "Posts" }).getByRole("listitem");
  await expect(cards).toHaveCount(blogPosts.length);
  for (const [index, { slug }] of blogPosts.entries()) {
    await expect(cards.nth(index).locator("picture source").first()).toHaveAttribute(
      "srcset",
      new RegExp(`${blogCoverSlot(slug).name}-400\\.avif 400w`),
    );
  }
  await open(page, `/blog/${post.slug}`, jsEnabled);
  const cover = page.getByRole("article").locator("picture img");
  await expect(cover).toHaveAttribute(
    "src",
    new RegExp(`${blogCoverSlot(post.slug).name}-\\d+\\.webp$`),
  );
  await expect(cover).toHaveAttribute("fetchpriority", "high");
});

test("every picture's files answer 200 as AVIF or WebP, cached like the other images", async ({
  page,
  request,
  jsEnabled,
}) => {
  const other = await request.get("/images/og-image.jpg");
  const files = new Set<string>();
  for (const path of pages) {
    await open(page, path, jsEnabled);
    for (const file of await pictureFiles(page)) files.add(file);
  }
  expect(files.size).toBeGreaterThan(40);
  for (const file of files) {
    expect(file).toMatch(new RegExp(`^${photoPath}/[a-z0-9-]+-\\d+\\.(avif|webp)$`));
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    expect(response.headers()["content-type"], file).toBe(`image/${file.split(".").pop()}`);
    expect(response.headers()["cache-control"], file).toBe(other.headers()["cache-control"]);
  }
});

test("the slideshow's button says what it will do: pause, then play @js-only", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await open(page, "/", true);
  const pause = page.getByRole("button", { name: "Pause slideshow" });
  const play = page.getByRole("button", { name: "Play slideshow" });
  await pause.click();
  await expect(play).toBeVisible();
  await expect(pause).toHaveCount(0);
  await play.click();
  await expect(pause).toBeVisible();
  await expect(play).toHaveCount(0);
});
