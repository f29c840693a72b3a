import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { technicians } from "../../app/content/about";
import { visitor, type HtmlPage } from "./support/html-page";
import { region } from "./public-forms-support";
import { phonePhoto, shopPhotosServer } from "./support/shop-photos-server";

/**
 * The shop's photos without JavaScript (docs/decisions/0062): the owner's multipart forms on
 * /admin/photos, their refusals (4xx, the message, nothing stored), versions that keep two owners
 * from undoing each other, and what the home and About pages draw: the photo, sized and in AVIF
 * and WebP, or the drawing until there is one.
 */

const server = shopPhotosServer();

const placeSection = (page: HtmlPage, label: string) => region(page, label);
const cards = (page: HtmlPage, label: string) =>
  placeSection(page, label).find('[data-testid="shop-photo"]');

/** Every file a <picture> names: each srcset entry of each source, and the img's src. */
function filesOf(page: HtmlPage, picture: ReturnType<HtmlPage["$"]>) {
  return [
    ...picture
      .find("source")
      .toArray()
      .flatMap((source) =>
        (page.$(source).attr("srcset") ?? "")
          .split(",")
          .map((entry) => entry.trim().split(" ")[0]!),
      ),
    picture.find("img").attr("src")!,
  ];
}

test("the owner adds a photo without JavaScript; the About page shows it sized, in AVIF and WebP, instead of the drawing", async () => {
  const about = visitor(server.shop());
  const before = await about.open("/about");
  const storyPicture = region(before, "Our story").find("picture");
  expect(storyPicture.find("img").attr("src")).toBe("/images/photos/storefront-800.webp");

  const landed = await about.open("/admin/photos");
  expect(landed.headings(1)).toEqual(["Shop Photos"]);
  expect(placeSection(landed, "Our shop").text()).toContain("Shown now: the drawing.");
  const form = landed.form("Add Photo to Our shop");
  expect(landed.$(form.element).attr("enctype")).toBe("multipart/form-data");
  const added = await form
    .fill({ "Description (alt text)": "Our front counter on Lakeshore Road" })
    .submit("Add Photo to Our shop", {
      files: { file: [await phonePhoto("IMG_0042.jpg", 3000, 2000)] },
    });
  expect(added.url.pathname).toBe("/admin/photos");
  expect(added.toast()?.description).toBe("Photo added to Our shop. It shows on the site now.");
  const card = cards(added, "Our shop");
  expect(card).toHaveLength(1);
  expect(card.find("img").attr("alt")).toBe("Our front counter on Lakeshore Road");
  expect(placeSection(added, "Our shop").text()).not.toContain("Shown now: the drawing.");

  const after = await about.open("/about");
  const picture = region(after, "Our story").find("picture");
  const img = picture.find("img");
  expect(img.attr("alt")).toBe("Our front counter on Lakeshore Road");
  expect([img.attr("width"), img.attr("height")]).toEqual(["1200", "900"]);
  // The first screen's largest picture: fetched first, never lazily.
  expect(img.attr("loading")).toBe("eager");
  expect(img.attr("fetchpriority")).toBe("high");
  const sources = picture
    .find("source")
    .toArray()
    .map((s) => after.$(s));
  expect(sources.map((s) => s.attr("type"))).toEqual(["image/avif", "image/webp"]);
  expect(sources[0]!.attr("sizes")).toBe("(min-width: 1024px) 600px, calc(100vw - 2rem)");
  expect(sources[0]!.attr("srcset")).toMatch(
    /^\/photos\/[\w-]{22}\/400\.avif 400w, \/photos\/[\w-]{22}\/800\.avif 800w, \/photos\/[\w-]{22}\/1200\.avif 1200w$/,
  );
  for (const file of filesOf(after, picture)) {
    const answer = await server.shop().get(file);
    expect(answer.status(), file).toBe(200);
    expect(answer.headers()["content-type"], file).toBe(`image/${file.split(".").at(-1)}`);
    expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(await answer.body()).metadata();
    expect(meta.exif, file).toBeUndefined();
    expect((meta.width! * 3) / 4, file).toBe(meta.height);
  }
  // The other places keep their drawings; the bench, below the fold, loads lazily.
  const bench = region(after, "Certifications and standards").find("img");
  expect(bench.attr("src")).toBe("/images/photos/bench-800.webp");
  expect(bench.attr("loading")).toBe("lazy");
  for (const tech of technicians)
    expect(after.$(`img[alt="Portrait of ${tech.name}"]`).attr("src")).toMatch(
      /^\/images\/photos\//,
    );
});

test("bad files are refused with their message and a 4xx, and nothing is stored", async () => {
  const landed = await visitor(server.shop()).open("/admin/photos");
  const label = technicians[0]!.name;
  const send = (page: HtmlPage, file: File, caption = "Daniel at the bench") =>
    page
      .form(`Add Photo to ${label}`)
      .fill({ "Description (alt text)": caption })
      .submit(`Add Photo to ${label}`, { files: { file: [file] } });

  const text = new File(["not a photo at all"], "notes.jpg", { type: "image/jpeg" });
  const notPhoto = await send(landed, text);
  expect(notPhoto.status).toBe(400);
  const notPhotoMessage =
    "“notes.jpg”: This file is not a photo the shop can keep. Please send a JPEG, PNG or WebP photo.";
  expect(notPhoto.alerts()).toContain(notPhotoMessage);
  expect(notPhoto.toast()?.description).toBe(notPhotoMessage);
  // The message sits in the place's own form, which keeps the description typed.
  const form = placeSection(notPhoto, label).find("form").last();
  expect(form.text()).toContain(notPhotoMessage);
  expect(form.find('input[name="caption"]').attr("value")).toBe("Daniel at the bench");

  const tooSmall = await send(notPhoto, await phonePhoto("tiny.jpg", 300, 200));
  expect(tooSmall.status).toBe(400);
  expect(tooSmall.alerts()).toContain(
    `“tiny.jpg”: This photo is 300 × 200 pixels: ${label} needs at least 320 × 320. Please choose a larger photo.`,
  );

  const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", {
    type: "image/jpeg",
  });
  const tooLarge = await send(tooSmall, huge);
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.alerts()).toContain("Each photo must be 10 MB or smaller.");

  // The browser does not send a form without its description; a crafted one is refused.
  await expect(send(tooLarge, await phonePhoto("daniel.jpg", 800, 800), "")).rejects.toThrow(
    /caption is required/,
  );
  const noCaption = await tooLarge.form(`Add Photo to ${label}`).submit(`Add Photo to ${label}`, {
    unchecked: true,
    files: { file: [await phonePhoto("daniel.jpg", 800, 800)] },
  });
  expect(noCaption.status).toBe(400);
  const caption = placeSection(noCaption, label).find('form input[name="caption"]').last();
  expect(noCaption.$(`[id="${caption.attr("aria-describedby")}"]`).text()).toBe(
    "Please describe the photo for people who cannot see it.",
  );

  const page = await visitor(server.shop()).open("/admin/photos");
  expect(cards(page, label)).toHaveLength(0);
  expect(placeSection(page, label).text()).toContain("Shown now: the drawing.");
});

test("the slideshow's photos are ordered, replaced and removed without JavaScript; a stale form is refused with what changed", async () => {
  const home = visitor(server.shop());
  const drawn = await home.open("/");
  expect(drawn.$('[data-testid="hero-images"] img').first().attr("src")).toBe(
    "/images/photos/hero-1-800.webp",
  );

  let page = await home.open("/admin/photos");
  for (const [name, caption, colour] of [
    ["counter.jpg", "The front counter", "#0e7490"],
    ["window.jpg", "The shop window at night", "#7c2d12"],
  ] as const)
    page = await page
      .form("Add Photo to Home page slideshow")
      .fill({ "Description (alt text)": caption })
      .submit("Add Photo to Home page slideshow", {
        files: { file: [await phonePhoto(name, 2400, 1600, colour)] },
      });
  expect(cards(page, "Home page slideshow")).toHaveLength(2);

  const heroAlts = async () => {
    const shown = await home.open("/");
    // The first picture is in the page, the others wait in <template>s (as the drawings do).
    const first = shown.$('[data-testid="hero-images"] > picture img');
    expect([first.attr("width"), first.attr("height"), first.attr("loading")]).toEqual([
      "1600",
      "900",
      "eager",
    ]);
    const later = shown
      .$('[data-testid="hero-images"] template')
      .toArray()
      .map((template) => shown.$(`<div>${shown.$(template).html() ?? ""}</div>`).find("img"));
    return [first.attr("alt"), ...later.map((img) => img.attr("alt"))];
  };
  expect(await heroAlts()).toEqual(["The front counter", "The shop window at night"]);

  // The page as read now, kept to send a form from after someone else's change.
  const stale = page;
  page = await page
    .form("Move later photo 1 of Home page slideshow")
    .submit("Move later photo 1 of Home page slideshow");
  expect(page.toast()?.description).toBe("Photo moved.");
  expect(await heroAlts()).toEqual(["The shop window at night", "The front counter"]);

  const refused = await stale
    .form("Remove this photo (photo 2 of Home page slideshow)")
    .submit("Remove this photo (photo 2 of Home page slideshow)");
  expect(refused.status).toBe(409);
  const alert = placeSection(refused, "Home page slideshow").find('[role="alert"]').text();
  expect(alert).toContain(
    "Home page slideshow was changed while you had this page open, so nothing was saved.",
  );
  expect(alert).toContain("“The front counter” moved from 1 to 2");
  expect(cards(refused, "Home page slideshow")).toHaveLength(2);

  // A new description and a new photo at once: the same turn, a new address.
  const oldSrc = cards(refused, "Home page slideshow").first().find("img").attr("src");
  const replaced = await refused
    .form("Save photo 1 of Home page slideshow")
    .fill({ "Description (alt text)": "The shop window, lit up" })
    .submit("Save photo 1 of Home page slideshow", {
      files: { file: [await phonePhoto("window-2.jpg", 2400, 1600, "#be185d")] },
    });
  expect(replaced.toast()?.description).toBe("Photo replaced. The new one shows on the site now.");
  expect(cards(replaced, "Home page slideshow").first().find("img").attr("src")).not.toBe(oldSrc);
  expect(await heroAlts()).toEqual(["The shop window, lit up", "The front counter"]);
  expect((await server.shop().get(oldSrc!)).status()).toBe(404);

  let left = replaced;
  for (const turn of [2, 1])
    left = await left
      .form(`Remove this photo (photo ${turn} of Home page slideshow)`)
      .submit(`Remove this photo (photo ${turn} of Home page slideshow)`);
  expect(left.toast()?.description).toBe("Photo removed from Home page slideshow.");
  expect((await home.open("/")).$('[data-testid="hero-images"] img').first().attr("src")).toBe(
    "/images/photos/hero-1-800.webp",
  );

  const audit = await visitor(server.shop()).open("/admin/audit?entity=photo_place");
  for (const kind of [
    "Shop photo added",
    "Shop photo moved",
    "Shop photo replaced",
    "Shop photo removed",
  ])
    expect(audit.text(), kind).toContain(kind);
});
