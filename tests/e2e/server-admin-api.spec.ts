import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { staffSessions } from "../../db/schema";
import { admin, apiToken, uniqueName } from "./support/admin";
import { bookViaApi } from "./support/api";
import { serverStartMs, startServer } from "./support/server-process";
import { cannedNotes } from "~/utils/canned-notes";

type Endpoint = { method: "GET" | "POST"; path: string; body?: unknown };

/** Every protected legacy admin endpoint, called as a valid client would call it. */
const protectedEndpoints: Endpoint[] = [
  { method: "POST", path: "/api/admin/logout.php" },
  { method: "GET", path: "/api/admin/get_bookings_by_category.php" },
  { method: "GET", path: "/api/admin/get_bookings_by_brand.php" },
  { method: "GET", path: "/api/admin/get_bookings_by_issue.php" },
  { method: "GET", path: "/api/admin/get_bookings.php?_=1700000000000" },
  { method: "GET", path: "/api/admin/get_repair_items.php" },
  {
    method: "POST",
    path: "/api/admin/add_repair_item.php",
    body: {
      deviceCategory: "watch",
      brand: "Auth",
      model: "Never Stored",
      issue: "Strap",
      price: 10,
    },
  },
  {
    method: "POST",
    path: "/api/admin/update_repair_item.php?id=1",
    body: {
      deviceCategory: "watch",
      brand: "Auth",
      model: "Never Stored",
      issue: "Strap",
      price: 10,
    },
  },
  { method: "POST", path: "/api/admin/delete_repair_item.php?id=1" },
  { method: "POST", path: "/api/admin/update_booking.php", body: { id: 1, status: "cancelled" } },
];

function call(baseURL: string, endpoint: Endpoint, authorization?: string) {
  return fetch(`${baseURL}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(endpoint.body ? { "content-type": "application/json" } : {}),
    },
    body: endpoint.body ? JSON.stringify(endpoint.body) : undefined,
  });
}

/** Every endpoint answers exactly the legacy 401 for this Authorization header. */
async function expectUnauthorizedEverywhere(
  baseURL: string,
  authorization: string | undefined,
  label: string,
) {
  for (const endpoint of protectedEndpoints) {
    const response = await call(baseURL, endpoint, authorization);
    expect(`${label} ${endpoint.method} ${endpoint.path}: ${response.status}`).toBe(
      `${label} ${endpoint.method} ${endpoint.path}: 401`,
    );
    expect(await response.json()).toEqual({ success: false, message: "Unauthorized" });
    expect(response.headers.get("cache-control")).toContain("no-store");
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe("legacy admin endpoints over HTTP", () => {
  let token: string;
  test.beforeAll(async ({ request }) => {
    token = await apiToken(request);
  });

  test("login.php: a bearer token and the user; 401 for wrong credentials, 422 without them, 405 for GET", async ({
    request,
  }) => {
    const ok = await request.post("/api/admin/login.php", { data: admin });
    expect(ok.status()).toBe(200);
    const body = await ok.json();
    expect(body).toEqual({
      success: true,
      message: expect.any(String),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { id: expect.any(Number), username: admin.username },
    });

    for (const data of [
      { username: admin.username, password: "wrong-password" },
      { username: "no-such-user", password: admin.password },
    ]) {
      const wrong = await request.post("/api/admin/login.php", { data });
      expect(wrong.status()).toBe(401);
      expect(await wrong.json()).toEqual({
        success: false,
        message: "Invalid username or password.",
      });
    }
    const missing = await request.post("/api/admin/login.php", { data: { username: "" } });
    expect(missing.status()).toBe(422);
    expect(Object.keys((await missing.json()).errors).sort()).toEqual(["password", "username"]);
    expect((await request.get("/api/admin/login.php")).status()).toBe(405);
  });

  test("every endpoint refuses a missing, malformed or forged token with 401", async ({
    baseURL,
  }) => {
    await expectUnauthorizedEverywhere(baseURL!, undefined, "missing");
    await expectUnauthorizedEverywhere(baseURL!, "Bearer", "empty");
    await expectUnauthorizedEverywhere(
      baseURL!,
      `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString("base64")}`,
      "basic",
    );
    await expectUnauthorizedEverywhere(
      baseURL!,
      `Bearer ${randomBytes(32).toString("base64url")}`,
      "forged",
    );
    await expectUnauthorizedEverywhere(baseURL!, `Bearer ${token}x`, "altered");
  });

  test("logout.php revokes the token: every endpoint refuses it afterwards", async ({
    request,
    baseURL,
  }) => {
    const ownToken = await apiToken(request);
    const before = await request.get("/api/admin/get_repair_items.php", {
      headers: bearer(ownToken),
    });
    expect(before.status()).toBe(200);
    const out = await request.post("/api/admin/logout.php", { headers: bearer(ownToken) });
    expect(out.status()).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    await expectUnauthorizedEverywhere(baseURL!, `Bearer ${ownToken}`, "revoked");
    // Another session of the same account is untouched.
    expect(
      (await request.get("/api/admin/get_repair_items.php", { headers: bearer(token) })).status(),
    ).toBe(200);
  });

  test("get_bookings_by_*.php: rows of a label and a numeric count", async ({ request }) => {
    const issue = uniqueName("Contract issue");
    await bookViaApi(request, {
      issueType: issue,
      deviceBrand: "Fairphone",
      deviceCategory: "mobile",
    });
    const rowsOf = async (name: string) => {
      const response = await request.get(`/api/admin/get_bookings_by_${name}.php`, {
        headers: bearer(token),
      });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toContain("no-store");
      return (await response.json()) as Record<string, unknown>[];
    };
    const byIssue = await rowsOf("issue");
    expect(byIssue).toContainEqual({ issue_type: issue, count: 1 });
    const byCategory = await rowsOf("category");
    expect(byCategory.find((row) => row.device_category === "Mobile Repair Service")).toEqual({
      device_category: "Mobile Repair Service",
      count: expect.any(Number),
    });
    const byBrand = await rowsOf("brand");
    expect(
      byBrand.every((row) => typeof row.device_brand === "string" && typeof row.count === "number"),
    ).toBe(true);
    expect(byBrand.find((row) => row.device_brand === "Fairphone")?.count).toBeGreaterThanOrEqual(
      1,
    );
  });

  test("get_bookings.php: the full legacy booking shape, date and status filters in any spelling, no-store", async ({
    request,
  }) => {
    const booked = await bookViaApi(request, { issueType: uniqueName("Filter issue") });
    const get = (query: string) =>
      request.get(`/api/admin/get_bookings.php${query}`, { headers: bearer(token) });

    const all = await get("?_=1700000000000");
    expect(all.status()).toBe(200);
    expect(all.headers()["cache-control"]).toContain("no-store");
    const body = await all.json();
    expect(body).toMatchObject({
      success: true,
      total_bookings: expect.any(Number),
      bookings: expect.any(Array),
    });
    const row = body.bookings.find((b: { id: number }) => b.id === booked.id);
    expect(row).toEqual({
      id: booked.id,
      tracking_id: booked.reference,
      customer_name: "Sam Tremblay",
      phone_number: booked.phone,
      email: "sam.tremblay@example.com",
      device_category: "Laptop Repair",
      device_brand: "Apple",
      device_model: "MacBook Air 13-inch (M1, 2020)",
      issue_type: expect.stringMatching(/^Filter issue /),
      issue_description: "Several keys stopped working after a spill.",
      preferred_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      preferred_time: "11:00",
      urgency: "urgent",
      status: "pending",
      internal_notes: null,
      expectedDeliveryDate: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      version: 1,
    });

    // The shop's day the booking was made on, from its own record: a day that turned since then
    // must not move the filter.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
      new Date(row.created_at),
    );
    const todays = await (await get(`?start_date=${today}&end_date=${today}`)).json();
    expect(todays.bookings.some((b: { id: number }) => b.id === booked.id)).toBe(true);
    expect(todays.total_bookings).toBeGreaterThanOrEqual(1);
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before = await (await get(`?start_date=${yesterday}&end_date=${yesterday}`)).json();
    expect(before.bookings.some((b: { id: number }) => b.id === booked.id)).toBe(false);

    await request.post("/api/admin/update_booking.php", {
      headers: bearer(token),
      data: { id: booked.id, status: "in_progress" },
    });
    for (const status of ["In Progress", "in_progress", "IN-PROGRESS", "in progress"]) {
      const filtered = await (await get(`?status=${encodeURIComponent(status)}`)).json();
      expect(filtered.bookings.every((b: { status: string }) => b.status === "in_progress")).toBe(
        true,
      );
      expect(filtered.bookings.some((b: { id: number }) => b.id === booked.id)).toBe(true);
      expect(filtered.total_bookings).toBeGreaterThanOrEqual(1);
    }
    const completed = await (await get("?status=Completed")).json();
    expect(completed.bookings.every((b: { status: string }) => b.status === "completed")).toBe(
      true,
    );

    await bookViaApi(request); // a second booking, whichever tests ran before this one
    const paged = await (await get("?limit=1&offset=0")).json();
    expect(paged.bookings).toHaveLength(1);
    expect(paged.total_bookings).toBeGreaterThan(1);

    expect((await get("?status=on_fire")).status()).toBe(422);
    expect((await get("?start_date=2026-13-45")).status()).toBe(422);
    expect(
      (await request.post("/api/admin/get_bookings.php", { headers: bearer(token) })).status(),
    ).toBe(405);
  });

  test("repair items: add (title or slug), list, update and delete; 404 for unknown ids, 422 with field errors, 409 for a duplicate", async ({
    request,
  }) => {
    const model = uniqueName("Contract Model");
    const payload = {
      deviceCategory: "Gaming Console Repair",
      brand: "Nintendo",
      series: "Switch",
      model,
      issue: "Joy-Con Drift",
      price: 49.99,
    };
    const added = await request.post("/api/admin/add_repair_item.php", {
      headers: bearer(token),
      data: payload,
    });
    expect(added.status()).toBe(201);
    const { id, success } = await added.json();
    expect(success).toBe(true);
    expect(id).toEqual(expect.any(Number));

    const duplicate = await request.post("/api/admin/add_repair_item.php", {
      headers: bearer(token),
      data: { ...payload, deviceCategory: "console" },
    });
    expect(duplicate.status()).toBe(409);
    expect((await duplicate.json()).success).toBe(false);

    const list = async () => {
      const response = await request.get("/api/admin/get_repair_items.php", {
        headers: bearer(token),
      });
      expect(response.headers()["cache-control"]).toContain("no-store");
      const body = await response.json();
      expect(body.success).toBe(true);
      return body.repair_items as Record<string, unknown>[];
    };
    expect((await list()).find((item) => item.id === id)).toEqual({
      id,
      deviceCategory: "Gaming Console Repair",
      brand: "Nintendo",
      series: "Switch",
      model,
      issue: "Joy-Con Drift",
      price: 49.99,
      priceLabel: null,
      version: 1,
    });

    const updated = await request.post(`/api/admin/update_repair_item.php?id=${id}`, {
      headers: bearer(token),
      data: {
        deviceCategory: "console",
        brand: "Nintendo",
        model,
        issue: "Joy-Con Drift",
        price: "Call For Price",
      },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toEqual({ success: true, version: 2 });
    expect((await list()).find((item) => item.id === id)).toMatchObject({
      series: null,
      price: null,
      priceLabel: "Call For Price",
    });

    const invalid = await request.post(`/api/admin/update_repair_item.php?id=${id}`, {
      headers: bearer(token),
      data: { deviceCategory: "fridge", brand: "", price: "cheap" },
    });
    expect(invalid.status()).toBe(422);
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual([
      "brand",
      "deviceCategory",
      "issue",
      "model",
    ]);
    const invalidAdd = await request.post("/api/admin/add_repair_item.php", {
      headers: bearer(token),
      data: { ...payload, model: uniqueName("M"), price: -3 },
    });
    expect(invalidAdd.status()).toBe(422);
    expect((await invalidAdd.json()).errors.price).toEqual([
      "Please enter a price like 129.99, or choose Call For Price.",
    ]);

    const missing = await request.post("/api/admin/update_repair_item.php?id=99999999", {
      headers: bearer(token),
      data: payload,
    });
    expect(missing.status()).toBe(404);
    expect(
      (
        await request.post("/api/admin/update_repair_item.php?id=abc", {
          headers: bearer(token),
          data: payload,
        })
      ).status(),
    ).toBe(404);

    const deleted = await request.post(`/api/admin/delete_repair_item.php?id=${id}`, {
      headers: bearer(token),
    });
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
    expect((await list()).some((item) => item.id === id)).toBe(false);
    expect(
      (
        await request.post(`/api/admin/delete_repair_item.php?id=${id}`, { headers: bearer(token) })
      ).status(),
    ).toBe(404);

    const malformed = await request.post("/api/admin/add_repair_item.php", {
      headers: { ...bearer(token), "content-type": "application/json" },
      data: Buffer.from("{oops"),
    });
    expect(malformed.status()).toBe(400);
  });

  test("update_booking.php: applies only status, note and delivery date; canned note when none is sent; 422 and 404", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const update = (data: Record<string, unknown>) =>
      request.post("/api/admin/update_booking.php", { headers: bearer(token), data });
    const fetchRow = async () => {
      const body = await (
        await request.get(`/api/admin/get_bookings.php?start_date=2000-01-01`, {
          headers: bearer(token),
        })
      ).json();
      return body.bookings.find((b: { id: number }) => b.id === booked.id);
    };

    // What the old edit dialog sends: the whole booking, most of it to be ignored.
    const full = await update({
      id: booked.id,
      tracking_id: "WF-99999",
      customer_name: "Someone Else",
      phone_number: "000",
      email: "changed@example.com",
      device_brand: "Laptop Repair",
      device_model: "Changed",
      issue_description: "Changed",
      status: "Waiting for Parts",
      internal_notes: "Screen ordered from the supplier.",
      expectedDeliveryDate: "2030-02-01",
    });
    expect(full.status()).toBe(200);
    expect(await full.json()).toEqual({ success: true, customer_notified: true });
    expect(await fetchRow()).toMatchObject({
      customer_name: "Sam Tremblay",
      email: "sam.tremblay@example.com",
      device_model: "MacBook Air 13-inch (M1, 2020)",
      status: "waiting_parts",
      internal_notes: "Screen ordered from the supplier.",
      expectedDeliveryDate: "2030-02-01",
    });

    expect((await update({ id: String(booked.id), status: "completed" })).status()).toBe(200);
    expect(await fetchRow()).toMatchObject({
      status: "completed",
      internal_notes: cannedNotes.completed,
      expectedDeliveryDate: "2030-02-01",
    });
    expect((await update({ id: booked.id, status: "ready_for_pickup" })).status()).toBe(200);
    expect(await fetchRow()).toMatchObject({
      status: "ready_for_pickup",
      internal_notes: cannedNotes.ready_for_pickup,
    });

    const track = await (
      await request.get(`/api/endpoints/track_repair.php?repairId=${booked.reference}`)
    ).json();
    expect(track.booking.history.map((h: { status: string }) => h.status)).toEqual([
      "pending",
      "waiting_parts",
      "completed",
      "ready_for_pickup",
    ]);

    const unknownStatus = await update({ id: booked.id, status: "on_fire" });
    expect(unknownStatus.status()).toBe(422);
    expect((await unknownStatus.json()).errors.status).toEqual(["Please choose a repair status."]);
    expect(
      (
        await update({ id: booked.id, status: "pending", expectedDeliveryDate: "tomorrow" })
      ).status(),
    ).toBe(422);
    expect((await update({ status: "pending" })).status()).toBe(422);
    const unknownId = await update({ id: 99_999_999, status: "pending" });
    expect(unknownId.status()).toBe(404);
    expect(await unknownId.json()).toEqual({
      success: false,
      message: "Repair request not found.",
    });
  });
});

test.describe("expired tokens", () => {
  test("a token past its 12 hours, or idle for over an hour, is refused by every endpoint", async () => {
    // Two server starts on a PGlite folder, with the database edited in between.
    test.setTimeout(2 * serverStartMs + 60_000);
    const root = await mkdtemp(path.join(os.tmpdir(), "wefix-admin-api-"));
    const dir = path.join(root, "pglite");
    const credentials = { username: "expiry-admin", password: "expiry-password-long" };
    const env = {
      PGLITE_DIR: dir,
      ADMIN_USERNAME: credentials.username,
      ADMIN_PASSWORD: credentials.password,
      LOG_LEVEL: "silent",
    };
    const login = async (url: string) => {
      const response = await fetch(`${url}/api/admin/login.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(credentials),
      });
      return ((await response.json()) as { token: string }).token;
    };
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    try {
      const first = await startServer(env);
      const pastAbsolute = await login(first.url);
      const idle = await login(first.url);
      expect(await first.stop()).toBe(0);

      // Age the two sessions in the database, as twelve hours and one idle hour would.
      const handle = await openDatabase({ driver: "pglite", dir });
      await handle.db
        .update(staffSessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(staffSessions.tokenHash, sha256(pastAbsolute)));
      await handle.db
        .update(staffSessions)
        .set({ lastSeenAt: sql`now() - interval '61 minutes'` })
        .where(eq(staffSessions.tokenHash, sha256(idle)));
      await handle.close();

      const second = await startServer(env);
      try {
        await expectUnauthorizedEverywhere(second.url, `Bearer ${pastAbsolute}`, "expired");
        await expectUnauthorizedEverywhere(second.url, `Bearer ${idle}`, "idle");
        const fresh = await login(second.url);
        expect(
          (await fetch(`${second.url}/api/admin/get_repair_items.php`, { headers: bearer(fresh) }))
            .status,
        ).toBe(200);
      } finally {
        expect(await second.stop()).toBe(0);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

test("admin forms refuse changes another site makes the browser send, even with a valid session", async ({
  baseURL,
  request,
}) => {
  const login = await fetch(`${baseURL}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(admin),
  });
  expect(login.status).toBe(303);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const model = uniqueName("Cross-site");
  const post = (headers: Record<string, string>) =>
    fetch(`${baseURL}/admin/repair-items/new`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({
        deviceCategory: "watch",
        brand: "Evil",
        model,
        issue: "Strap",
        price: "1",
      }),
    });
  expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
  expect((await post({ "sec-fetch-site": "same-site" })).status).toBe(403);
  // A foreign Origin without Sec-Fetch-Site (older browsers): the router refuses it first.
  expect((await post({ origin: "https://evil.example" })).status).toBeGreaterThanOrEqual(400);
  const own = await post({ "sec-fetch-site": "same-origin", origin: new URL(baseURL!).origin });
  expect(own.status).toBe(303);
  // To the list showing the new entry.
  expect(own.headers.get("location")).toMatch(
    /^\/admin\/repair-items\?category=watch&brand=Evil&highlight=\d+#item-\d+$/,
  );

  const token = await apiToken(request);
  const items = await (
    await request.get("/api/admin/get_repair_items.php", { headers: bearer(token) })
  ).json();
  const stored = items.repair_items.filter((item: { model: string }) => item.model === model);
  expect(stored).toHaveLength(1);
  // The shared server's public price list is other specs' to read: the entry goes again.
  const removed = await request.post(`/api/admin/delete_repair_item.php?id=${stored[0].id}`, {
    headers: bearer(token),
  });
  expect(removed.status()).toBe(200);
});

test("login.php is rate limited per address", async () => {
  const server = await startServer({
    PGLITE_DIR: "memory://",
    RATE_LIMIT_LOGIN_PER_MIN: "2",
    LOG_LEVEL: "silent",
  });
  try {
    const attempt = () =>
      fetch(`${server.url}/api/admin/login.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "lifecycle", password: "wrong-password" }),
      });
    const statuses = [(await attempt()).status, (await attempt()).status];
    const limited = await attempt();
    expect([...statuses, limited.status]).toEqual([401, 401, 429]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  } finally {
    expect(await server.stop()).toBe(0);
  }
});
