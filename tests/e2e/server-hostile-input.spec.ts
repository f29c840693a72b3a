// Hostile input through real HTTP on every form, intent and endpoint: random and known-naughty
// values, wrong types and broken bodies. Never a 500, never a stack trace, nothing invalid stored,
// and what was stored is shown escaped. The targets: tests/e2e/support/hostile-targets.ts.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import sharp from "sharp";
import { openDatabase } from "../../db/client";
import { issueFormKey } from "../../app/server/submission.server";
import { addDays, shopToday } from "../../app/utils/shop-time";
import { naughtyStrings } from "../support/naughty-strings";
import { bookingPayload } from "./support/api";
import { storedRowProblems } from "./support/hostile-stored-rows";
import {
  hostileTargetGroups,
  validWalkIn,
  type Fixture,
  type Target,
} from "./support/hostile-targets";
import { bearerTokenFor, logInForCookie } from "./support/server-http";
import { copyDatabaseTemplate, startServer, type ServerProcess } from "./support/server-process";

const credentials = {
  ADMIN_USERNAME: "hostile-admin",
  ADMIN_PASSWORD: "hostile-password-long-enough",
};
const clerkPassword = "hostile-clerk-password-long";
// Each run of `npm test` draws new cases (fast-check's seed changes); HOSTILE_RUNS=200 searches
// deeper before a release.
const runs = Number(process.env.HOSTILE_RUNS ?? 20);
// The server started below shares this secret, so the forms' keys signed here are its own.
process.env.SESSION_SECRET ??= "hostile-input-session-secret-0123456789";

const naughty = fc.constantFrom(...naughtyStrings);
/** Text a form can carry: naughty strings and anything unicode. */
const formValue = fc.oneof(naughty, fc.string(), fc.string({ unit: "binary", maxLength: 300 }));
/** What JSON can carry: the above, and every wrong type, nested, with prototype-polluting keys. */
const jsonValue = fc.oneof(
  formValue,
  fc.anything({
    withObjectString: true,
    withNullPrototype: true,
    maxDepth: 3,
    key: fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "prototype")),
  }),
);

/** A valid submission with some fields replaced, some removed and some added. */
function hostile(valid: Record<string, unknown>, value: fc.Arbitrary<unknown>) {
  const keys = [
    ...Object.keys(valid),
    "__proto__",
    "constructor",
    "submissionKey",
    "website",
    "id",
  ];
  return fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 4 }),
      drop: fc.subarray(Object.keys(valid), { maxLength: Math.min(2, Object.keys(valid).length) }),
      key: fc.constant(null).map(() => issueFormKey()),
    })
    .map(({ replace, drop, key }) => {
      const body: Record<string, unknown> = { ...valid, submissionKey: key };
      for (const k of drop) delete body[k];
      for (const [k, v] of Object.entries(replace))
        Object.defineProperty(body, k, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return body;
    });
}

const asText = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

/** The staff member's credentials for both doors: the session cookie and the bearer token. */
type Auth = { authorization: string; cookie: string };

/**
 * The owner signed in at both doors, and signed in again at a door whose session a request ended
 * (a sign-in costs a password hash: only where needed). Every secret handed out is kept, to search
 * the log for.
 */
async function staffSession(base: string, secrets: string[]) {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = credentials;
  const token = async () => {
    const token = await bearerTokenFor(base, username, password);
    secrets.push(token);
    return `Bearer ${token}`;
  };
  const cookie = async () => {
    const cookie = await logInForCookie(base, username, password);
    secrets.push(...cookie.split("; ").map((pair) => pair.split("=")[1]!));
    return cookie;
  };
  const auth: Auth = { authorization: await token(), cookie: await cookie() };
  const answers = async (address: string, headers: Record<string, string>) => {
    const answer = await fetch(`${base}${address}`, { headers, redirect: "manual" });
    await answer.body?.cancel();
    return answer.status === 200;
  };
  return {
    auth,
    async renew() {
      const [tokenLives, cookieLives] = await Promise.all([
        answers("/api/admin/get_bookings_by_brand.php", { authorization: auth.authorization }),
        answers("/admin/customers/lookup", { cookie: auth.cookie, accept: "application/json" }),
      ]);
      if (!tokenLives) auth.authorization = await token();
      if (!cookieLives) auth.cookie = await cookie();
    },
  };
}

/** Text as an address's segment: a lone surrogate, which no URL can carry, becomes U+FFFD. */
const segment = (value: unknown) => encodeURIComponent(asText(value).replace(/\p{Cs}/gu, "\uFFFD"));

/** The target's address with its `:name` segments taken from the submission, and the rest of it. */
function addressOf(target: Target, body: Record<string, unknown>) {
  const rest = { ...body };
  const address = target.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return segment(value ?? "");
  });
  return { address, rest };
}

async function send(
  base: string,
  target: Target,
  body: Record<string, unknown> | string,
  auth: Auth,
) {
  const headers: Record<string, string> = { origin: base, ...(target.staff ? auth : {}) };
  const { address, rest } = addressOf(target, typeof body === "string" ? target.valid : body);
  let url = `${base}${address}`;
  let payload: string | undefined;
  if (typeof body === "string") {
    headers["content-type"] =
      target.kind === "json" ? "application/json" : "application/x-www-form-urlencoded";
    payload = body;
  } else if (target.kind === "json") {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(rest);
  } else {
    const params = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, asText(v)]));
    if (target.kind === "query") url += `?${params}`;
    else {
      headers["content-type"] = "application/x-www-form-urlencoded";
      payload = params.toString();
    }
  }
  const request = () =>
    fetch(url, {
      method: target.method,
      redirect: "manual",
      headers,
      body: target.method === "POST" ? payload : undefined,
    });
  // A server may close a kept-alive connection after refusing a body it did not read to the end;
  // like a browser, try once more on a new connection. A crashed server fails the second try too.
  return request().catch(request);
}

async function expectCalmAnswer(response: Response, what: string) {
  const text = await response.text();
  expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, what).not.toMatch(
    /\n\s+at [\w$.<>]+ \(|node_modules\/|\.server\.ts|ZodError|PostgresError/,
  );
}

/**
 * The rows the valid submissions reach: a repair booked online (its customer, a second record of
 * the same name, a photo and a quote on it), a walk-in's device and a clerk with a live session.
 */
async function prepare(base: string, auth: Auth): Promise<Fixture> {
  const headers = { ...auth, origin: base };
  const page = async (address: string) => {
    const answer = await fetch(`${base}${address}`, { headers });
    expect(answer.status, address).toBe(200);
    return answer.text();
  };
  const post = (address: string, body: Record<string, string> | FormData) =>
    fetch(`${base}${address}`, {
      method: "POST",
      redirect: "manual",
      headers,
      body: body instanceof FormData ? body : new URLSearchParams(body),
    });
  const find = (text: string, pattern: RegExp, what: string) => {
    const found = pattern.exec(text);
    expect(found, what).not.toBeNull();
    return found!.slice(1);
  };
  const book = async (fields: Record<string, unknown>) => {
    const answer = await fetch(`${base}/api/endpoints/submit_booking.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fields),
    });
    expect(answer.status, "a valid booking").toBe(201);
    return ((await answer.json()) as { id: number }).id;
  };
  const customerOf = async (id: number) =>
    Number(find(await page(`/admin/repairs/${id}`), /\/admin\/customers\/(\d+)/, "customer")[0]);

  const booking = bookingPayload();
  const id = await book(booking);
  const duplicateId = await customerOf(
    await book(bookingPayload({ email: "sam.elsewhere@example.com" })),
  );
  const customerId = await customerOf(id);
  expect(duplicateId, "a second record under the same name").not.toBe(customerId);
  const [contactId] = find(
    await page(`/admin/customers/${customerId}`),
    /name="contactId" value="(\d+)"/,
    "a contact",
  );

  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#b91c1c" },
  })
    .jpeg()
    .toBuffer();
  const upload = new FormData();
  upload.set("kind", "intake");
  upload.set("photos", new File([new Uint8Array(jpeg)], "front.jpg", { type: "image/jpeg" }));
  expect((await post(`/admin/repairs/${id}/photos`, upload)).status, "a photo").toBe(303);
  const quote = {
    intent: "quote",
    amount: "129.00",
    covers: "A new screen",
    validUntil: addDays(shopToday(), 14),
  };
  expect((await post(`/admin/repairs/${id}`, quote)).status, "a quote").toBe(303);
  const repairPage = await page(`/admin/repairs/${id}`);
  const [token] = find(repairPage, /\/track-repair\/([\w-]{20,64})/, "the tracking link");
  const [photo] = find(repairPage, /name="photo" value="([\w-]+)"/, "the photo");
  const [quoteId] = find(
    await page(`/track-repair/${token}`),
    /name="quoteId" value="(\d+)"/,
    "the quote",
  );

  const walkIn = await post("/admin/repairs/new", {
    ...validWalkIn,
    submissionKey: issueFormKey(),
  });
  expect(walkIn.status, "a walk-in").toBe(303);
  const [walkInId] = find(walkIn.headers.get("location") ?? "", /repairs\/(\d+)/, "walk-in");
  const [deviceId] = find(
    await page(`/admin/repairs/${walkInId}`),
    /\/admin\/devices\/(\d+)/,
    "the walk-in's device",
  );

  const clerk = { intent: "create", username: "hostile-clerk", role: "technician" };
  expect((await post("/admin/staff", { ...clerk, password: clerkPassword })).status).toBe(303);
  const clerkLogin = await fetch(`${base}/api/admin/login.php`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "hostile-clerk-phone" },
    body: JSON.stringify({ username: clerk.username, password: clerkPassword }),
  });
  expect(clerkLogin.status, "the clerk signs in").toBe(200);
  const [clerkId, session] = find(
    await page("/admin/staff"),
    /hostile-clerk[\s\S]*?name="id" value="(\d+)"\/><input type="hidden" name="session" value="([0-9a-f]{16})"/,
    "the clerk's session",
  );
  return {
    repair: { id, phone: booking.phone, token: token! },
    customer: { id: customerId, contactId: Number(contactId), duplicateId },
    deviceId: Number(deviceId),
    photo: photo!,
    quoteId: Number(quoteId),
    clerk: { id: Number(clerkId), session: session! },
  };
}

/** Bodies no form would send: broken JSON, wrong shapes, binary junk, a megabyte. */
const rawBodies = [
  "{",
  "[]",
  "null",
  '"text"',
  "42",
  '{"__proto__":{"admin":true}}',
  "\u0000\u0001\u0002",
  "a=1&a=2&a=3",
  "x".repeat(1_000_000),
];
/** Every content type a client may claim, with bodies of each kind, a malformed multipart too. */
const claimedTypes = [
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "text/plain",
  "application/json",
  "application/x-www-form-urlencoded",
  "application/xml",
];
const claimedBodies = [
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
  '{"a":1}',
  "a=1",
];

/** Sends every target its fuzzed, raw and mislabelled bodies; each answer must be calm. */
async function fuzz(
  base: string,
  targets: Target[],
  session: { auth: Auth; renew(): Promise<void> },
) {
  /** Raw bodies and content types test how a route reads its body: once per address. */
  const bodiesSent = new Set<string>();
  const answer = async (target: Target, body: Record<string, unknown> | string, what: string) => {
    await expectCalmAnswer(await send(base, target, body, session.auth), what);
    if (target.endsSession) await session.renew();
  };
  for (const target of targets) {
    const intent = target.valid.intent ? ` (${String(target.valid.intent)})` : "";
    const what = `${target.method} ${target.path}${intent}`;
    await fc.assert(
      fc.asyncProperty(
        hostile(target.valid, target.kind === "json" ? jsonValue : formValue),
        (body) => answer(target, body, what),
      ),
      // A target that ends the session costs a sign-in per case, and reads one field at most.
      { numRuns: target.endsSession ? Math.ceil(runs / 4) : runs },
    );
    if (target.method !== "POST" || bodiesSent.has(target.path)) continue;
    bodiesSent.add(target.path);
    for (const raw of rawBodies)
      await answer(target, raw, `${what} with raw body ${raw.slice(0, 20)}`);
    const { address } = addressOf(target, target.valid);
    for (const type of claimedTypes) {
      for (const raw of claimedBodies) {
        const answered = await fetch(`${base}${address}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            origin: base,
            "content-type": type,
            ...(target.staff ? session.auth : {}),
          },
          body: raw,
        });
        await expectCalmAnswer(answered, `${what} as ${type}`);
        if (target.endsSession) await session.renew();
      }
    }
  }
}

for (const [group, targetsOf] of Object.entries(hostileTargetGroups)) {
  test(`${group}: every form and endpoint stays calm under hostile input and stores only valid rows`, async () => {
    // A few minutes on a quiet machine; more while other jobs share its two cores.
    test.setTimeout(900_000);
    const root = await mkdtemp(path.join(os.tmpdir(), "wefix-hostile-"));
    const dir = path.join(root, "pglite");
    await copyDatabaseTemplate(dir);
    let server: ServerProcess | undefined = await startServer({
      PGLITE_DIR: dir,
      MAIL_DIR: path.join(root, "mail"),
      SMS_DIR: path.join(root, "sms"),
      ...credentials,
      RATE_LIMIT_SUBMIT_PER_MIN: "1000000",
      RATE_LIMIT_TRACK_PER_MIN: "1000000",
      RATE_LIMIT_LOGIN_PER_MIN: "1000000",
      RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: "1000000",
      // Wrong current passwords and codes on Account & Security count as failed sign-ins.
      RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF: "1000000",
      RATE_LIMIT_ANALYTICS_PER_MIN: "1000000",
      ANALYTICS_FLUSH_SECONDS: "1",
      BOOKING_SLOT_CAPACITY: "1000000",
    });
    try {
      const base = server.url;
      const secrets: string[] = [];
      const session = await staffSession(base, secrets);
      const fixture = await prepare(base, session.auth);
      await fuzz(base, targetsOf(fixture), session);

      await server.stop();
      const log = server.output();
      server = undefined;
      expect(log).toContain('"path":"/api/endpoints/submit_booking.php"');
      for (const secret of [
        credentials.ADMIN_PASSWORD,
        clerkPassword,
        ...secrets,
        "@example.com",
        "905-555-0100",
        "9055550100",
        fixture.repair.phone,
        fixture.repair.token,
      ]) {
        expect(secret, "each secret looked for").not.toBe("");
        expect(log, "the log").not.toContain(secret);
      }
      expect(log).not.toMatch(/\n\s+at [\w$.<>]+ \(/);
      const handle = await openDatabase({ driver: "pglite", dir });
      try {
        expect(await storedRowProblems(handle.db)).toEqual([]);
      } finally {
        await handle.close();
      }
    } finally {
      await server?.stop();
      await rm(root, { recursive: true, force: true });
    }
  });
}
