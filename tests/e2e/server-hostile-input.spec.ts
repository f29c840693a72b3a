// Hostile input through real HTTP on every form and endpoint: random and known-naughty values,
// wrong types and broken bodies. Never a 500, never a stack trace, nothing invalid stored, and
// what was stored is shown escaped.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { openDatabase } from "../../db/client";
import {
  bookings,
  contactMessages,
  pageViewDays,
  repairItems,
  webVitalSamples,
} from "../../db/schema";
import { bookingSchema } from "../../app/schemas/booking";
import { walkInSchema } from "../../app/schemas/walk-in";
import { contactSchema } from "../../app/schemas/contact";
import { hasNoControlCharacters } from "../../app/schemas/fields";
import { repairItemSchema } from "../../app/schemas/repair-item";
import { issueFormKey } from "../../app/server/submission.server";
import { naughtyStrings } from "../support/naughty-strings";
import { bookingPayload } from "./support/api";
import { startServer, type ServerProcess } from "./support/server-process";

const credentials = {
  ADMIN_USERNAME: "hostile-admin",
  ADMIN_PASSWORD: "hostile-password-long-enough",
};
// Each run of `npm test` draws new cases (fast-check's seed changes); HOSTILE_RUNS=200 searches
// deeper before a release.
const runs = Number(process.env.HOSTILE_RUNS ?? 20);
// The server started below shares this secret, so the forms' keys signed here are its own.
process.env.SESSION_SECRET ??= "hostile-input-session-secret-0123456789";

type Target = {
  method: "GET" | "POST";
  path: string;
  kind: "form" | "json" | "query";
  valid: Record<string, unknown>;
  staff?: boolean;
};

const validContact = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "905-555-0100",
  subject: "",
  message: "Is my screen repairable?",
};
const validItem = {
  deviceCategory: "mobile",
  brand: "Apple",
  series: "iPhone",
  model: "iPhone 15",
  issue: "Screen Repair",
  price: "199.99",
};
/** The Edit dialog's version read and what it showed (decision 0039): fuzzed like the rest. */
const itemAsRead = { version: "1", shown: JSON.stringify({ model: "iPhone 15" }) };
const validStatus = {
  status: "in_progress",
  internal_notes: "On the bench today.",
  expectedDeliveryDate: "",
  // The version read and what the form showed (decision 0039): fuzzed like the rest.
  version: "1",
  shownStatus: "pending",
  shownDate: "",
  shownNote: "",
};
const validDetails = {
  intent: "details",
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "905-555-0100",
  deviceBrand: "Apple",
  deviceModel: "iPhone 13",
  issueDescription: "Cracked.",
  version: "1",
  shown: JSON.stringify({ firstName: "Ann", lastName: "Lee" }),
};
const validWalkIn = {
  firstName: "Ann",
  lastName: "Lee",
  phone: "905-555-0100",
  email: "",
  deviceCategory: "mobile",
  deviceBrand: "Apple",
  deviceModel: "iPhone 13",
  issueType: "Screen Repair",
  quotedPrice: "129.00",
  deviceCondition: "Cracked corner",
  accessories: "Case",
  passcode: "withheld",
  urgency: "normal",
  status: "pending",
  submissionKey: "walk-in-hostile-key-0001",
};

function targets(): Target[] {
  const booking = bookingPayload();
  return [
    { method: "POST", path: "/book-appointment", kind: "form", valid: booking },
    { method: "POST", path: "/contact", kind: "form", valid: validContact },
    {
      method: "POST",
      path: "/track-repair",
      kind: "form",
      valid: { repairId: "WF-00001", phoneNumber: booking.phone },
    },
    { method: "POST", path: "/api/endpoints/submit_booking.php", kind: "json", valid: booking },
    {
      method: "POST",
      path: "/api/endpoints/send_contact_message.php",
      kind: "json",
      valid: validContact,
    },
    {
      method: "GET",
      path: "/api/endpoints/track_repair.php",
      kind: "query",
      valid: { id: "WF-00001", phone: booking.phone },
    },
    {
      method: "POST",
      path: "/admin/login",
      kind: "form",
      valid: { username: "someone", password: "a password" },
    },
    {
      method: "POST",
      path: "/api/admin/login.php",
      kind: "json",
      valid: { username: "someone", password: "a password" },
    },
    {
      method: "GET",
      path: "/admin/repairs",
      kind: "query",
      valid: {
        q: "Lee 905",
        status: "pending",
        category: "mobile",
        urgency: "urgent",
        dates: "created",
        from: "2026-01-01",
        to: "2026-06-30",
        sort: "customer",
        dir: "asc",
        page: "2",
      },
      staff: true,
    },
    {
      method: "GET",
      path: "/admin/repairs.csv",
      kind: "query",
      valid: { q: "iPhone 13", status: "pending", sort: "appointment" },
      staff: true,
    },
    { method: "POST", path: "/admin/repairs/1", kind: "form", valid: validStatus, staff: true },
    { method: "POST", path: "/admin/repairs/1", kind: "form", valid: validDetails, staff: true },
    {
      method: "POST",
      path: "/admin/repairs/1",
      kind: "form",
      valid: { intent: "private_note", privateNote: "Pre-existing Face ID fault." },
      staff: true,
    },
    {
      method: "POST",
      path: "/admin/repairs/1",
      kind: "form",
      valid: { intent: "photo_show", photo: "no-such-photo", show: "yes" },
      staff: true,
    },
    // The photo upload reads its body as a stream (decision 0043): broken multipart bodies too.
    {
      method: "POST",
      path: "/admin/repairs/1/photos",
      kind: "form",
      valid: { kind: "intake", caption: "Cracked back glass" },
      staff: true,
    },
    { method: "POST", path: "/admin/repairs/new", kind: "form", valid: validWalkIn, staff: true },
    {
      method: "GET",
      path: "/admin/agenda",
      kind: "query",
      valid: {
        view: "week",
        date: "2026-06-15",
        status: "pending",
        category: "mobile",
        urgency: "urgent",
      },
      staff: true,
    },
    {
      method: "GET",
      path: "/admin/dashboard",
      kind: "query",
      valid: { from: "2026-01-01", to: "2026-06-30" },
      staff: true,
    },
    {
      method: "POST",
      path: "/admin/staff",
      kind: "form",
      valid: {
        intent: "create",
        username: "counter.clerk",
        role: "technician",
        password: "a long enough password",
      },
      staff: true,
    },
    {
      method: "POST",
      path: "/admin/staff",
      kind: "form",
      valid: { intent: "role", id: "1", role: "technician", version: "1" },
      staff: true,
    },
    {
      method: "GET",
      path: "/admin/audit",
      kind: "query",
      valid: {
        staff: "1",
        action: "repair.status",
        entity: "booking",
        record: "WF-00001",
        from: "2026-01-01",
        page: "1",
      },
      staff: true,
    },
    {
      method: "POST",
      path: "/admin/repair-items/new",
      kind: "form",
      valid: validItem,
      staff: true,
    },
    {
      method: "POST",
      path: "/admin/repair-items/2/edit",
      kind: "form",
      valid: { ...validItem, ...itemAsRead },
      staff: true,
    },
    {
      method: "POST",
      path: "/admin/repair-items/5/delete",
      kind: "form",
      valid: { version: "1" },
      staff: true,
    },
    {
      method: "GET",
      path: "/admin/repair-items",
      kind: "query",
      valid: { q: "iPhone", category: "mobile" },
      staff: true,
    },
    {
      method: "POST",
      path: "/api/admin/update_booking.php",
      kind: "json",
      valid: { id: 1, ...validStatus },
      staff: true,
    },
    {
      method: "POST",
      path: "/api/admin/add_repair_item.php",
      kind: "json",
      valid: validItem,
      staff: true,
    },
    {
      method: "POST",
      path: "/api/admin/update_repair_item.php",
      kind: "json",
      valid: { id: 3, ...validItem, version: 1 },
      staff: true,
    },
    {
      method: "POST",
      path: "/api/admin/delete_repair_item.php",
      kind: "json",
      valid: { id: 4 },
      staff: true,
    },
    {
      method: "GET",
      path: "/api/admin/get_bookings.php",
      kind: "query",
      valid: { status: "pending", page: "1" },
      staff: true,
    },
    {
      method: "POST",
      path: "/api/analytics",
      kind: "json",
      valid: {
        views: [{ path: "/faq?q=battery" }],
        vitals: [{ path: "/faq", name: "LCP", value: 1234.5 }],
      },
    },
    {
      method: "GET",
      path: "/admin/messages",
      kind: "query",
      valid: { show: "all", page: "1" },
      staff: true,
    },
    {
      method: "POST",
      path: "/admin/messages",
      kind: "form",
      valid: { id: "1", handled: "true" },
      staff: true,
    },
    { method: "POST", path: "/admin/outbox", kind: "form", valid: { id: "1" }, staff: true },
  ];
}

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

async function send(
  base: string,
  target: Target,
  body: Record<string, unknown> | string,
  auth: Record<string, string>,
) {
  const headers: Record<string, string> = { origin: base, ...(target.staff ? auth : {}) };
  let url = `${base}${target.path}`;
  let payload: string | undefined;
  if (typeof body === "string") {
    headers["content-type"] =
      target.kind === "json" ? "application/json" : "application/x-www-form-urlencoded";
    payload = body;
  } else if (target.kind === "json") {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  } else {
    const params = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, asText(v)]));
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

test("every form and endpoint stays calm under hostile input and stores only valid rows", async () => {
  // A few minutes on a quiet machine; more while other jobs share its two cores.
  test.setTimeout(600_000);
  const root = await mkdtemp(path.join(os.tmpdir(), "wefix-hostile-"));
  const dir = path.join(root, "pglite");
  let server: ServerProcess | undefined = await startServer({
    PGLITE_DIR: dir,
    MAIL_DIR: path.join(root, "mail"),
    ...credentials,
    RATE_LIMIT_SUBMIT_PER_MIN: "1000000",
    RATE_LIMIT_TRACK_PER_MIN: "1000000",
    RATE_LIMIT_LOGIN_PER_MIN: "1000000",
    RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: "1000000",
    RATE_LIMIT_ANALYTICS_PER_MIN: "1000000",
    ANALYTICS_FLUSH_SECONDS: "1",
    BOOKING_SLOT_CAPACITY: "1000000",
  });
  try {
    const base = server.url;
    const login = await fetch(`${base}/api/admin/login.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: credentials.ADMIN_USERNAME,
        password: credentials.ADMIN_PASSWORD,
      }),
    });
    const { token } = (await login.json()) as { token: string };
    const formLogin = await fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({
        username: credentials.ADMIN_USERNAME,
        password: credentials.ADMIN_PASSWORD,
      }),
    });
    const cookie = (formLogin.headers.get("set-cookie") ?? "").split(";")[0]!;
    const auth = { authorization: `Bearer ${token}`, cookie };
    expect(
      (await send(base, targets()[3]!, bookingPayload(), auth)).status,
      "a valid booking first, so id 1 exists",
    ).toBe(201);

    for (const target of targets()) {
      const what = `${target.method} ${target.path}`;
      await fc.assert(
        fc.asyncProperty(
          hostile(target.valid, target.kind === "json" ? jsonValue : formValue),
          async (body) => expectCalmAnswer(await send(base, target, body, auth), what),
        ),
        { numRuns: runs },
      );
      // Bodies no form would send: broken JSON, wrong shapes, binary junk, a megabyte.
      for (const raw of [
        "{",
        "[]",
        "null",
        '"text"',
        "42",
        '{"__proto__":{"admin":true}}',
        "\u0000\u0001\u0002",
        "a=1&a=2&a=3",
        "x".repeat(1_000_000),
      ]) {
        await expectCalmAnswer(
          await send(base, target, raw, auth),
          `${what} with raw body ${raw.slice(0, 20)}`,
        );
      }
      // Every body under every content type a client may claim, a malformed multipart included.
      if (target.method === "POST") {
        for (const type of [
          "multipart/form-data; boundary=x",
          "multipart/form-data",
          "text/plain",
          "application/json",
          "application/x-www-form-urlencoded",
          "application/xml",
        ]) {
          for (const raw of [
            '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
            '{"a":1}',
            "a=1",
          ]) {
            const answer = await fetch(`${base}${target.path}`, {
              method: "POST",
              redirect: "manual",
              headers: { origin: base, "content-type": type, ...(target.staff ? auth : {}) },
              body: raw,
            });
            await expectCalmAnswer(answer, `${what} as ${type}`);
          }
        }
      }
    }

    await server.stop();
    const log = server.output();
    server = undefined;
    expect(log).toContain('"path":"/api/endpoints/submit_booking.php"');
    for (const secret of [
      credentials.ADMIN_PASSWORD,
      token,
      cookie.split("=")[1]!,
      "@example.com",
      "905-555-0100",
      "9055550100",
    ])
      expect(log, "the log").not.toContain(secret);
    expect(log).not.toMatch(/\n\s+at [\w$.<>]+ \(/);
    const handle = await openDatabase({ driver: "pglite", dir });
    try {
      const storedBookings = await handle.db.select().from(bookings);
      expect(storedBookings.length).toBeGreaterThan(0);
      for (const row of storedBookings.filter((booking) => booking.source === "walk_in")) {
        const parsed = walkInSchema.safeParse({
          firstName: row.firstName,
          lastName: row.lastName,
          phone: row.phone,
          email: row.email ?? "",
          deviceCategory: row.deviceCategory,
          deviceBrand: row.deviceBrand ?? "",
          deviceModel: row.deviceModel ?? "",
          issueType: row.issueType,
          issueDescription: row.issueDescription ?? "",
          quotedPrice: row.quotedPrice ?? "",
          deviceCondition: row.deviceCondition ?? "",
          accessories: row.accessories ?? "",
          passcode: row.passcodeWithheld ? "withheld" : "given",
          urgency: row.urgency,
          expectedDeliveryDate: row.expectedDeliveryDate ?? "",
          status: row.status,
          submissionKey: validWalkIn.submissionKey,
        });
        expect(parsed.error?.issues ?? [], `walk-in ${row.id}`).toEqual([]);
      }
      for (const row of storedBookings.filter((booking) => booking.source === "online")) {
        const parsed = bookingSchema.safeParse({
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          phone: row.phone,
          deviceCategory: row.deviceCategory,
          deviceBrand: row.deviceBrand ?? "",
          deviceModel: row.deviceModel ?? "",
          issueType: row.issueType,
          issueDescription: row.issueDescription ?? "",
          preferredDate: row.preferredDate,
          preferredTime: row.preferredTime,
          urgency: row.urgency,
          submissionKey: row.submissionKey,
        });
        expect(parsed.error?.issues ?? [], `booking ${row.id}`).toEqual([]);
      }
      for (const row of await handle.db.select().from(contactMessages)) {
        const parsed = contactSchema.safeParse({
          name: row.name,
          email: row.email,
          phone: row.phone ?? "",
          subject: row.subject ?? "",
          message: row.message,
          submissionKey: row.submissionKey,
        });
        expect(parsed.error?.issues ?? [], `message ${row.id}`).toEqual([]);
      }
      for (const row of await handle.db.select().from(repairItems)) {
        const parsed = repairItemSchema.safeParse({
          deviceCategory: row.category,
          brand: row.brand,
          series: row.series ?? "",
          model: row.model,
          issue: row.repair,
          price: row.price ?? row.priceLabel,
        });
        expect(parsed.error?.issues ?? [], `repair item ${row.id}`).toEqual([]);
      }
      for (const row of await handle.db.select().from(pageViewDays)) {
        expect(
          row.path.startsWith("/") && hasNoControlCharacters(row.path),
          `counted path ${JSON.stringify(row.path)}`,
        ).toBe(true);
        expect(row.views).toBeGreaterThan(0);
      }
      for (const row of await handle.db.select().from(webVitalSamples)) {
        expect(
          row.path.startsWith("/") && hasNoControlCharacters(row.path),
          `measured path ${JSON.stringify(row.path)}`,
        ).toBe(true);
        expect(Number.isFinite(row.value) && row.value >= 0, `vital ${row.id}`).toBe(true);
      }
    } finally {
      await handle.close();
    }
  } finally {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  }
});
