import { expect, test } from "@playwright/test";
import { bookingPayload, bookViaApi } from "./support/api";
import { nextWeekday } from "./support/booking";
import { startServer } from "./support/server-process";

test.describe("legacy JSON endpoints", () => {
  test("submit_booking.php: 201 with id and reference; an Idempotency-Key replays the first result", async ({
    request,
  }) => {
    const payload = bookingPayload();
    const headers = { "Idempotency-Key": `contract-${Date.now()}-abcdef` };
    const first = await request.post("/api/endpoints/submit_booking.php", {
      data: payload,
      headers,
    });
    expect(first.status()).toBe(201);
    const body = await first.json();
    expect(body).toEqual({
      success: true,
      id: expect.any(Number),
      reference: `WF-${String(body.id).padStart(5, "0")}`,
    });

    const again = await request.post("/api/endpoints/submit_booking.php", {
      data: payload,
      headers,
    });
    expect(again.status()).toBe(201);
    expect(await again.json()).toEqual(body);

    const changed = await request.post("/api/endpoints/submit_booking.php", {
      data: { ...payload, firstName: "Other" },
      headers,
    });
    expect(changed.status()).toBe(422);
  });

  test("submit_booking.php: 400 for malformed JSON, 422 with field errors, 413 over 64 KB, 405 for GET", async ({
    request,
  }) => {
    const malformed = await request.post("/api/endpoints/submit_booking.php", {
      data: Buffer.from("{not json"),
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, message: "Malformed JSON body." });

    const invalid = await request.post("/api/endpoints/submit_booking.php", {
      data: bookingPayload({ email: "nope", preferredTime: "3:00 AM" }),
    });
    expect(invalid.status()).toBe(422);
    const errors = (await invalid.json()).errors;
    expect(errors.email).toEqual(["Please enter a valid e-mail address."]);
    expect(errors.preferredTime).toEqual(["Please choose one of the listed times."]);

    const huge = await request.post("/api/endpoints/submit_booking.php", {
      data: bookingPayload({ issueDescription: "x".repeat(70_000) }),
    });
    expect(huge.status()).toBe(413);

    expect((await request.get("/api/endpoints/submit_booking.php")).status()).toBe(405);
    expect((await request.delete("/api/endpoints/send_contact_message.php")).status()).toBe(405);
  });

  test("send_contact_message.php: 201 on success, 422 on missing fields", async ({ request }) => {
    const ok = await request.post("/api/endpoints/send_contact_message.php", {
      data: {
        name: "Lee",
        email: "lee@example.com",
        phone: "",
        subject: "feedback",
        message: "Great service!",
      },
    });
    expect(ok.status()).toBe(201);
    expect(await ok.json()).toEqual({ success: true });
    const missing = await request.post("/api/endpoints/send_contact_message.php", {
      data: { name: "", email: "lee@example.com" },
    });
    expect(missing.status()).toBe(422);
    expect(Object.keys((await missing.json()).errors).sort()).toEqual(["message", "name"]);
  });

  test("track_repair.php: no personal field by ID or phone alone, no reference or id by phone alone, the customer's with both, 404 alike for unknown and mismatched, 400 without parameters", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const personal = ["firstName", "lastName", "email", "phone", "issueDescription"];
    for (const query of [
      `repairId=${booked.reference}`,
      `phoneNumber=${encodeURIComponent(booked.phone)}`,
    ]) {
      const limited = await request.get(`/api/endpoints/track_repair.php?${query}`);
      expect(limited.status()).toBe(200);
      const body = await limited.json();
      expect(body.booking).toMatchObject({
        status: "pending",
        deviceCategory: "Laptop Repair",
        internalNotes: null,
      });
      for (const field of personal) expect(body.booking).not.toHaveProperty(field);
      const text = JSON.stringify(body);
      if (query.startsWith("repairId"))
        expect(body.booking).toMatchObject({ id: booked.id, reference: booked.reference });
      else {
        // The reference is the second factor: a phone alone never gets it, nor the id, nor the
        // day the repair came in, which would narrow the sequential reference to a few. The only
        // date is the appointment still to come (decision 0057).
        expect(body.booking).not.toHaveProperty("id");
        expect(body.booking).not.toHaveProperty("submissionDate");
        expect(text).not.toContain("WF-");
        expect(new Set(text.match(/\d{4}-\d{2}-\d{2}/g))).toEqual(new Set([nextWeekday(5)]));
      }
      for (const trace of [
        "Sam",
        "Tremblay",
        "T.",
        "@",
        "Several keys",
        booked.phone.slice(-4),
        "***",
      ])
        expect(text).not.toContain(trace);
    }

    const full = await (
      await request.get(
        `/api/endpoints/track_repair.php?repairId=${booked.id}&phoneNumber=${encodeURIComponent(booked.phone)}`,
      )
    ).json();
    expect(full.booking).toMatchObject({
      firstName: "Sam",
      lastName: "Tremblay",
      email: "sam.tremblay@example.com",
      issueDescription: "Several keys stopped working after a spill.",
      internalNotes: null,
      expectedDeliveryDate: null,
    });
    expect(full.booking.history).toEqual([
      expect.objectContaining({ status: "pending", label: "Received" }),
    ]);

    const missing = await request.get("/api/endpoints/track_repair.php?repairId=WF-99999");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({
      success: false,
      message: "Repair not found. Please check the ID/Phone Number and try again.",
    });
    const mismatch = await request.get(
      `/api/endpoints/track_repair.php?repairId=${booked.reference}&phoneNumber=905-555-0100`,
    );
    expect([mismatch.status(), await mismatch.text()]).toEqual([404, await missing.text()]);
    expect((await request.get("/api/endpoints/track_repair.php")).status()).toBe(400);
  });
});

test("rate limits: tracking answers 429 with Retry-After past the limit, booking too", async () => {
  const server = await startServer({
    PGLITE_DIR: "memory://",
    RATE_LIMIT_TRACK_PER_MIN: "3",
    RATE_LIMIT_SUBMIT_PER_MIN: "2",
  });
  try {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${server.url}/api/endpoints/track_repair.php?repairId=1`);
      statuses.push(response.status);
      retryAfter = response.headers.get("retry-after");
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    const submit = () =>
      fetch(`${server.url}/api/endpoints/send_contact_message.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Flood", email: "flood@example.com", message: "Hello" }),
      }).then((r) => r.status);
    expect([await submit(), await submit(), await submit()]).toEqual([201, 201, 429]);
  } finally {
    expect(await server.stop()).toBe(0);
  }
});

test("failed lookups: past RATE_LIMIT_TRACK_FAILURES_PER_HOUR both doors refuse with 429 and Retry-After; lookups by one factor count, the reference with its phone does not", async () => {
  const server = await startServer({
    PGLITE_DIR: "memory://",
    RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "3",
  });
  try {
    const json = (query: string) => fetch(`${server.url}/api/endpoints/track_repair.php?${query}`);
    const form = (fields: Record<string, string>) =>
      fetch(`${server.url}/track-repair`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin: server.url },
      });
    const payload = bookingPayload();
    const booked = await (
      await fetch(`${server.url}/api/endpoints/submit_booking.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
      })
    ).json();
    const phone = encodeURIComponent(String(payload.phone));
    for (let i = 0; i < 4; i++)
      expect((await json(`repairId=${booked.reference}&phoneNumber=${phone}`)).status).toBe(200);

    expect((await json("repairId=WF-99991")).status).toBe(404);
    expect((await form({ repairId: "WF-99992" })).status).toBe(404);
    expect((await json(`phoneNumber=${phone}`)).status).toBe(200);

    const refusedJson = await json(`repairId=${booked.reference}`);
    expect(refusedJson.status).toBe(429);
    expect(Number(refusedJson.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await refusedJson.json()).message).toMatch(
      /^Too many lookups from your connection\. .*wait \d+ minutes/,
    );

    const refusedPage = await form({ repairId: booked.reference });
    expect(refusedPage.status).toBe(429);
    expect(Number(refusedPage.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await refusedPage.text()).toContain("Too many lookups from your connection.");
  } finally {
    expect(await server.stop()).toBe(0);
  }
});
