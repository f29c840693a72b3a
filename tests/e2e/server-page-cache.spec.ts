import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres";
import { freePort, startServer, type ServerProcess } from "./support/server-process";

/** Content pages from memory (decision 0023): each response its own nonce, a price change on every instance within a second. */
test.describe.configure({ mode: "serial" });

const secret = "shared-by-both-instances";
const browserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

let database: ThrowawayPostgres;
let a: ServerProcess;
let b: ServerProcess;
test.beforeAll(async () => {
  database = await startThrowawayPostgres(await freePort());
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: secret,
    NODE_ENV: "production",
    ANALYTICS_FLUSH_SECONDS: "1",
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});
test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.destroy();
});

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

test("a content page comes from memory, each response with its own nonce and request id, in every encoding", async () => {
  await get(`${a.url}/faq`);
  const seen = new Set<string>();
  for (const encoding of ["br", "gzip", "identity"]) {
    const response = await get(`${a.url}/faq`, { "accept-encoding": encoding });
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
    // The root's data quotes this response's request id, the one an error page would show.
    expect(html).toContain(`\\"${response.headers.get("x-request-id")}\\"`);
  }
  expect(seen.size).toBe(3);
});

test("a browser's copy is confirmed with 304 and no policy that would replace its own, and a HEAD has the GET's length", async () => {
  const first = await get(`${a.url}/services/mobile`);
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await get(`${a.url}/services/mobile`, { "if-none-match": etag });
  expect(again.status).toBe(304);
  expect(again.headers.get("etag")).toBe(etag);
  expect(again.headers.get("content-security-policy")).toBeNull();
  const stale = await get(`${a.url}/services/mobile`, {
    "if-none-match": 'W/"another-build-or-price"',
  });
  expect(stale.status).toBe(200);
  expect(stale.headers.get("content-security-policy")).toContain("'nonce-");

  const full = await get(`${a.url}/services/mobile`, { "accept-encoding": "gzip" });
  const head = await fetch(`${a.url}/services/mobile`, {
    method: "HEAD",
    headers: { "accept-encoding": "gzip" },
  });
  expect(head.headers.get("x-page-cache")).toBe("hit");
  expect(head.headers.get("content-length")).toBe(full.headers.get("content-length"));
});

test("a query string, a cookie, a toast and the pages with forms or personal data are never answered from memory", async () => {
  await get(`${a.url}/faq`);
  for (const path of [
    "/faq?q=warranty",
    "/services/mobile?brand=Apple",
    "/book-appointment",
    "/contact",
    "/track-repair",
    "/admin/login",
  ]) {
    const response = await get(`${a.url}${path}`);
    expect(response.headers.get("x-page-cache"), path).toBeNull();
  }
  // A toast rides on a signed flash cookie: the page that shows it is rendered for that visitor alone.
  process.env.SESSION_SECRET = secret;
  const { createToastHeaders } = await import("../../app/server/toast.server");
  const cookie = (await createToastHeaders({ title: "Your repair is booked, Sam Tremblay" }))
    .get("set-cookie")!
    .split(";")[0]!;
  const toasted = await get(`${a.url}/faq`, { cookie });
  expect(toasted.headers.get("x-page-cache")).toBeNull();
  expect(await toasted.text()).toContain("Your repair is booked, Sam Tremblay");
  const next = await get(`${a.url}/faq`);
  expect(next.headers.get("x-page-cache")).toBe("hit");
  expect(await next.text()).not.toContain("Sam Tremblay");
});

test("every view of a content page is counted, from memory and confirmed by 304 too", async () => {
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const views = async () =>
    (
      await sql<
        { n: number }[]
      >`select coalesce(sum(views), 0)::int as n from page_view_days where path = '/blog'`
    )[0]!.n;
  try {
    const before = await views();
    const first = await get(`${b.url}/blog`);
    await get(`${b.url}/blog`);
    expect(
      (await get(`${b.url}/blog`, { "if-none-match": first.headers.get("etag")! })).status,
    ).toBe(304);
    await expect.poll(views, { timeout: 5_000 }).toBe(before + 3);
  } finally {
    await sql.end();
  }
});

test("a price a staff member changes on one instance shows on both within a second", async () => {
  const login = await fetch(`${a.url}/api/admin/login.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "lifecycle", password: "lifecycle-password" }),
  });
  const authorization = `Bearer ${((await login.json()) as { token: string }).token}`;
  const { repair_items: items } = (await (
    await fetch(`${a.url}/api/admin/get_repair_items.php`, { headers: { authorization } })
  ).json()) as {
    repair_items: {
      id: number;
      deviceCategory: string;
      brand: string;
      series: string | null;
      model: string;
      issue: string;
      price: number | null;
    }[];
  };
  const item = items.find((i) => i.deviceCategory === "Laptop Repair" && i.price !== null)!;
  const newPrice = 987.65;
  for (const instance of [a, b]) {
    await get(`${instance.url}/price-list/laptop`);
    const kept = await get(`${instance.url}/price-list/laptop`);
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    expect(await kept.text()).not.toContain("$987.65");
  }

  const changed = await fetch(`${a.url}/api/admin/update_repair_item.php?id=${item.id}`, {
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
  const savedAt = Date.now();
  const shownAfter = await Promise.all(
    [a, b].map(async (instance) => {
      while (!(await (await get(`${instance.url}/price-list/laptop`)).text()).includes("$987.65")) {
        if (Date.now() - savedAt > 5_000)
          throw new Error(`${instance.url} still shows the old price`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Date.now() - savedAt;
    }),
  );
  for (const ms of shownAfter) expect(ms).toBeLessThan(1_000);
  // And it is kept again from then on.
  expect((await get(`${b.url}/price-list/laptop`)).headers.get("x-page-cache")).toBe("hit");
});
