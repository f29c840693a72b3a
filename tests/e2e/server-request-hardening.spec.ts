// The security review's request-level attacks on a production-mode server, as it made them: the
// Host header writing e-mail links, bodies without limit, cross-site posts answered 500, bad
// input answered 5xx, limits dodged with a made-up X-Forwarded-For, a body invited before its
// 413. The crawler spec repeats the classes on every route.
import { request as httpRequest } from "node:http";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import postgres from "postgres";
import { bookingPayload } from "./support/api";
import { bearerTokenFor } from "./support/server-http";
import { startServer, type ServerProcess } from "./support/server-process";

const production = {
  NODE_ENV: "production",
  SESSION_SECRET: "hardening-secret-hardening-secret",
  ADMIN_USERNAME: "hardening",
  ADMIN_PASSWORD: "hardening-password-long",
};
const publicUrl = "https://shop.wefix.example";

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** A request with the Host and framing a client chooses (fetch would set its own Host). */
function send(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Writes `head` on a raw connection, then `body` once the server has answered "100 Continue" (if
 * it does), and returns everything the server sent until it closed the connection.
 */
function exchange(base: string, head: string, body?: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (body !== undefined && /^HTTP\/1\.1 100 /.test(received)) {
        socket.write(body);
        body = undefined;
      }
    });
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

async function mailsIn(dir: string) {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml"));
  return Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(dir, name)))));
}

let root: string;
let server: ServerProcess | undefined;
test.beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "wefix-hardening-"));
});
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  await rm(root, { recursive: true, force: true });
});

test("production refuses to start without PUBLIC_URL, or with one that is not a bare origin", async () => {
  for (const value of [
    "",
    "not a url",
    "ftp://wefix.example",
    "https://wefix.example/shop",
    "https://user:pass@wefix.example",
  ]) {
    const started = startServer({ ...production, PGLITE_DIR: "memory://", PUBLIC_URL: value });
    await expect(started, `PUBLIC_URL=${JSON.stringify(value)}`).rejects.toThrow(/PUBLIC_URL must/);
  }
});

/** A database of its own on the test Postgres server, dropped afterwards. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wefix_hardening_${Date.now()}`;
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const drivers = process.env.TEST_DATABASE_URL
  ? (["pglite", "postgres"] as const)
  : (["pglite"] as const);

for (const driver of drivers) {
  test(`no client-chosen host reaches a link (${driver}): e-mails, calendar file, canonical, sitemap, structured data`, async () => {
    const mailDir = path.join(root, "mail");
    const database = driver === "postgres" ? await freshPostgres() : undefined;
    try {
      server = await startServer({
        ...production,
        ...(database ? { DATABASE_URL: database.url } : { PGLITE_DIR: path.join(root, "pglite") }),
        MAIL_DIR: mailDir,
        PUBLIC_URL: publicUrl,
      });
      const evilHosts: Record<string, string>[] = [
        { host: "evil.example" },
        { "x-forwarded-host": "evil.example:444" },
        { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      ];
      for (const [n, hostHeaders] of evilHosts.entries()) {
        const payload = JSON.stringify(bookingPayload({ email: `host-${n}@example.com` }));
        const booked = await send(
          server.url,
          "POST",
          "/api/endpoints/submit_booking.php",
          { "content-type": "application/json", ...hostHeaders },
          payload,
        );
        expect(booked.status, JSON.stringify(hostHeaders)).toBe(201);
        for (const page of ["/", "/sitemap.xml", "/robots.txt", "/faq", "/services/mobile"]) {
          const answer = await send(server.url, "GET", page, hostHeaders);
          expect(answer.body, page).not.toContain("evil.example");
          expect(answer.body, page).toContain(publicUrl);
        }
      }
      await expect
        .poll(async () => (await mailsIn(mailDir)).length, { timeout: 20_000 })
        .toBe(evilHosts.length * 2);
      for (const mail of await mailsIn(mailDir)) {
        const text = `${mail.text ?? ""}${mail.html || ""}${mail.attachments.map((a) => a.content.toString("utf8")).join("")}`;
        expect(text, mail.subject).not.toContain("evil.example");
        expect(text, mail.subject).toContain(publicUrl);
      }
      const confirmation = (await mailsIn(mailDir)).find((m) => m.attachments.length)!;
      expect(confirmation.attachments[0]!.content.toString("utf8")).toMatch(
        /UID:WF-\d{5}@shop\.wefix\.example/,
      );
    } finally {
      await server?.stop();
      server = undefined;
      await database?.drop();
    }
  });
}

test("bodies over 64 KB get a 413 the client receives, declared, chunked or sent by Node's fetch; nothing slows down", async () => {
  server = await startServer({ ...production, PGLITE_DIR: "memory://" });
  const base = server.url;
  const form = { "content-type": "application/x-www-form-urlencoded", origin: base };
  const big = (kb: number) => `message=${"a".repeat(kb * 1024)}`;

  // Node's fetch writes the whole body before it reads the answer.
  const fetched = await fetch(`${base}/contact`, { method: "POST", headers: form, body: big(140) });
  expect(fetched.status).toBe(413);
  expect(await fetched.text()).toContain("64 KB");
  const json = await fetch(`${base}/api/endpoints/send_contact_message.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message: "a".repeat(140 * 1024) }),
  });
  expect(json.status).toBe(413);
  expect(await json.json()).toMatchObject({ success: false });

  for (const target of [
    "/contact",
    "/book-appointment",
    "/track-repair",
    "/admin/login",
    "/api/endpoints/submit_booking.php",
  ]) {
    const chunked = await send(
      base,
      "POST",
      target,
      {
        ...form,
        "content-type": target.startsWith("/api") ? "application/json" : form["content-type"],
        "transfer-encoding": "chunked",
      },
      big(70),
    );
    expect(chunked.status, `chunked ${target}`).toBe(413);
    const declared = await send(base, "POST", target, form, big(65));
    expect(declared.status, `declared ${target}`).toBe(413);
  }
  // A body far too large is refused from its declared length, before it is sent.
  const huge = await send(base, "POST", "/contact", {
    ...form,
    "content-length": String(50 * 1024 * 1024),
    expect: "100-continue",
  });
  expect(huge.status).toBe(413);
  // A form of normal size still goes through the same gate.
  const page = await fetch(`${base}/contact`);
  expect(page.status).toBe(200);
});

test("a form answered with errors echoes no more than each field's own maximum", async () => {
  server = await startServer({ ...production, PGLITE_DIR: "memory://" });
  const junk = "J".repeat(30 * 1024);
  const body = new URLSearchParams({
    name: "N".repeat(20 * 1024),
    email: "not-an-email",
    message: "M".repeat(10 * 1024),
    junkField: junk,
  });
  for (const target of ["/contact", "/book-appointment", "/track-repair", "/admin/login"]) {
    const answer = await fetch(`${server.url}${target}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body,
    });
    expect(answer.status, target).toBeGreaterThanOrEqual(400);
    expect(answer.status, target).toBeLessThan(500);
    const html = await answer.text();
    expect(html, target).not.toContain("JJJJJJJJ");
    expect(html, target).not.toMatch(/N{200}/);
    expect(html, target).not.toMatch(/M{5001}/);
  }
});

test("cross-site posts get the 403 refusal page on every kind of route, never an empty 500", async () => {
  server = await startServer({ ...production, PGLITE_DIR: "memory://" });
  for (const target of [
    "/admin/login",
    "/admin/logout",
    "/admin/repairs/1",
    "/contact",
    "/book-appointment",
    "/track-repair",
    "/api/endpoints/submit_booking.php",
    "/api/analytics",
  ]) {
    const refusedHeaders: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of refusedHeaders) {
      const answer = await send(
        server.url,
        "POST",
        target,
        { "content-type": "application/x-www-form-urlencoded", ...headers },
        "a=1",
      );
      expect(answer.status, `${target} ${JSON.stringify(headers)}`).toBe(403);
      expect(answer.body, target).toContain("This request came from another site and was refused.");
    }
    // The browser's own word that the form is ours stands, even where the page withholds its
    // origin (no-referrer): the route answers for itself, and never with an empty 500.
    for (const origin of ["null", "https://evil.example"]) {
      const answer = await send(
        server.url,
        "POST",
        target,
        {
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-site": "same-origin",
          origin,
        },
        "a=1",
      );
      expect(answer.status, `${target} same-origin, Origin ${origin}`).not.toBe(403);
      expect(answer.status, `${target} same-origin, Origin ${origin}`).toBeLessThan(500);
    }
  }
  // The public JSON doors take JSON only: a browser posts text/plain across sites without asking.
  const plain = await fetch(`${server.url}/api/endpoints/send_contact_message.php`, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: "{}",
  });
  expect(plain.status).toBe(415);
  expect(server.output()).not.toContain("does not match");
});

test("bad input answers 4xx with a message, never 5xx: overflowing numbers, far dates, malformed multipart, TRACE", async () => {
  server = await startServer({ ...production, PGLITE_DIR: "memory://" });
  const base = server.url;
  const token = await bearerTokenFor(base, production.ADMIN_USERNAME, production.ADMIN_PASSWORD);
  for (const query of [
    "offset=1e19",
    "offset=-1",
    "offset=1.5",
    "limit=1e309",
    "end_date=9999-12-31",
    "start_date=0001-01-01",
    "start_date=2026-02-30",
  ]) {
    const answer = await fetch(`${base}/api/admin/get_bookings.php?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status, query).toBe(422);
    expect(((await answer.json()) as { message: string }).message, query).toBeTruthy();
  }
  const multipart = { "content-type": "multipart/form-data; boundary=x", origin: base };
  for (const target of ["/contact", "/book-appointment", "/track-repair", "/admin/login"]) {
    const answer = await send(
      base,
      "POST",
      target,
      multipart,
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
    );
    expect(answer.status, target).toBe(400);
    expect(answer.body).toContain("could not be read");
  }
  const trace = await send(base, "TRACE", "/", {});
  expect(trace.status).toBe(405);
  expect(trace.headers.allow).toBe("GET, HEAD, POST");
  // Methods a page has no action for are the router's 405: a client's mistake, not an error to log.
  for (const method of ["OPTIONS", "PUT", "DELETE", "PATCH"]) {
    const answer = await send(
      base,
      method,
      "/",
      { "content-type": "application/x-www-form-urlencoded", origin: base },
      "a=1",
    );
    expect(answer.status, method).toBeGreaterThanOrEqual(400);
    expect(answer.status, method).toBeLessThan(500);
  }
  expect(server.output()).not.toMatch(/\n\s+at [\w$.<>]+ \(/);
  expect(server.output()).not.toContain('"level":"error"');
});

test("a body over the limit: no 100 Continue before the 413, and Node's fetch receives the 413 for 5 MB", async () => {
  server = await startServer({ ...production, PGLITE_DIR: "memory://" });
  const base = server.url;
  const { host } = new URL(base);
  const fiveMegabytes = 5 * 1024 * 1024;
  const form = { "content-type": "application/x-www-form-urlencoded", origin: base };

  // Node's fetch writes all 5 MB before it reads the answer: the server drains them first.
  const fetched = await fetch(`${base}/contact`, {
    method: "POST",
    headers: form,
    body: `message=${"a".repeat(fiveMegabytes)}`,
  });
  expect(fetched.status).toBe(413);
  expect(await fetched.text()).toContain("64 KB");
  const json = await fetch(`${base}/api/endpoints/send_contact_message.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message: "a".repeat(fiveMegabytes) }),
  });
  expect(json.status).toBe(413);

  // A client that asks first is refused without being asked for the body.
  for (const target of ["/contact", "/api/endpoints/submit_booking.php"]) {
    const asked = await exchange(
      base,
      `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${fiveMegabytes}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(asked, target).toMatch(/^HTTP\/1\.1 413 /);
    expect(asked, target).not.toContain("HTTP/1.1 100");
  }
  // One whose body fits is invited, and its request goes on to the page.
  const body = "repairId=WF-99999";
  const invited = await exchange(
    base,
    `POST /track-repair HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${base}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    body,
  );
  expect(invited).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 404 /);
});

test("an Origin is this site's only with the site's scheme; a trusted proxy's forwarded host is the one it wrote", async () => {
  const post = (headers: Record<string, string>) =>
    send(
      server!.url,
      "POST",
      "/admin/login",
      { "content-type": "application/x-www-form-urlencoded", ...headers },
      "username=nobody&password=wrong-password-long",
    ).then((answer) => answer.status);

  // Reached directly (this peer is no trusted proxy): the http site PUBLIC_URL names, and the
  // Host the client addressed; X-Forwarded-Host is ignored.
  server = await startServer({ ...production, PGLITE_DIR: "memory://", TRUST_PROXY: "192.0.2.1" });
  const { host } = new URL(server.url);
  expect(await post({ origin: `https://${host}` }), "https Origin on an http site").toBe(403);
  expect(await post({ origin: `http://${host}` })).toBe(401);
  expect(
    await post({ origin: "http://shop.wefix.example", "x-forwarded-host": "shop.wefix.example" }),
    "X-Forwarded-Host from a peer that is no trusted proxy",
  ).toBe(403);
  await server.stop();

  // Behind a trusted proxy on https: its X-Forwarded-Host, the right-most value.
  server = await startServer({
    ...production,
    PGLITE_DIR: "memory://",
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "loopback",
  });
  const proxied = (forwardedHost: string, origin: string) =>
    post({ "x-forwarded-host": forwardedHost, origin });
  expect(await proxied("shop.wefix.example", publicUrl)).toBe(401);
  expect(await proxied("shop.wefix.example", "http://shop.wefix.example"), "http Origin").toBe(403);
  expect(await proxied("evil.example, shop.wefix.example", publicUrl)).toBe(401);
  expect(
    await proxied("evil.example, shop.wefix.example", "https://evil.example"),
    "the client's own left-most X-Forwarded-Host",
  ).toBe(403);
});

/**
 * Proxy chains a deployment may name in TRUST_PROXY, and the X-Forwarded-For they deliver for a
 * client who wrote an entry of its own first.
 */
const proxyChains = [
  { trust: "1", forwardedFor: (spoof: string, client: string) => `${spoof}, ${client}` },
  {
    trust: "loopback, 10.0.0.0/8",
    forwardedFor: (spoof: string, client: string) => `${spoof}, ${client}, 10.0.0.7`,
  },
];

for (const chain of proxyChains) {
  test(`TRUST_PROXY=${chain.trust}: every per-client limit holds when the client makes up the left-most X-Forwarded-For entry`, async () => {
    server = await startServer({
      PGLITE_DIR: "memory://",
      LOG_LEVEL: "silent",
      TRUST_PROXY: chain.trust,
      RATE_LIMIT_TRACK_PER_MIN: "4",
      RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "2",
      RATE_LIMIT_SUBMIT_PER_MIN: "2",
      RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF: "2",
      RATE_LIMIT_ANALYTICS_PER_MIN: "2",
      BOOKING_SLOT_CAPACITY: "100",
    });
    const base = server.url;
    const postJson = (body: unknown) => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const customer = bookingPayload();
    const booked = await fetch(`${base}/api/endpoints/submit_booking.php`, postJson(customer));
    const { reference } = (await booked.json()) as { reference: string };
    // The repair ID with its own phone: a lookup that counts against the minute's limit only.
    const ownLookup = `repairId=${reference}&phoneNumber=${encodeURIComponent(customer.phone)}`;

    let spoofs = 0;
    /** A request from `client` through the proxies, each with another made-up entry. */
    const from =
      (client: string) =>
      (
        target: string,
        init: { method?: string; headers?: Record<string, string>; body?: string } = {},
      ) =>
        fetch(`${base}${target}`, {
          ...init,
          headers: {
            ...init.headers,
            "x-forwarded-for": chain.forwardedFor(`203.0.113.${(spoofs++ % 250) + 1}`, client),
          },
        }).then((response) => response.status);
    type Send = ReturnType<typeof from>;
    const limits: {
      name: string;
      allowed: number;
      status: number;
      attempt(send: Send, n: number): Promise<number>;
    }[] = [
      {
        name: "tracking lookups a minute",
        allowed: 4,
        status: 200,
        attempt: (send) => send(`/api/endpoints/track_repair.php?${ownLookup}`),
      },
      {
        name: "lookups that find nothing an hour",
        allowed: 2,
        status: 404,
        attempt: (send) => send("/api/endpoints/track_repair.php?repairId=WF-99991"),
      },
      {
        name: "contact and booking submissions a minute",
        allowed: 2,
        status: 201,
        attempt: (send, n) =>
          n % 2
            ? send("/api/endpoints/submit_booking.php", postJson(bookingPayload()))
            : send(
                "/api/endpoints/send_contact_message.php",
                postJson({ name: "Flood", email: "flood@example.com", message: "Hello" }),
              ),
      },
      {
        name: "staff login failures before the back-off",
        allowed: 2,
        status: 401,
        attempt: (send) =>
          send(
            "/api/admin/login.php",
            postJson({ username: "lifecycle", password: "wrong-password-long" }),
          ),
      },
      {
        name: "analytics beacons a minute",
        allowed: 2,
        status: 204,
        attempt: (send) => send("/api/analytics", postJson({ views: [{ path: "/" }] })),
      },
    ];
    for (const [i, limit] of limits.entries()) {
      const client = from(`198.51.100.${i + 1}`);
      const statuses: number[] = [];
      for (let n = 0; n <= limit.allowed; n++) statuses.push(await limit.attempt(client, n));
      expect(statuses, limit.name).toEqual([...Array(limit.allowed).fill(limit.status), 429]);
      // Another client behind the same proxies is not held back.
      expect(await limit.attempt(from(`198.51.100.${i + 101}`), 0), limit.name).toBe(limit.status);
    }
  });
}
