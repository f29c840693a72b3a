// The security review's request-level attacks on a production-mode server, as it made them: the
// Host header writing e-mail links, bodies without limit, cross-site posts answered 500, bad
// input answered 5xx. The crawler spec repeats the classes on every route.
import { request as httpRequest } from "node:http";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import postgres from "postgres";
import { bookingPayload } from "./support/api";
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

test("cross-site posts get the 403 refusal page on every kind of route, never Remix's empty 500", async () => {
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
    // origin (no-referrer): the route answers for itself, and never with Remix's empty 500.
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
  const login = await fetch(`${base}/api/admin/login.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username: production.ADMIN_USERNAME,
      password: production.ADMIN_PASSWORD,
    }),
  });
  const { token } = (await login.json()) as { token: string };
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
  // Methods a page has no action for are Remix's own 405: a client's mistake, not an error to log.
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
