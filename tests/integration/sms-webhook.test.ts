import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox, smsInbound, smsOptOuts } from "../../db/schema";
import { loadSettings, parseSettings } from "~/server/env.server";
import { createMailTransport } from "~/server/mail-transport.server";
import { deliverAllDueMail } from "~/server/mail-worker.server";
import { updateRepairStatus } from "~/models/booking-changes.server";
import { repairDetailView } from "~/routes/repair-detail-view.server";
import { recentTexts, sendStaffText, textConversation } from "~/models/sms-conversation.server";
import { createSmsTransport, routedTransport } from "~/server/sms-transport.server";
import { twilioSignature, verifyTwilioSignature } from "~/models/sms-webhook.server";
import { action } from "~/routes/api.sms.incoming";
import { createTestStaff, insertBooking } from "../support/admin";
import { testOrigin, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { testMailSettings } from "../support/mail-settings";

const authToken = "webhook-test-token";
const webhookUrl = `${testOrigin}/api/sms/incoming`;

let handle: TestDatabase;
let staffId: number;
let sid = 0;
const nextSid = () => `SM${String((sid += 1)).padStart(32, "0")}`;

beforeAll(async () => {
  process.env.TWILIO_AUTH_TOKEN = authToken;
  loadSettings();
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "webhook-tester")).id;
});
afterAll(async () => {
  delete process.env.TWILIO_AUTH_TOKEN;
  loadSettings();
  await handle.drop();
});
beforeEach(async () => {
  await handle.db.delete(smsOptOuts);
});

const textFrom = (from: string, body: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    MessageSid: nextSid(),
    AccountSid: "AC0123456789",
    From: from,
    To: "+19055550199",
    Body: body,
    NumMedia: "0",
    ...extra,
  });

/** A webhook request as Twilio sends it; `signature` null leaves the header out. */
function webhook(
  params: URLSearchParams,
  signature: string | null = twilioSignature(authToken, webhookUrl, params),
  url = webhookUrl,
) {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (signature !== null) headers.set("x-twilio-signature", signature);
  return action(routeArgs(new Request(url, { method: "POST", headers, body: params.toString() })));
}

describe("Twilio's request signature", () => {
  it("matches the example of Twilio's documentation", () => {
    const params = new URLSearchParams({
      CallSid: "CA1234567890ABCDE",
      Caller: "+14158675309",
      Digits: "1234",
      From: "+14158675309",
      To: "+18005551212",
    });
    expect(twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe(
      "RSOYDt4T1cUTdK1PDd93/VVr8B8=",
    );
    expect(
      verifyTwilioSignature(
        "12345",
        "https://mycompany.com/myapp.php?foo=1&bar=2",
        params,
        "RSOYDt4T1cUTdK1PDd93/VVr8B8=",
      ),
    ).toBe(true);
    expect(
      verifyTwilioSignature(
        undefined,
        "https://mycompany.com/myapp.php?foo=1&bar=2",
        params,
        "RSOYDt4T1cUTdK1PDd93/VVr8B8=",
      ),
    ).toBe(false);
  });
});

describe(`the incoming-text webhook on ${testDriver}`, () => {
  it("accepts a signed text, files it under the customer's latest repair and answers with empty TwiML", async () => {
    await insertBooking(handle.db, { phone: "905-555-0300" });
    const latest = await insertBooking(handle.db, { phone: "(905) 555-0300" });
    const params = textFrom("+19055550300", "Is it ready yet?");
    const response = await webhook(params);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/xml");
    expect(await response.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    );
    const [stored] = await handle.db
      .select()
      .from(smsInbound)
      .where(eq(smsInbound.providerId, params.get("MessageSid")!));
    expect(stored).toMatchObject({
      fromPhone: "+19055550300",
      bookingId: latest.id,
      body: "Is it ready yet?",
    });
  });

  it("refuses a missing, wrong or replayed signature with 403 and stores nothing", async () => {
    const count = async () => (await handle.db.select().from(smsInbound)).length;
    const before = await count();
    const params = textFrom("+19055550301", "hello");
    expect((await webhook(params, null)).status).toBe(403);
    expect((await webhook(params, "")).status).toBe(403);
    expect(
      (await webhook(params, twilioSignature("another-token", webhookUrl, params))).status,
    ).toBe(403);
    // Signed for another address, or with the body changed after signing.
    expect(
      (
        await webhook(
          params,
          twilioSignature(authToken, "https://evil.example/api/sms/incoming", params),
        )
      ).status,
    ).toBe(403);
    const signed = twilioSignature(authToken, webhookUrl, params);
    const tampered = new URLSearchParams(params);
    tampered.set("Body", "STOP");
    expect((await webhook(tampered, signed)).status).toBe(403);
    expect(await count()).toBe(before);

    expect((await webhook(params, signed)).status).toBe(200);
    expect((await webhook(params, signed)).status).toBe(403);
    expect(await count()).toBe(before + 1);
  });

  it("honours STOP and START: no text goes to a stopped number, the repair page shows it, START turns texts back on", async () => {
    const booking = await insertBooking(handle.db, { phone: "905-555-0302", notifyBy: "sms" });
    expect((await webhook(textFrom("+19055550302", " Stop "))).status).toBe(200);
    expect(await handle.db.select().from(smsOptOuts)).toEqual([
      expect.objectContaining({ phone: "+19055550302" }),
    ]);
    expect((await repairDetailView(booking.id, testOrigin))!.repair.textsStopped).toBe(true);

    const noon = new Date("2026-06-15T16:00:00Z");
    const change = {
      status: "ready_for_pickup" as const,
      note: undefined,
      expectedDeliveryDate: undefined,
    };
    await updateRepairStatus(booking.id, change, staffId, {
      notifyCustomer: true,
      origin: testOrigin,
      now: noon,
    });
    const settings = testMailSettings({
      // Twilio configured but unreachable: a text that went out would fail, not be cancelled.
      sms: {
        ...parseSettings({}).sms,
        accountSid: "AC1",
        authToken: "t",
        from: "+19055550199",
        apiUrl: "https://twilio.invalid",
      },
      clock: () => noon,
    });
    await deliverAllDueMail(
      routedTransport(createMailTransport(settings), createSmsTransport(settings.sms)),
      settings,
    );
    const [text] = await handle.db.select().from(outbox).where(eq(outbox.bookingId, booking.id));
    expect(text).toMatchObject({ channel: "sms", status: "cancelled" });

    const started = await webhook(textFrom("+19055550302", "START"));
    expect(await started.text()).toContain("back on");
    expect(await handle.db.select().from(smsOptOuts)).toEqual([]);
    expect((await repairDetailView(booking.id, testOrigin))!.repair.textsStopped).toBe(false);
  });

  it("shows the customer's texts and the shop's answers on the repair as one conversation", async () => {
    const booking = await insertBooking(handle.db, { phone: "905-555-0305", notifyBy: "sms" });
    await webhook(textFrom("+19055550305", "Can I pick it up Saturday?"));
    await sendStaffText(
      booking.id,
      "Yes, we are open until 6 PM.",
      staffId,
      new Date("2026-06-15T16:00:00Z"),
    );
    const conversation = await textConversation(booking.id);
    expect(conversation.map((t) => [t.from, t.body, t.state])).toEqual([
      ["customer", "Can I pick it up Saturday?", null],
      ["shop", "WeFix: Yes, we are open until 6 PM.", "Pending"],
    ]);
    expect(
      (await recentTexts()).find((t) => t.body === "Can I pick it up Saturday?"),
    ).toMatchObject({ from: "(905) 555-0305", repair: { id: booking.id } });
    await webhook(textFrom("+19055550305", "STOP"));
    await expect(sendStaffText(booking.id, "Still there?", staffId)).rejects.toThrow(
      /replied STOP/,
    );
  });

  it("answers HELP with how to reach the shop", async () => {
    const response = await webhook(textFrom("+19055550303", "help"));
    const body = await response.text();
    expect(body).toContain("<Message>WeFix repair updates. Call (905) 555-0142");
    expect(body).toContain("Reply STOP");
  });

  it("refuses a signed request without the fields of a text with 400", async () => {
    expect((await webhook(new URLSearchParams({ Body: "hi" }))).status).toBe(400);
    expect(
      (await webhook(new URLSearchParams({ MessageSid: nextSid(), From: "<script>", Body: "hi" })))
        .status,
    ).toBe(400);
  });

  it("never answers hostile bodies with a 5xx, signed or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 300 })),
        fc.boolean(),
        fc.string(),
        async (fields, signed, from) => {
          const params = new URLSearchParams({ ...fields, MessageSid: nextSid(), From: from });
          const response = await webhook(
            params,
            signed ? twilioSignature(authToken, webhookUrl, params) : "forged",
          );
          expect([200, 400, 403]).toContain(response.status);
        },
      ),
      { numRuns: 60 },
    );
    // Raw bodies that are no form at all (broken escapes, bare separators, JSON) and any
    // signature header: refused, never a crash.
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.constantFrom(
            "%zz%",
            "&&&==&",
            "MessageSid=%E0%A4%A",
            '{"Body":"STOP"}',
            "=".repeat(500),
          ),
        ),
        fc.string({ maxLength: 60 }).filter((value) => !/[\r\n\0]/.test(value)),
        async (body, signature) => {
          const response = await action(
            routeArgs(
              new Request(webhookUrl, {
                method: "POST",
                headers: {
                  "content-type": "application/x-www-form-urlencoded",
                  "x-twilio-signature": signature,
                },
                body,
              }),
            ),
          );
          expect([400, 403]).toContain(response.status);
        },
      ),
      { numRuns: 60 },
    );
    const long = textFrom("+19055550304", `\u0000${"x".repeat(5000)}`);
    expect((await webhook(long)).status).toBe(200);
    const [stored] = await handle.db
      .select()
      .from(smsInbound)
      .where(eq(smsInbound.providerId, long.get("MessageSid")!));
    expect(stored!.body).toHaveLength(1600);
  });
});
