import { expect, test } from "@playwright/test";
import { technicians } from "../../app/content/about";
import { blogPosts } from "../../app/content/blog";
import { blogCoverSlot, photoPath, technicianSlot } from "../../app/config/photos";
import { visitor, type HtmlPage } from "./support/html-page";
import { region } from "./public-forms-support";

/**
 * The pictures as the server draws them, and their files. Where they sit on a phone and a desktop
 * (lazy below the first screen) is tests/e2e/public-photos.spec.ts.
 */

const post = blogPosts[0]!;
const pages = ["/", "/about", "/blog", `/blog/${post.slug}`];

/**
 * Every file a <picture> on the page may ask for: each srcset entry of each source, and each src
 * (the hero's later pictures wait in <template>s, as they do under reduced motion).
 */
function pictureFiles(page: HtmlPage): string[] {
  return page.visible("main picture").flatMap((picture) => [
    ...page
      .$(picture)
      .find("source")
      .toArray()
      .flatMap((source) =>
        (page.$(source).attr("srcset") ?? "")
          .split(",")
          .map((entry) => entry.trim().split(" ")[0]!),
      ),
    page.$(picture).find("img").attr("src")!,
  ]);
}

/** A file's first bytes: a WebP is a RIFF file of type WEBP, an AVIF an ISO box of brand avif. */
function kindOf(body: Buffer) {
  if (body.subarray(0, 4).toString() === "RIFF" && body.subarray(8, 12).toString() === "WEBP")
    return "webp";
  if (body.subarray(4, 8).toString() === "ftyp" && body.subarray(8, 12).toString() === "avif")
    return "avif";
  return "unknown";
}

test("the hero's first picture is eager, first in priority and sized, in AVIF and WebP", async ({
  request,
}) => {
  const page = await visitor(request).open("/");
  const first = page.$(page.visible('[data-testid="hero-images"] img')[0]);
  expect(first.attr("loading")).toBe("eager");
  expect(first.attr("fetchpriority")).toBe("high");
  expect(first.attr("width")).toBe("1600");
  expect(first.attr("height")).toBe("900");
  const sources = page.visible('[data-testid="hero-images"] source').map((s) => page.$(s));
  expect(sources).toHaveLength(2);
  expect(sources[0]!.attr("type")).toBe("image/avif");
  expect(sources[1]!.attr("type")).toBe("image/webp");
  expect(sources[0]!.attr("srcset")).toMatch(/hero-1-400\.avif 400w, .*hero-1-1600\.avif 1600w/);
});

test("/about shows each technician's portrait, described, and no initials", async ({ request }) => {
  const page = await visitor(request).open("/about");
  const team = region(page, "Meet our technicians");
  for (const tech of technicians) {
    const card = team
      .find("li")
      .filter((_, item) => page.$(item).find("h3").text().trim() === tech.name);
    expect(card.length, tech.name).toBe(1);
    const portrait = card.find(`img[alt="Portrait of ${tech.name}"]`);
    expect(portrait.length, `${tech.name}'s portrait`).toBe(1);
    const src = portrait.attr("src")!;
    expect(src).toMatch(new RegExp(`^${photoPath}/${technicianSlot(tech.name).name}-\\d+\\.webp$`));
    // The file is a picture the browser can show.
    const file = await request.get(src);
    expect(file.status(), src).toBe(200);
    expect(kindOf(await file.body()), src).toBe("webp");
    const initials = tech.name
      .split(" ")
      .map((part) => part[0])
      .join("");
    const shown = card
      .find("*")
      .toArray()
      .filter((element) => page.$(element).text().trim() === initials);
    expect(shown, `${tech.name}'s initials`).toEqual([]);
  }
  const alts = page.visible("main img").map((img) => page.$(img).attr("alt") ?? "");
  expect(alts.filter((alt) => /shop front/.test(alt)).length).toBeGreaterThan(0);
  expect(alts.filter((alt) => /repair bench/.test(alt))).toHaveLength(1);
});

test("/blog gives every card its post's cover, and the post opens with it", async ({ request }) => {
  const browsing = visitor(request);
  const blog = await browsing.open("/blog");
  const cards = region(blog, "Posts").find("li").toArray();
  expect(cards).toHaveLength(blogPosts.length);
  for (const [index, { slug }] of blogPosts.entries()) {
    expect(blog.$(cards[index]).find("picture source").first().attr("srcset")).toMatch(
      new RegExp(`${blogCoverSlot(slug).name}-400\\.avif 400w`),
    );
  }
  const page = await browsing.open(`/blog/${post.slug}`);
  const cover = page.$("article picture img");
  expect(cover.attr("src")).toMatch(new RegExp(`${blogCoverSlot(post.slug).name}-\\d+\\.webp$`));
  expect(cover.attr("fetchpriority")).toBe("high");
});

test("every picture's files answer 200 as AVIF or WebP, cached like the other images", async ({
  request,
}) => {
  const other = await request.get("/images/og-image.jpg");
  const browsing = visitor(request);
  const files = new Set<string>();
  for (const path of pages)
    for (const file of pictureFiles(await browsing.open(path))) files.add(file);
  expect(files.size).toBeGreaterThan(40);
  for (const file of files) {
    expect(file).toMatch(new RegExp(`^${photoPath}/[a-z0-9-]+-\\d+\\.(avif|webp)$`));
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    expect(response.headers()["content-type"], file).toBe(`image/${file.split(".").pop()}`);
    expect(response.headers()["cache-control"], file).toBe(other.headers()["cache-control"]);
  }
});
