import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConfig } from "../../db/client";
import { photoPlaces, photoSizes, photos } from "../../db/schema";
import { benchPlace, heroPlace, technicianPlace } from "~/config/photo-places";
import { technicians } from "~/content/about";
import { action, loader } from "~/routes/admin.photos";
import { loader as homeLoader } from "~/routes/_index";
import { loader as aboutLoader } from "~/routes/about";
import { loader as photoLoader } from "~/routes/photos.$publicId";
import { PhotoRefused, processPlacePhoto } from "~/server/photo-processing.server";
import { watchCatalogue, type CatalogueWatch } from "~/server/page-cache-events.server";
import { maxPhotoBytes } from "~/utils/photo-limits";
import { dataOf, replyOf, responseOf, statusOf, thrownBy } from "../support/answers";
import { auditTrailOf, signedInStaff } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * The shop's photos on the public pages (docs/decisions/0062): what sharp keeps of a photo for a
 * place, the admin page's forms (add, describe, replace, order, remove) with their limits and
 * refusals, versions that keep two owners from undoing each other, the audit trail, and what the
 * public pages show and serve.
 */

let handle: TestDatabase;
let owner: { id: number; username: string; cookie: string };
let manager: { id: number; username: string; cookie: string };
let tech: { id: number; username: string; cookie: string };
let watch: CatalogueWatch;
let heard = 0;

beforeAll(async () => {
  handle = await installTestDatabase();
  owner = await signedInStaff(handle.db, "photo-owner", "owner");
  manager = await signedInStaff(handle.db, "photo-manager", "manager");
  tech = await signedInStaff(handle.db, "photo-tech");
  const config: DatabaseConfig =
    testDriver === "postgres"
      ? { driver: "postgres", url: handle.url! }
      : { driver: "pglite", dir: "memory://" };
  watch = await watchCatalogue(() => (heard += 1), config);
});
afterAll(async () => {
  await watch.stop();
  await handle.drop();
});

/** A phone photo: `width` × `height` stored sideways (EXIF orientation 6), with GPS and camera. */
const cameraJpeg = (width: number, height: number, colour = "#b91c1c") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Camera 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 26/1 5/1", GPSLongitudeRef: "W" },
    })
    .toBuffer();

const png = (width: number, height: number, colour = "#1d4ed8") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A photo that fills the place at its smallest: quick to make in every size. */
const fits = (place: { minWidth: number; aspect: readonly [number, number] }, colour?: string) =>
  png(place.minWidth, Math.ceil((place.minWidth * place.aspect[1]) / place.aspect[0]), colour);

const as = (who: { cookie: string }, request: Request) => {
  request.headers.set("cookie", who.cookie);
  return request;
};

type File_ = { name: string; bytes: Uint8Array; type?: string };

/** A form of the page as it is sent: multipart, its photo (if one was chosen) in `file`. */
function multipart(fields: Record<string, string>, file?: File_) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      "file",
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/png" }),
    );
  return new Request("http://localhost/admin/photos", { method: "POST", body: form });
}

const send = (who: { cookie: string }, request: Request) =>
  action(routeArgs(as(who, request))).catch((thrown: unknown) => thrown);

const add = (place: string, caption: string, file?: File_, who = owner) =>
  send(who, multipart({ intent: "add", place, caption }, file));

const edit = (
  place: string,
  photo: string,
  version: number,
  caption: string,
  file?: File_,
  who = owner,
) =>
  send(who, multipart({ intent: "edit", place, photo, version: String(version), caption }, file));

const move = (place: string, photo: string, version: number, direction: string, who = owner) =>
  send(
    who,
    formPost("/admin/photos", {
      intent: "move",
      place,
      photo,
      version: String(version),
      direction,
    }),
  );

const remove = (place: string, photo: string, version: number, who = owner) =>
  send(
    who,
    formPost("/admin/photos", { intent: "remove", place, photo, version: String(version) }),
  );

const page = async (who = owner) =>
  dataOf(await loader(routeArgs(as(who, new Request("http://localhost/admin/photos")))));

const placeOnPage = async (name: string) => (await page()).places.find((p) => p.name === name)!;

const stored = (name: string) =>
  handle.db
    .select({
      id: photos.id,
      publicId: photos.publicId,
      position: photos.position,
      caption: photos.caption,
      kind: photos.kind,
      showCustomer: photos.showCustomer,
      staffUserId: photos.staffUserId,
    })
    .from(photos)
    .innerJoin(photoPlaces, eq(photoPlaces.id, photos.placeId))
    .where(eq(photoPlaces.name, name))
    .orderBy(asc(photos.position));

const placeId = async (name: string) =>
  (await handle.db.select().from(photoPlaces).where(eq(photoPlaces.name, name)))[0]?.id;

const getPhoto = (path: string, headers: Record<string, string> = {}) => {
  const [, , publicId, variant] = path.split("/");
  return photoLoader(
    routeArgs(new Request(`http://localhost${path}`, { headers }), { publicId, variant }),
  ).catch((thrown: unknown) => thrown);
};

const toastOf = (answer: unknown) => responseOf(answer).headers.get("set-cookie") ?? "";

describe(`a photo for a place, on ${testDriver}`, () => {
  it("is turned upright, cropped to the place's shape, kept at each width in AVIF and WebP, with no metadata", async () => {
    // 4000 × 3000 stored sideways: shown 3000 × 4000, a portrait, for the wide slideshow.
    const original = await cameraJpeg(4000, 3000);
    expect((await sharp(original).metadata()).exif?.toString("latin1")).toContain("TestPhone");
    const kept = await processPlacePhoto(original, heroPlace);
    expect([kept.width, kept.height]).toEqual([1600, 900]);
    expect(kept.sizes.map((s) => `${s.width}.${s.format}`).sort()).toEqual(
      [
        "1200.avif",
        "1200.webp",
        "1600.avif",
        "1600.webp",
        "400.avif",
        "400.webp",
        "800.avif",
        "800.webp",
      ].sort(),
    );
    for (const size of kept.sizes) {
      const meta = await sharp(size.data).metadata();
      expect(meta.format === "heif" ? "avif" : meta.format).toBe(size.format);
      expect([meta.width, meta.height]).toEqual([size.width, (size.width * 9) / 16]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(size.data.toString("latin1")).not.toContain("TestPhone");
    }
    expect(await sharp(kept.thumb).metadata()).toMatchObject({ width: 320, height: 180 });
  });

  it("is kept only at the widths it fills, never enlarged", async () => {
    const kept = await processPlacePhoto(await png(1300, 1000), heroPlace);
    expect([...new Set(kept.sizes.map((s) => s.width))].sort((a, b) => a - b)).toEqual([
      400, 800, 1200,
    ]);
    expect([kept.width, kept.height]).toEqual([1200, 675]);
  });

  it.each([
    [
      "too small for the slideshow",
      () => png(1000, 600),
      heroPlace,
      /This photo is 1000 × 600 pixels: Home page slideshow needs at least 1200 × 675\./,
    ],
    [
      "too small once cropped to a square",
      () => png(900, 300),
      technicianPlace("Daniel Tremblay"),
      /needs at least 320 × 320/,
    ],
    [
      "not a photo",
      async () => Buffer.from("just some text"),
      benchPlace,
      /not a photo the shop can keep/,
    ],
    [
      "an SVG drawing",
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500"/>'),
      benchPlace,
      /SVG/,
    ],
  ])("is refused when %s", async (_what, make, place, message) => {
    const error = await processPlacePhoto(await make(), place).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PhotoRefused);
    expect((error as Error).message).toMatch(message);
  });
});

describe(`the shop's photos page, on ${testDriver}`, () => {
  it("is the owner's and managers': other roles get a 403", async () => {
    expect((await page(manager)).places.map((p) => p.label)).toEqual([
      "Home page slideshow",
      "Our shop",
      "Our bench",
      ...technicians.map((t) => t.name),
    ]);
    const refused = await thrownBy(
      loader(routeArgs(as(tech, new Request("http://localhost/admin/photos")))),
    );
    expect(statusOf(refused)).toBe(403);
    const post = await send(tech, multipart({ intent: "add", place: "bench", caption: "x" }));
    expect(statusOf(post)).toBe(403);
    expect(await stored("bench")).toEqual([]);
  });

  it("adds a photo: stored public, sized, audited, announced, and shown on the About page instead of the drawing", async () => {
    const before = await placeOnPage("storefront");
    expect(before).toMatchObject({ version: 1, photos: [], least: "800 × 600" });
    expect(before.drawing.src).toBe("/images/photos/storefront-800.webp");
    const aboutBefore = dataOf(await aboutLoader(routeArgs(new Request("http://localhost/about"))));
    expect(aboutBefore.storefront.src).toBe("/images/photos/storefront-800.webp");

    const heardBefore = heard;
    const answer = await add("storefront", "Our front counter on Lakeshore Road", {
      name: "IMG_0001.jpg",
      bytes: await cameraJpeg(2400, 1800),
      type: "image/jpeg",
    });
    expect(statusOf(answer)).toBe(303);
    expect(responseOf(answer).headers.get("location")).toBe("/admin/photos#place-storefront");
    expect(toastOf(answer)).toBeTruthy();
    await expect.poll(() => heard, { timeout: 1_000, interval: 10 }).toBeGreaterThan(heardBefore);

    const [row] = await stored("storefront");
    expect(row).toMatchObject({
      kind: "shop",
      position: 1,
      caption: "Our front counter on Lakeshore Road",
      showCustomer: true,
      staffUserId: owner.id,
    });
    const sizes = await handle.db
      .select({ width: photoSizes.width, format: photoSizes.format })
      .from(photoSizes)
      .where(eq(photoSizes.photoId, row!.id));
    expect(sizes).toHaveLength(6);

    const after = await placeOnPage("storefront");
    expect(after.version).toBe(2);
    expect(after.photos).toEqual([
      expect.objectContaining({
        publicId: row!.publicId,
        caption: "Our front counter on Lakeshore Road",
        width: 1200,
        height: 900,
        widths: [400, 800, 1200],
        by: owner.username,
      }),
    ]);
    expect(await auditTrailOf(handle.db, "photo_place", (await placeId("storefront"))!)).toEqual([
      expect.objectContaining({
        action: "shop_photo.add",
        staffUserId: owner.id,
        summary: "Our shop: photo 1 added, “Our front counter on Lakeshore Road”",
      }),
    ]);

    const about = dataOf(await aboutLoader(routeArgs(new Request("http://localhost/about"))));
    expect(about.storefront).toEqual({
      key: row!.publicId,
      alt: "Our front counter on Lakeshore Road",
      width: 1200,
      height: 900,
      sources: [
        {
          type: "image/avif",
          srcSet: `/photos/${row!.publicId}/400.avif 400w, /photos/${row!.publicId}/800.avif 800w, /photos/${row!.publicId}/1200.avif 1200w`,
        },
        {
          type: "image/webp",
          srcSet: `/photos/${row!.publicId}/400.webp 400w, /photos/${row!.publicId}/800.webp 800w, /photos/${row!.publicId}/1200.webp 1200w`,
        },
      ],
      src: `/photos/${row!.publicId}/800.webp`,
    });
    // The other places still show their drawings.
    expect(about.bench.src).toBe("/images/photos/bench-800.webp");
    expect(about.team[0]!.alt).toBe(`Portrait of ${technicians[0]!.name}`);
  });

  it("serves a shop photo's sizes to anyone, cached for a year under an address that changes with the photo", async () => {
    await add("bench", "The repair bench", { name: "bench.png", bytes: await fits(benchPlace) });
    const [row] = await stored("bench");
    const path = `/photos/${row!.publicId}/800.avif`;
    const served = responseOf(await getPhoto(path));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/avif");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(800);
    const again = responseOf(
      await getPhoto(path, { "if-none-match": served.headers.get("etag")! }),
    );
    expect(again.status).toBe(304);
    // The thumbnail the admin page shows is public too: the photo is shown.
    expect(responseOf(await getPhoto(`/photos/${row!.publicId}/thumb`)).status).toBe(200);
    for (const missing of [
      `/photos/${row!.publicId}/1600.avif`,
      `/photos/${row!.publicId}/800.jpeg`,
      `/photos/${row!.publicId}/08.webp`,
      "/photos/nothing-here/800.webp",
    ])
      expect(statusOf(await getPhoto(missing)), missing).toBe(404);
  });

  it("refuses bad files with their message and a 4xx, storing nothing", async () => {
    const place = await placeOnPage("team-daniel-tremblay");
    const cases: [string, () => Promise<unknown>, number, string][] = [
      [
        "not a photo",
        () => add(place.name, "Daniel", { name: "notes.jpg", bytes: Buffer.from("just text") }),
        400,
        "“notes.jpg”: This file is not a photo the shop can keep. Please send a JPEG, PNG or WebP photo.",
      ],
      [
        "too small",
        async () => add(place.name, "Daniel", { name: "tiny.png", bytes: await png(200, 200) }),
        400,
        "“tiny.png”: This photo is 200 × 200 pixels: Daniel Tremblay needs at least 320 × 320. Please choose a larger photo.",
      ],
      [
        "too large",
        () =>
          add(place.name, "Daniel", {
            name: "huge.jpg",
            bytes: new Uint8Array(maxPhotoBytes + 1),
          }),
        413,
        "Each photo must be 10 MB or smaller.",
      ],
    ];
    for (const [what, sendIt, status, message] of cases) {
      const answer = await sendIt();
      expect(statusOf(answer), what).toBe(status);
      expect(replyOf(answer as never).error?.[""], what).toEqual([message]);
    }
    const noPhoto = await add(place.name, "Daniel");
    expect(statusOf(noPhoto)).toBe(400);
    expect(replyOf(noPhoto as never).error?.file).toEqual(["Please choose a photo."]);
    const noCaption = await add(place.name, "   ", {
      name: "daniel.png",
      bytes: await fits(technicianPlace(technicians[0]!.name)),
    });
    expect(statusOf(noCaption)).toBe(400);
    expect(replyOf(noCaption as never).error?.caption).toEqual([
      "Please describe the photo for people who cannot see it.",
    ]);
    const strange = await add("basement", "A place that is not on the site", {
      name: "x.png",
      bytes: await png(400, 400),
    });
    expect(statusOf(strange)).toBe(400);
    // A form the page never sends, even one named like an object's own property.
    for (const intent of ["constructor", "toString", "rename"]) {
      const odd = await send(owner, formPost("/admin/photos", { intent, place: place.name }));
      expect(statusOf(odd), intent).toBe(400);
      expect(replyOf(odd as never).error?.[""], intent).toEqual([
        "That form is not one this page sends. Reload the page.",
      ]);
    }
    expect(await stored(place.name)).toEqual([]);
    expect((await placeOnPage(place.name)).version).toBe(1);
  });

  it("describes a photo anew and replaces it at its turn: a new address, the old one gone, each audited", async () => {
    const name = technicianPlace(technicians[1]!.name).name;
    await add(name, "Aisha at the bench", { name: "a.png", bytes: await png(600, 600) });
    const [first] = await stored(name);
    const place = await placeOnPage(name);

    const same = await edit(name, first!.publicId, place.version, "Aisha at the bench");
    expect(statusOf(same)).toBe(303);
    expect((await placeOnPage(name)).version).toBe(place.version);

    await edit(name, first!.publicId, place.version, "Aisha Rahman, smiling");
    expect((await stored(name))[0]).toMatchObject({
      publicId: first!.publicId,
      caption: "Aisha Rahman, smiling",
    });

    const replaced = await edit(name, first!.publicId, place.version + 1, "Aisha Rahman, smiling", {
      name: "b.png",
      bytes: await png(500, 700, "#15803d"),
    });
    expect(statusOf(replaced)).toBe(303);
    const [now] = await stored(name);
    expect(now!.publicId).not.toBe(first!.publicId);
    expect(now).toMatchObject({ position: 1, caption: "Aisha Rahman, smiling" });
    expect(statusOf(await getPhoto(`/photos/${first!.publicId}/480.webp`))).toBe(404);
    expect(responseOf(await getPhoto(`/photos/${now!.publicId}/480.webp`)).status).toBe(200);
    const oldSizes = await handle.db
      .select()
      .from(photoSizes)
      .where(eq(photoSizes.photoId, first!.id));
    expect(oldSizes).toEqual([]);

    const trail = await auditTrailOf(handle.db, "photo_place", (await placeId(name))!);
    expect(trail.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        "Aisha Rahman: photo 1 added, “Aisha at the bench”",
        "Aisha Rahman: photo 1 described as “Aisha Rahman, smiling”",
        "Aisha Rahman: photo 1 replaced",
      ]),
    );
    expect(trail).toHaveLength(3);
  });

  it("keeps the slideshow's photos in order, moves them, removes one, and shows the drawings again once all are gone", async () => {
    const colours = ["#b91c1c", "#15803d", "#1d4ed8"];
    for (const [i, colour] of colours.entries())
      expect(
        statusOf(
          await add("hero", `Slide ${i + 1}`, {
            name: `s${i}.png`,
            bytes: await fits(heroPlace, colour),
          }),
        ),
      ).toBe(303);
    const captions = async () => (await stored("hero")).map((p) => `${p.position}:${p.caption}`);
    expect(await captions()).toEqual(["1:Slide 1", "2:Slide 2", "3:Slide 3"]);
    let place = await placeOnPage("hero");
    const home = dataOf(await homeLoader(routeArgs(new Request("http://localhost/"))));
    expect(home.hero.map((p) => p.alt)).toEqual(["Slide 1", "Slide 2", "Slide 3"]);

    const third = place.photos[2]!.publicId;
    expect(statusOf(await move("hero", third, place.version, "earlier"))).toBe(303);
    expect(await captions()).toEqual(["1:Slide 1", "2:Slide 3", "3:Slide 2"]);
    place = await placeOnPage("hero");
    // Already first: nothing changes, not even the version.
    const first = place.photos[0]!.publicId;
    expect(statusOf(await move("hero", first, place.version, "earlier"))).toBe(303);
    expect((await placeOnPage("hero")).version).toBe(place.version);

    expect(statusOf(await remove("hero", place.photos[1]!.publicId, place.version))).toBe(303);
    expect(await captions()).toEqual(["1:Slide 1", "2:Slide 2"]);
    place = await placeOnPage("hero");
    for (const photo of place.photos)
      expect(
        statusOf(await remove("hero", photo.publicId, (await placeOnPage("hero")).version)),
      ).toBe(303);
    const drawings = dataOf(await homeLoader(routeArgs(new Request("http://localhost/"))));
    expect(drawings.hero.map((p) => p.key)).toEqual(heroPlace.drawings.map((slot) => slot.name));

    const trail = await auditTrailOf(handle.db, "photo_place", (await placeId("hero"))!);
    expect(trail.filter((e) => e.action === "shop_photo.move").map((e) => e.summary)).toEqual([
      "Home page slideshow: “Slide 3” moved from 3 to 2",
    ]);
    expect(trail.filter((e) => e.action === "shop_photo.remove")).toHaveLength(3);
  });

  it("never lets two owners undo each other: a stale change is refused with what changed, nothing stored", async () => {
    await add("hero", "Counter", { name: "c.png", bytes: await fits(heroPlace) });
    const read = await placeOnPage("hero");
    const photo = read.photos[0]!.publicId;

    // The manager describes it; the owner, on the page read before, removes it.
    expect(
      statusOf(await edit("hero", photo, read.version, "Front counter", undefined, manager)),
    ).toBe(303);
    const stale = await remove("hero", photo, read.version);
    expect(statusOf(stale)).toBe(409);
    const refusal = dataOf(stale as never) as {
      result: { error: Record<string, string[]> };
      conflict: { version: number; changes: { by: string; summary: string }[] };
    };
    expect(refusal.result.error[""]?.[0]).toMatch(
      /^Home page slideshow was changed while you had this page open, so nothing was saved\./,
    );
    expect(refusal.conflict.version).toBe(read.version + 1);
    expect(refusal.conflict.changes).toEqual([
      expect.objectContaining({
        by: manager.username,
        summary: "Home page slideshow: photo 1 described as “Front counter”",
      }),
    ]);
    expect(await stored("hero")).toHaveLength(1);

    // A stale description keeps what was typed, and stores nothing.
    const staleEdit = await edit("hero", photo, read.version, "Counter, seen from the door");
    expect(statusOf(staleEdit)).toBe(409);
    expect(replyOf(staleEdit as never).initialValue).toMatchObject({
      caption: "Counter, seen from the door",
    });
    expect((await stored("hero"))[0]!.caption).toBe("Front counter");

    // A photo removed meanwhile, with the new version: gone, said so.
    const now = await placeOnPage("hero");
    await remove("hero", photo, now.version, manager);
    const gone = await move("hero", photo, now.version + 1, "later");
    expect(statusOf(gone)).toBe(404);
    expect(replyOf(gone as never).error?.[""]).toEqual([
      "That photo is no longer in Home page slideshow. Reload the page to see the photos there now.",
    ]);
  });

  it("lets only one of two photos added at once into a place that shows one", async () => {
    const name = technicianPlace(technicians[2]!.name).name;
    const [a, b] = await Promise.all([
      add(name, "Marcus", { name: "a.png", bytes: await png(400, 400) }),
      add(name, "Marcus again", { name: "b.png", bytes: await png(400, 400, "#15803d") }, manager),
    ]);
    expect([statusOf(a), statusOf(b)].sort()).toEqual([303, 409]);
    const refused = statusOf(a) === 409 ? a : b;
    expect(replyOf(refused as never).error?.[""]).toEqual([
      `${technicians[2]!.name} already has its photo, so this one was not added. Replace that photo instead, or remove it first.`,
    ]);
    expect(await stored(name)).toHaveLength(1);
  });
});
