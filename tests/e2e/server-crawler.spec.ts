// Walks every route of the built app, with the route list read from the server build, so a route
// added tomorrow is crawled without anyone typing it here.
import { request as httpRequest } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { bookings } from "../../db/schema";
import { insertStockDevice } from "../support/stock-devices";
import { bookingPayload } from "./support/api";
import { bearerTokenFor, logInForCookie } from "./support/server-http";
import { sendContactMessage, startServer, type ServerProcess } from "./support/server-process";

type BuiltRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { loader?: unknown; action?: unknown; default?: unknown };
};

/**
 * Tables whose rows a GET may legitimately touch: rate-limit counters (lookups are counted so
 * they can be limited), the staff session's last-seen time (idle expiry) and the page-view
 * counters (counting a served page is their purpose).
 */
const bookkeepingTables = new Set([
  "rate_limits",
  "staff_sessions",
  "page_view_days",
  "web_vital_samples",
]);
/** The mail worker delivers queued e-mails meanwhile; what a request could add is a new row. */
const hashedColumns: Record<string, string> = {
  outbox: "id, kind, booking_id, contact_message_id, recipient, subject",
};
/**
 * The columns a GET writes by design, each with its reason; every other column of every table
 * must come out of the crawl unchanged, and each of these must have been written.
 */
const writtenByGet: Record<string, Record<string, string>> = {
  staff_users: {
    // Staff expect the menu's "new bookings" count to clear when they see the list, with or
    // without JavaScript; a button or a script's beacon would leave it standing. The write is the
    // staff member's own row, and repeating it changes nothing but the time.
    bookings_seen_at: "opening /admin/repairs marks its new bookings seen",
  },
};

const credentials = {
  ADMIN_USERNAME: "crawler-admin",
  ADMIN_PASSWORD: "crawler-password-long-enough",
  SESSION_SECRET: "crawler-secret-crawler-secret",
};

async function builtRoutes(): Promise<BuiltRoute[]> {
  const file = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
  const build = (await import(pathToFileURL(file).href)) as { routes: Record<string, BuiltRoute> };
  return Object.values(build.routes);
}

/** The URL pattern of a route: its own path joined to its parents'. */
function patternOf(route: BuiltRoute, byId: Map<string, BuiltRoute>): string {
  const parts: string[] = [];
  for (let r: BuiltRoute | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined)
    if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`;
}

/** Every table's rows, hashed, so any write a crawl makes shows as a changed hash. */
async function fingerprint(dir: string) {
  const handle = await openDatabase({ driver: "pglite", dir });
  const query = async <T>(text: string) =>
    ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  try {
    const tables = await query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const columns = await query<{ table: string; column: string }>(
      "select table_name as table, column_name as column from information_schema.columns where table_schema = 'public' order by ordinal_position",
    );
    const hashOf = async (select: string, table: string) => {
      const [row] = await query<{ hash: string }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from (select ${select} from "${table}") t`,
      );
      return row!.hash;
    };
    const hashes: Record<string, string> = {};
    const written: Record<string, string> = {};
    for (const { name } of tables) {
      if (bookkeepingTables.has(name)) continue;
      const exempt = Object.keys(writtenByGet[name] ?? {});
      const kept = columns
        .filter((c) => c.table === name && !exempt.includes(c.column))
        .map((c) => `"${c.column}"`);
      hashes[name] = await hashOf(hashedColumns[name] ?? kept.join(", "), name);
      for (const column of exempt) written[`${name}.${column}`] = await hashOf(`"${column}"`, name);
    }
    const [booking] = await handle.db
      .select({ id: bookings.id, token: bookings.trackingToken })
      .from(bookings)
      .orderBy(bookings.id)
      .limit(1);
    return { hashes, written, booking: booking! };
  } finally {
    await handle.close();
  }
}

/**
 * Concrete URLs for a pattern: the sitemap's where it lists them, otherwise the fixtures', plus
 * junk.
 */
function urlsFor(pattern: string, sitemap: string[], fixtures: Record<string, string>): string[] {
  if (pattern.endsWith("/*")) return [pattern.replace("/*", "/no-such-page/at-all")];
  if (!pattern.includes(":")) return [pattern];
  const matcher = new RegExp(`^${pattern.replace(/[.]/g, "\\.").replace(/:[a-zA-Z]+/g, "[^/]+")}$`);
  const listed = sitemap.filter((p) => matcher.test(p));
  const fromFixtures = pattern.replace(/:([a-zA-Z]+)/g, (_, name: string) => fixtures[name] ?? "1");
  const junk = pattern.replace(/:[a-zA-Z]+/g, "%3Cscript%3E'%22999999999999");
  return [...new Set([...listed, fromFixtures, junk])];
}

const isAdminPattern = (pattern: string) =>
  /^\/(admin|api\/admin)(\/|$)/.test(pattern) &&
  !/^\/(admin\/login|api\/admin\/login\.php)$/.test(pattern);

function expectSecurityHeaders(response: Response, url: string, nonces: Set<string>) {
  const csp = response.headers.get("content-security-policy") ?? "";
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ])
    expect(csp, url).toContain(directive);
  expect(csp, url).toMatch(/frame-src https:\/\/www\.openstreetmap\.org(;|$)/);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, `${url} nonce`).toBeTruthy();
  expect(nonces.has(nonce!), `${url} reuses a nonce`).toBe(false);
  nonces.add(nonce!);
  expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
  // Pages holding a secret in their URL add no-referrer, or same-origin where a form posts back
  // (it keeps the origin on the post); browsers apply the last policy listed.
  expect(response.headers.get("referrer-policy"), url).toMatch(
    /^strict-origin-when-cross-origin(, (no-referrer|same-origin))?$/,
  );
  expect(response.headers.get("permissions-policy"), url).toContain("camera=()");
  expect(response.headers.get("strict-transport-security"), url).toMatch(/max-age=\d{7,}/);
  expect(response.headers.get("x-powered-by"), url).toBeNull();
  return nonce!;
}

/**
 * Every script the page runs carries this response's nonce; data blocks (JSON-LD, the page's
 * calendar) are not run.
 */
function expectNoncedScripts(html: string, nonce: string, url: string) {
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (/type="application\/(ld\+)?json"/.test(tag)) continue;
    expect(tag, url).toContain(`nonce="${nonce}"`);
  }
}

type RawAnswer = { status: number; body: string };

/** A request as any client may send it, with the Host, method and body framing it chooses. */
function rawRequest(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, method, path: target, headers: { connection: "close", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const evil = "evil.example";
const malformedMultipart = {
  "content-type": "multipart/form-data; boundary=wefix",
  body: '--wefix\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated',
};

/**
 * The request-level attacks every route must refuse before it can change anything, with a staff
 * cookie and token riding along to make them count: another site's POST (by Origin, by
 * Sec-Fetch-Site, from a sandboxed "null" origin), methods no page takes, bodies over the limit
 * (declared and chunked), malformed multipart, and JSON doors fed text/plain. And no page writes a
 * link to the host a client names in Host or X-Forwarded-Host.
 */
async function expectRequestClassesRefused(
  base: string,
  url: string,
  staff: Record<string, string>,
) {
  const post = (headers: Record<string, string>, body = "status=completed&intent=delete") =>
    rawRequest(
      base,
      "POST",
      url,
      { "content-type": "application/x-www-form-urlencoded", ...staff, ...headers },
      body,
    );
  for (const origin of [
    `https://${evil}`,
    "null",
    `${base}.${evil}`,
    `http://${evil}@${new URL(base).host}`,
  ]) {
    expect((await post({ origin })).status, `POST ${url} from Origin ${origin}`).toBe(403);
  }
  for (const site of ["cross-site", "same-site"])
    expect(
      (await post({ "sec-fetch-site": site })).status,
      `POST ${url} Sec-Fetch-Site ${site}`,
    ).toBe(403);
  for (const method of ["TRACE", "PROPFIND", "LOCK"])
    expect((await rawRequest(base, method, url, staff)).status, `${method} ${url}`).toBe(405);
  const oversize = "a=" + "x".repeat(70 * 1024);
  expect((await post({ origin: base }, oversize)).status, `POST ${url} with 70 KB`).toBe(413);
  expect(
    (await post({ origin: base, "transfer-encoding": "chunked" }, oversize)).status,
    `chunked POST ${url} with 70 KB`,
  ).toBe(413);
  if (url.startsWith("/api/")) {
    // Anonymous: a JSON door that takes no body (logout) would act on a staff token.
    for (const type of [
      malformedMultipart["content-type"],
      "text/plain",
      "application/x-www-form-urlencoded",
    ]) {
      const answer = await rawRequest(
        base,
        "POST",
        url,
        { "content-type": type, origin: base },
        type.startsWith("multipart") ? malformedMultipart.body : "{}",
      );
      expect(answer.status, `${type} POST ${url}`).toBeLessThan(500);
      expect(answer.status, `${type} POST ${url}`).not.toBe(201);
    }
  } else {
    const multipart = await post(
      { origin: base, "content-type": malformedMultipart["content-type"] },
      malformedMultipart.body,
    );
    expect(multipart.status, `malformed multipart to ${url}`).toBe(400);
  }
  const hostSpellings: Record<string, string>[] = [
    { host: evil },
    { "x-forwarded-host": `${evil}:444` },
    { "x-forwarded-host": evil, "x-forwarded-proto": "https" },
  ];
  for (const hostHeaders of hostSpellings) {
    const page = await rawRequest(base, "GET", url, { ...staff, ...hostHeaders });
    expect(page.status, `GET ${url} with ${JSON.stringify(hostHeaders)}`).toBeLessThan(500);
    expect(page.body, `GET ${url} with ${JSON.stringify(hostHeaders)}`).not.toContain(evil);
  }
}

test("every route of the build: security headers, no state change on GET, admin closed to strangers", async () => {
  test.setTimeout(420_000);
  const root = await mkdtemp(path.join(os.tmpdir(), "wefix-crawl-"));
  const dir = path.join(root, "pglite");
  const env = {
    PGLITE_DIR: dir,
    MAIL_DIR: path.join(root, "mail"),
    NODE_ENV: "production",
    ...credentials,
  };
  let server: ServerProcess | undefined;
  try {
    server = await startServer(env);
    const booked = await fetch(`${server.url}/api/endpoints/submit_booking.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(bookingPayload()),
    });
    expect(booked.status).toBe(201);
    expect(
      (await sendContactMessage(server.url, "A message for the crawler to leave alone")).status,
    ).toBe(303);
    const token = await bearerTokenFor(
      server.url,
      credentials.ADMIN_USERNAME,
      credentials.ADMIN_PASSWORD,
    );
    const cookie = await logInForCookie(
      server.url,
      credentials.ADMIN_USERNAME,
      credentials.ADMIN_PASSWORD,
    );
    expect(cookie, "staff session cookie").toMatch(/=./);
    expect(await server.stop()).toBe(0);
    // A device for sale (id 1, as the fixtures name every record), so its staff pages and its
    // photo upload are crawled on a device that exists.
    const seeded = await openDatabase({ driver: "pglite", dir });
    try {
      await insertStockDevice(seeded.db);
    } finally {
      await seeded.close();
    }

    const before = await fingerprint(dir);
    const fixtures = {
      token: before.booking.token,
      id: String(before.booking.id),
      slug: "top-7-signs-phone-needs-repair",
      category: "mobile",
    };

    server = await startServer(env);
    const base = server.url;
    const sitemap = [
      ...(await (await fetch(`${base}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g),
    ].map((m) => new URL(m[1]!).pathname);
    const routes = await builtRoutes();
    const byId = new Map(routes.map((r) => [r.id, r]));
    const nonces = new Set<string>();
    const crawled = new Set<string>();
    let adminUrlsRefused = 0;

    for (const route of routes) {
      if (route.id === "root") continue;
      const pattern = patternOf(route, byId);
      for (const url of urlsFor(pattern, sitemap, fixtures)) {
        crawled.add(route.id);
        const anonymous = await fetch(`${base}${url}`, { redirect: "manual" });
        expect(anonymous.status, `GET ${url}`).toBeLessThan(500);
        const nonce = expectSecurityHeaders(anonymous, url, nonces);
        const body = await anonymous.text();
        expect(body, `GET ${url} shows no stack trace`).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
        if ((anonymous.headers.get("content-type") ?? "").includes("text/html"))
          expectNoncedScripts(body, nonce, url);
        await expectRequestClassesRefused(base, url, { cookie, authorization: `Bearer ${token}` });

        if (isAdminPattern(pattern)) {
          adminUrlsRefused += 1;
          const refused = [301, 302, 303, 401, 403, 404, 405];
          expect(refused, `anonymous GET ${url} answered ${anonymous.status}`).toContain(
            anonymous.status,
          );
          if (anonymous.status >= 300 && anonymous.status < 400)
            expect(anonymous.headers.get("location"), url).toMatch(/\/admin\/login/);
          if (route.module.action) {
            const post = await fetch(`${base}${url}`, {
              method: "POST",
              redirect: "manual",
              headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
              body: "intent=delete&status=completed",
            });
            expect(
              [303, 302, 401, 403, 404, 405],
              `anonymous POST ${url} answered ${post.status}`,
            ).toContain(post.status);
            if (post.status < 400)
              expect(post.headers.get("location"), url).toMatch(/\/admin\/login/);
          }
          // The same page as staff: open, and still no change of state from a GET.
          const asStaff = await fetch(`${base}${url}`, {
            redirect: "manual",
            headers: { cookie, authorization: `Bearer ${token}` },
          });
          expect(asStaff.status, `staff GET ${url}`).toBeLessThan(500);
          expectSecurityHeaders(asStaff, url, nonces);
        }
      }
    }

    const uncrawled = routes.filter((r) => r.id !== "root" && !crawled.has(r.id)).map((r) => r.id);
    expect(uncrawled).toEqual([]);
    expect(crawled.size).toBeGreaterThan(40);
    expect(adminUrlsRefused).toBeGreaterThan(20);
    expect(await server.stop()).toBe(0);
    server = undefined;

    const after = await fingerprint(dir);
    expect(after.hashes).toEqual(before.hashes);
    // Each exception is in use: a write moved off GET takes its exception with it.
    for (const [table, exempt] of Object.entries(writtenByGet))
      for (const [column, reason] of Object.entries(exempt))
        expect(after.written[`${table}.${column}`], `${table}.${column}: ${reason}`).not.toBe(
          before.written[`${table}.${column}`],
        );
  } finally {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  }
});
