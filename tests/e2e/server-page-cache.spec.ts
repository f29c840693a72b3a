import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { eq, sum } from "drizzle-orm";
import { openDatabase, type DatabaseConfig } from "../../db/client";
import { pageViewDays } from "../../db/schema";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres";
import type { LegacyRepairItem } from "./support/admin";
import { bookingPayload } from "./support/api";
import { uniquePhone } from "./support/booking";
import { freePort, startServer, type ServerProcess } from "./support/server-process";

/**
 * Content pages from memory (decision 0023), answered before Express: each response its own
 * nonce and request id, the headers, log line and page-view count of any other response, and a
 * price change on every instance within a second. On Postgres two instances share the database;
 * PGlite lives inside its one process.
 */
test.describe.configure({ mode: "serial" });

const secret = "shared-by-both-instances";
const browserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers: { "user-agent": browserAgent, ...headers }, redirect: "manual" });

/** The nonce this response's policy allows, and every nonce its HTML carries. */
async function noncesOf(response: Response) {
  const allowed = /'nonce-([^']+)'/.exec(
    response.headers.get("content-security-policy") ?? "",
  )?.[1];
  const html = await response.text();
  return { allowed, inPage: [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]), html };
}

/**
 * A response's headers without those that differ between any two responses (date, request id,
 * the nonce in the policy) and without `left`, the ones that describe the body or where it came from.
 */
function headersBesides(response: Response, left: string[]) {
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (["date", "x-request-id", ...left].includes(name)) return;
    kept[name] =
      name === "content-security-policy" ? value.replace(/'nonce-[^']+'/, "'nonce-…'") : value;
  });
  return kept;
}

/** The request log's line for a response, found by its request id. */
function logLineOf(server: ServerProcess, response: Response) {
  const requestId = response.headers.get("x-request-id");
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.message === "request" && line.requestId === requestId);
}

for (const driver of ["postgres", "pglite"] as const) {
  test.describe(`on ${driver}`, () => {
    let database: ThrowawayPostgres | undefined;
    let root: string;
    let env: Record<string, string>;
    /** Every instance: two on one Postgres, the one process that holds PGlite. */
    let instances: ServerProcess[] = [];
    const a = () => instances[0]!;

    test.beforeAll(async () => {
      root = await mkdtemp(path.join(os.tmpdir(), "wefix-page-cache-"));
      const common = {
        SESSION_SECRET: secret,
        // A booked time is full at once, for the booking form's test.
        BOOKING_SLOT_CAPACITY: "1",
        NODE_ENV: "production",
        ANALYTICS_FLUSH_SECONDS: "1",
      };
      if (driver === "postgres") {
        database = await startThrowawayPostgres(await freePort());
        env = { ...common, DATABASE_URL: database.url };
        instances = await Promise.all([startServer(env), startServer(env)]);
      } else {
        env = { ...common, PGLITE_DIR: path.join(root, "pglite") };
        instances = [await startServer(env)];
      }
    });
    test.afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await database?.destroy();
      await rm(root, { recursive: true, force: true });
    });

    /**
     * Page views stored for a path. PGlite's folder opens only once its server has stopped (and
     * written its counts); it is started again unless this is the test's `last` look.
     */
    async function storedViews(pagePath: string, { last = false } = {}) {
      const config: DatabaseConfig = database
        ? { driver: "postgres", url: database.url }
        : { driver: "pglite", dir: env.PGLITE_DIR! };
      if (!database) await Promise.all(instances.splice(0).map((instance) => instance.stop()));
      const handle = await openDatabase(config);
      try {
        const [row] = await handle.db
          .select({ views: sum(pageViewDays.views) })
          .from(pageViewDays)
          .where(eq(pageViewDays.path, pagePath));
        return Number(row?.views ?? 0);
      } finally {
        await handle.close();
        if (!database && !last) instances = [await startServer(env)];
      }
    }

    test("a content page comes from memory, each response with its own nonce and request id, in every encoding", async () => {
      await get(`${a().url}/faq`);
      const seen = new Set<string>();
      const requestIds = new Set<string | null>();
      for (const encoding of ["br", "gzip", "identity"]) {
        const response = await get(`${a().url}/faq`, { "accept-encoding": encoding });
        expect(response.status).toBe(200);
        expect(response.headers.get("x-page-cache")).toBe("hit");
        expect(response.headers.get("content-encoding")).toBe(
          encoding === "identity" ? null : encoding,
        );
        expect(response.headers.get("cache-control")).toBe("private, no-cache");
        const { allowed, inPage, html } = await noncesOf(response);
        expect(allowed).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(inPage.length).toBeGreaterThan(0);
        expect(new Set(inPage)).toEqual(new Set([allowed]));
        seen.add(allowed!);
        // A public page carries none of the router's data (decision 0036), so its request id is
        // in the header alone.
        expect(html).not.toContain("__reactRouterContext");
        requestIds.add(response.headers.get("x-request-id"));
      }
      expect(seen.size).toBe(3);
      expect(requestIds.size).toBe(3);
    });

    test("a page from memory has the headers of the render that kept it, and the security headers of every rendered page", async () => {
      const headers = { "accept-encoding": "br" };
      const miss = await get(`${a().url}/terms`, headers);
      expect(miss.headers.get("x-page-cache")).toBe("miss");
      const hit = await get(`${a().url}/terms`, headers);
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(headersBesides(hit, ["x-page-cache"])).toEqual(headersBesides(miss, ["x-page-cache"]));
      expect(await hit.text()).toBe(
        (await miss.text())
          .replace(
            /nonce="[^"]+"/g,
            `nonce="${/'nonce-([^']+)'/.exec(hit.headers.get("content-security-policy")!)![1]}"`,
          )
          .replace(miss.headers.get("x-request-id")!, hit.headers.get("x-request-id")!),
      );
      // A query string makes it a page rendered for this request, through Express.
      const rendered = await get(`${a().url}/terms?from=footer`, headers);
      expect(rendered.headers.get("x-page-cache")).toBeNull();
      const bodySpecific = [
        "x-page-cache",
        "etag",
        "cache-control",
        "content-length",
        "transfer-encoding",
      ];
      expect(headersBesides(hit, bodySpecific)).toEqual(headersBesides(rendered, bodySpecific));
      expect(hit.headers.get("strict-transport-security")).toContain("max-age=");
      expect(hit.headers.get("x-frame-options")).toBe("DENY");
    });

    test("a browser's copy is confirmed with 304 and no policy that would replace its own, and a HEAD has the GET's length", async () => {
      const first = await get(`${a().url}/services/mobile`);
      const etag = first.headers.get("etag")!;
      // Tagged with the build and the page's script: another build's copy is never confirmed.
      const version = /\/assets\/(public-page-[\w-]+)\.js/.exec(await first.text())![1]!;
      expect(etag).toMatch(new RegExp(`^W/"[\\w-]+-${version}-.+"$`));
      const again = await get(`${a().url}/services/mobile`, { "if-none-match": etag });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("content-security-policy")).toBeNull();
      expect(again.headers.get("x-content-type-options")).toBe("nosniff");
      const otherBuild = etag.replace(version, "public-page-0000000a");
      const stale = await get(`${a().url}/services/mobile`, { "if-none-match": otherBuild });
      expect(stale.status).toBe(200);
      expect(stale.headers.get("content-security-policy")).toContain("'nonce-");

      const full = await get(`${a().url}/services/mobile`, { "accept-encoding": "gzip" });
      const head = await fetch(`${a().url}/services/mobile`, {
        method: "HEAD",
        headers: { "accept-encoding": "gzip" },
      });
      expect(head.headers.get("x-page-cache")).toBe("hit");
      expect(head.headers.get("content-length")).toBe(full.headers.get("content-length"));
      expect(await head.text()).toBe("");
    });

    test("a query string, a cookie, Authorization, a POST, a toast, a prefilled form and the pages with personal data are never answered from memory", async () => {
      await get(`${a().url}/faq`);
      for (const path of [
        "/faq?q=warranty",
        "/about?brand=Apple",
        "/book-appointment?deviceCategory=Laptop+Repair&deviceBrand=Apple",
        "/track-repair",
        "/admin/login",
      ]) {
        const response = await get(`${a().url}${path}`);
        expect(response.headers.get("x-page-cache"), path).toBeNull();
        expect(response.headers.has("x-form-key"), path).toBe(false);
      }
      for (const headers of [
        { cookie: "theme=dark" },
        { authorization: "Bearer not-a-token" },
      ] as Record<string, string>[]) {
        const response = await get(`${a().url}/faq`, headers);
        expect(response.headers.get("x-page-cache"), Object.keys(headers)[0]).toBeNull();
      }
      const posted = await fetch(`${a().url}/faq`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "q=warranty",
      });
      expect(posted.headers.get("x-page-cache")).toBeNull();
      // A toast rides on a signed flash cookie: the page that shows it is rendered for that visitor
      // alone.
      process.env.SESSION_SECRET = secret;
      const { loadSettings } = await import("../../app/server/env.server");
      loadSettings();
      const { createToastHeaders } = await import("../../app/server/toast.server");
      const cookie = (await createToastHeaders({ title: "Your repair is booked, Sam Tremblay" }))
        .get("set-cookie")!
        .split(";")[0]!;
      const toasted = await get(`${a().url}/faq`, { cookie });
      expect(toasted.headers.get("x-page-cache")).toBeNull();
      expect(await toasted.text()).toContain("Your repair is booked, Sam Tremblay");
      const next = await get(`${a().url}/faq`);
      expect(next.headers.get("x-page-cache")).toBe("hit");
      expect(await next.text()).not.toContain("Sam Tremblay");
    });

    test("the form pages come from memory, each response with a key of its own that books once, and the booking form's times follow the bookings", async () => {
      const keyIn = (html: string) => /name="submissionKey" value="([^"]+)"/.exec(html)![1]!;
      for (const path of ["/contact", "/book-appointment"]) {
        await get(`${a().url}${path}`);
        const answers = [
          await get(`${a().url}${path}`, { "accept-encoding": "br" }),
          await get(`${a().url}${path}`, { "accept-encoding": "gzip", "if-none-match": "*" }),
        ];
        const keys = new Set<string>();
        const outcomes = answers.map((answer) => answer.headers.get("x-page-cache"));
        // The booking form's copy serves two seconds, which a busy machine may outlast.
        if (path === "/contact") expect(outcomes).toEqual(["hit", "hit"]);
        else expect(outcomes).toContain("hit");
        for (const answer of answers) {
          expect(answer.status, path).toBe(200);
          expect(answer.headers.get("etag"), path).toBeNull();
          expect(answer.headers.has("x-form-key"), path).toBe(false);
          expect(answer.headers.get("cache-control"), path).toBe(
            path === "/contact" ? "private, no-cache" : "private, no-store",
          );
          keys.add(keyIn(await answer.text()));
        }
        expect(keys.size, path).toBe(2);
      }

      const page = await (await get(`${a().url}/book-appointment`)).text();
      const date = /data-date="([^"]+)"/.exec(page)![1]!;
      // The day's last two times: a first one could pass while the test runs, and be refused.
      const [first, second] = [...page.matchAll(/<option value="(\d\d:\d\d)">/g)]
        .map((m) => m[1]!)
        .slice(-2);
      const book = async (key: string, preferredTime: string, phone: string) => {
        const fields = { ...bookingPayload({ preferredDate: date, preferredTime, phone }) };
        const response = await fetch(`${a().url}/book-appointment`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: a().url },
          body: new URLSearchParams({
            ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
            submissionKey: key,
          }),
          redirect: "manual",
        });
        expect(response.status, await response.text()).toBe(303);
        return response.headers.get("location");
      };
      const keys = [keyIn(page), keyIn(await (await get(`${a().url}/book-appointment`)).text())];
      const phones = [uniquePhone(), uniquePhone()];
      const booked = await book(keys[0]!, first!, phones[0]!);
      // The same key again is the same booking: its confirmation, not a second one.
      expect(await book(keys[0]!, first!, phones[0]!)).toBe(booked);
      expect(await book(keys[1]!, second!, phones[1]!)).not.toBe(booked);

      // A slot holds one booking here: each instance's form stops offering both times once its
      // copy's two seconds are up.
      for (const instance of instances) {
        await expect
          .poll(
            async () => {
              const html = await (await get(`${instance.url}/book-appointment`)).text();
              return [first, second].map((time) =>
                html.includes(`<option value="${time}" disabled="">`),
              );
            },
            { timeout: 10_000 },
          )
          .toEqual([true, true]);
      }
    });

    test("the service selector's steps come from memory; a selection the catalogue lacks is redirected, never kept", async () => {
      const brandStep = "/services/mobile?brand=Apple";
      const brandPage = await (await get(`${a().url}${brandStep}`)).text();
      const models =
        /<select[^>]*name="model"[^>]*>([\s\S]*?)<\/select>/.exec(brandPage)?.[1] ?? "";
      const model = [...models.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]!)[0];
      expect(model).toBeTruthy();
      const modelStep = `${brandStep}&model=${encodeURIComponent(model!).replaceAll("%20", "+")}`;
      for (const step of [brandStep, modelStep]) {
        await get(`${a().url}${step}`);
        const kept = await get(`${a().url}${step}`);
        expect(kept.headers.get("x-page-cache"), step).toBe("hit");
        expect(kept.status, step).toBe(200);
      }
      // Another spelling of a kept selection is rendered, not kept under a second address.
      const spelt = await get(`${a().url}${modelStep.replace("+", "%20")}&utm_source=flyer`);
      expect(spelt.status).toBe(200);
      expect(spelt.headers.get("x-page-cache")).toBeNull();
      for (const step of [
        "/services/mobile?brand=No-Such-Brand",
        `${brandStep}&model=No-Such-Model`,
        `/services/mobile?brand=${"A".repeat(600)}`,
      ]) {
        for (let i = 0; i < 2; i++) {
          const response = await get(`${a().url}${step}`);
          expect(response.status, step).toBe(302);
          expect(response.headers.get("x-page-cache"), step).toBeNull();
        }
      }
    });

    test("a page from memory gets its request log line, with its own request id and status", async () => {
      const etag = (await get(`${a().url}/about`)).headers.get("etag")!;
      const hit = await get(`${a().url}/about`);
      const revalidated = await get(`${a().url}/about`, { "if-none-match": etag });
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      await expect.poll(() => logLineOf(a(), revalidated)).toBeTruthy();
      expect(logLineOf(a(), hit)).toMatchObject({ method: "GET", path: "/about", status: 200 });
      expect(logLineOf(a(), revalidated)).toMatchObject({ path: "/about", status: 304 });
    });

    test("a price a staff member changes shows on every instance, whose kept page never expires by itself", async () => {
      const login = await fetch(`${a().url}/api/admin/login.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "lifecycle", password: "lifecycle-password" }),
      });
      const authorization = `Bearer ${((await login.json()) as { token: string }).token}`;
      const { repair_items: items } = (await (
        await fetch(`${a().url}/api/admin/get_repair_items.php`, { headers: { authorization } })
      ).json()) as { repair_items: LegacyRepairItem[] };
      const item = items.find((i) => i.deviceCategory === "Laptop Repair" && i.price !== null)!;
      const newPrice = 987.65;
      for (const instance of instances) {
        await get(`${instance.url}/price-list/laptop`);
        const kept = await get(`${instance.url}/price-list/laptop`);
        expect(kept.headers.get("x-page-cache")).toBe("hit");
        expect(await kept.text()).not.toContain("$987.65");
      }

      const changed = await fetch(`${a().url}/api/admin/update_repair_item.php?id=${item.id}`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({
          deviceCategory: "laptop",
          brand: item.brand,
          series: item.series ?? undefined,
          model: item.model,
          issue: item.issue,
          price: newPrice,
        }),
      });
      expect(changed.status).toBe(200);
      // A kept page lasts until the catalogue changes: only the change's notice can refresh it.
      for (const instance of instances)
        await expect
          .poll(async () => (await get(`${instance.url}/price-list/laptop`)).text(), {
            timeout: 30_000,
          })
          .toContain("$987.65");
      // And it is kept again from then on.
      const last = instances.at(-1)!;
      expect((await get(`${last.url}/price-list/laptop`)).headers.get("x-page-cache")).toBe("hit");
    });

    test("every view of a content page is counted, from memory and confirmed by 304 too", async () => {
      const before = await storedViews("/blog");
      const served = instances.at(-1)!;
      const first = await get(`${served.url}/blog`);
      expect(first.headers.get("x-page-cache")).toBe("miss");
      expect((await get(`${served.url}/blog`)).headers.get("x-page-cache")).toBe("hit");
      expect(
        (await get(`${served.url}/blog`, { "if-none-match": first.headers.get("etag")! })).status,
      ).toBe(304);
      // A HEAD and a script without a user agent are no views.
      await fetch(`${served.url}/blog`, {
        method: "HEAD",
        headers: { "user-agent": browserAgent },
      });
      await fetch(`${served.url}/blog`, { headers: { "user-agent": "" } });
      if (database)
        await expect.poll(() => storedViews("/blog"), { timeout: 5_000 }).toBe(before + 3);
      else expect(await storedViews("/blog", { last: true })).toBe(before + 3);
    });
  });
}
