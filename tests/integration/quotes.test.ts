import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, bookingEvents, bookings, outbox, quotes } from "../../db/schema";
import { contact } from "~/config/shop";
import { outboxContent } from "~/mail/outbox-content.server";
import { answerQuote, createQuote, dashboardQuotes, QuoteRefused } from "~/models/quote.server";
import { repairDetailView } from "~/routes/repair-detail-view.server";
import { trackByToken } from "~/models/booking-tracking.server";
import { getToast } from "~/server/toast.server";
import { addDays, shopToday } from "~/utils/shop-time";
import { action as trackingPageAction } from "~/routes/track-repair_.$token";
import {
  action as oldAnswerPageAction,
  loader as oldAnswerPageLoader,
} from "~/routes/track-repair_.$token_.quote";
import { quoteSchema } from "~/schemas/quote";
import { createTestStaff, insertBooking } from "../support/admin";
import { testOrigin, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { responseOf, statusOf } from "../support/answers";
import { useSettings } from "../support/settings";
import { shopSettingsNow, updateShopSettings } from "~/models/shop-settings.server";

let handle: TestDatabase;
let staffId: number;
beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "quote-tester")).id;
});
afterAll(() => handle.drop());
beforeEach(async () => {
  await handle.db.delete(outbox);
});

const input = (overrides: Record<string, string> = {}) =>
  quoteSchema.parse({
    amount: "$189.5",
    covers: "Screen and battery replacement",
    validUntil: addDays(shopToday(), 7),
    ...overrides,
  });

async function quoted(overrides: Parameters<typeof insertBooking>[1] = {}) {
  const booking = await insertBooking(handle.db, { notifyBy: "both", ...overrides });
  const quote = (await createQuote(booking.id, input(), staffId, testOrigin))!;
  return { booking, quote };
}

const answerPost = (
  token: string,
  fields: Record<string, string>,
  answerAction = trackingPageAction,
  path = `/track-repair/${token}`,
) =>
  answerAction(
    routeArgs(
      new Request(`http://localhost${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      { token },
    ),
  );

/** The toast the answer's redirect carries to the tracking page. */
async function toastOf(response: Response) {
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie } }));
  return toast;
}

describe(`quotes on ${testDriver}`, () => {
  it("sends a recorded quote by the customer's channels with the tracking link, and notes it in the history", async () => {
    const { booking, quote } = await quoted();
    expect(quote).toMatchObject({ amount: "189.50", status: "pending", answeredAt: null });
    const messages = await handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.bookingId, booking.id))
      .orderBy(outbox.id);
    expect(messages.map((m) => [m.kind, m.channel])).toEqual([
      ["quote", "email"],
      ["quote", "sms"],
    ]);
    const link = `${testOrigin}/track-repair/${booking.trackingToken}`;
    expect(outboxContent(messages[0]!).text).toContain(link);
    expect(messages[1]!.textBody).toContain(link);
    expect(messages[1]!.textBody).toContain("$189.50");
    const events = await handle.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    expect(events.at(-1)!.note).toContain("$189.50 before tax for Screen and battery replacement");
    const [audit] = await handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "quote.create"), eq(auditEvents.entityId, booking.id)));
    expect(audit).toBeDefined();

    // The secret link shows it; a second quote waits for the answer to the first.
    expect((await trackByToken(booking.trackingToken))!.quote).toMatchObject({
      id: quote.id,
      amount: "$189.50 before tax",
      status: "pending",
      expired: false,
    });
    await expect(createQuote(booking.id, input(), staffId, testOrigin)).rejects.toBeInstanceOf(
      QuoteRefused,
    );
  });

  it("takes one answer only through the secret link: approval is recorded, leaves the status to staff and alerts the shop", async () => {
    const { booking, quote } = await quoted();
    const first = await answerQuote(booking.trackingToken, quote.id, "approve", testOrigin);
    expect(first).toMatchObject({ outcome: "answered", quote: { status: "approved" } });
    expect(first.outcome === "answered" && first.quote.answeredAt).toBeInstanceOf(Date);
    expect(await answerQuote(booking.trackingToken, quote.id, "decline", testOrigin)).toMatchObject(
      { outcome: "already_answered", quote: { status: "approved" } },
    );

    // Off by default: the repair stays Pending, the answer is still one change (decision 0039).
    const [after] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ status: "pending", version: booking.version + 1 });
    expect(after!.statusChangedAt).toEqual(booking.statusChangedAt);
    const history = (await trackByToken(booking.trackingToken))!.history;
    expect(history.at(-1)).toMatchObject({
      status: "pending",
      note: expect.stringContaining("You approved the quote"),
    });
    // Staff read the answer as the customer's, not as an unknown staff member's.
    expect((await repairDetailView(booking.id, testOrigin))!.history.at(-1)).toMatchObject({
      title: "Pending",
      by: "Customer (tracking link)",
    });
    const alerts = await handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, booking.id), eq(outbox.kind, "quote_answer")));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.recipient).toBe(contact.emails.repairs);
    expect(alerts[0]!.subject).toContain("Quote approved");
    expect(outboxContent(alerts[0]!).text).toMatch(/Repair status:?\s+Pending/);
    expect((await dashboardQuotes()).find((q) => q.id === quote.id)?.state).toMatch(/^Approved /);
  });

  it("moves a pending repair to In Progress on approval when the shop chose so", async () => {
    useSettings({ QUOTE_APPROVAL_STARTS_REPAIR: "on" });
    const { booking, quote } = await quoted();
    await answerQuote(booking.trackingToken, quote.id, "approve", testOrigin);
    const [after] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ status: "in_progress", version: booking.version + 1 });
    // The dashboard's row for the quote draws its status form at the repair as it is now.
    expect((await dashboardQuotes()).find((q) => q.id === quote.id)).toMatchObject({
      bookingId: booking.id,
      bookingStatus: "in_progress",
      version: booking.version + 1,
    });
    expect(after!.statusChangedAt.getTime()).toBeGreaterThan(booking.statusChangedAt.getTime());
    expect((await trackByToken(booking.trackingToken))!.history.at(-1)).toMatchObject({
      status: "in_progress",
      note: expect.stringContaining("You approved the quote"),
    });

    // A repair already past Pending, or a declined quote, keeps its status either way.
    const started = await quoted({ status: "waiting_parts" });
    await answerQuote(started.booking.trackingToken, started.quote.id, "approve", testOrigin);
    const declined = await quoted();
    await answerQuote(declined.booking.trackingToken, declined.quote.id, "decline", testOrigin);
    const statuses = await handle.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.id, [started.booking.id, declined.booking.id]))
      .orderBy(bookings.id);
    expect(statuses.map((row) => row.status)).toEqual(["waiting_parts", "pending"]);

    // Once the Settings page is saved, its choice counts, whatever the server started with.
    await updateShopSettings(
      { ...(await shopSettingsNow()), quoteApprovalStartsRepair: false },
      staffId,
      undefined,
    );
    const afterSettings = await quoted();
    await answerQuote(
      afterSettings.booking.trackingToken,
      afterSettings.quote.id,
      "approve",
      testOrigin,
    );
    const [kept] = await handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, afterSettings.booking.id));
    expect(kept!.status).toBe("pending");
  });

  it("settles racing answers to one, keeps the status on a decline, and refuses other tokens and expired quotes", async () => {
    const { booking, quote } = await quoted({ status: "waiting_parts" });
    const answers = await Promise.all([
      answerQuote(booking.trackingToken, quote.id, "decline", testOrigin),
      answerQuote(booking.trackingToken, quote.id, "approve", testOrigin),
      answerQuote(booking.trackingToken, quote.id, "approve", testOrigin),
    ]);
    expect(answers.filter((a) => a.outcome === "answered")).toHaveLength(1);
    const [stored] = await handle.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(stored!.answeredAt).not.toBeNull();

    const other = await quoted();
    expect(await answerQuote(booking.trackingToken, other.quote.id, "approve", testOrigin)).toEqual(
      { outcome: "not_found" },
    );
    expect(
      await answerQuote(
        other.booking.trackingToken,
        other.quote.id,
        "approve",
        testOrigin,
        new Date(Date.now() + 30 * 86_400_000),
      ),
    ).toEqual({ outcome: "expired" });
    const declined = await quoted();
    await answerQuote(declined.booking.trackingToken, declined.quote.id, "decline", testOrigin);
    const [unchanged] = await handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, declined.booking.id));
    expect(unchanged!.status).toBe("pending");
  });

  it("answers the tracking page's form with a redirect back to it; a second answer is refused with a clear message", async () => {
    const { booking, quote } = await quoted();
    const fields = (answer: string) => ({ quoteId: String(quote.id), answer });
    const response = responseOf(await answerPost(booking.trackingToken, fields("decline")));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/track-repair/${booking.trackingToken}`);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      description: "You declined the quote. We'll be in touch about your device.",
    });

    const again = responseOf(await answerPost(booking.trackingToken, fields("approve")));
    expect(again.status).toBe(303);
    expect(await toastOf(again)).toMatchObject({
      type: "destructive",
      description: expect.stringMatching(
        /^This quote was already declined \(.+\)\. Only the first answer counts; please call us to change it\.$/,
      ),
    });
    const twice = responseOf(await answerPost(booking.trackingToken, fields("decline")));
    expect(await toastOf(twice)).toMatchObject({
      type: "success",
      description: expect.stringMatching(/^You already declined this quote \(.+\)\.$/),
    });
    expect((await trackByToken(booking.trackingToken))!.quote!.status).toBe("declined");

    const status = async (token: string, fields: Record<string, string>) =>
      statusOf(await answerPost(token, fields).catch((thrown: unknown) => thrown));
    expect(
      await status(booking.trackingToken, { quoteId: String(quote.id), answer: "maybe" }),
    ).toBe(400);
    expect(await status(booking.trackingToken, { quoteId: "x", answer: "approve" })).toBe(400);
    expect(
      await status("not-a-real-token-at-all-00000", {
        quoteId: String(quote.id),
        answer: "approve",
      }),
    ).toBe(404);
  });

  it("keeps the answer page that earlier messages link to: it leads to the quote section and still takes an answer", async () => {
    const { booking, quote } = await quoted();
    const token = booking.trackingToken;
    const page = responseOf(
      await oldAnswerPageLoader(
        routeArgs(new Request(`http://localhost/track-repair/${token}/quote`), { token }),
      ),
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/track-repair/${token}#quote`);
    const answered = responseOf(
      await answerPost(
        token,
        { quoteId: String(quote.id), answer: "approve" },
        oldAnswerPageAction,
        `/track-repair/${token}/quote`,
      ),
    );
    expect(answered.headers.get("location")).toBe(`/track-repair/${token}`);
    expect((await trackByToken(token))!.quote!.status).toBe("approved");
  });
});
