import { count, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { auditEvents, bookingEvents, bookings, outbox } from "../../db/schema";
import { bookingReference } from "~/utils/booking-reference";
import { publicOrigin } from "~/server/env.server";
import { outboxContent } from "~/mail/outbox-content.server";
import { addDays, shopToday } from "~/utils/shop-time";
import { trackByToken } from "~/models/booking-tracking.server";
import { action as walkInAction } from "~/routes/admin.repairs_.new";
import { loader as labelLoader } from "~/routes/admin_.repairs.$id.label";
import { loader as ticketLoader } from "~/routes/admin_.repairs.$id.ticket";
import { action as loginAction } from "~/routes/admin_.login";
import { parseQuote } from "~/schemas/intake";
import { invoiceOfBooking, invoiceWithItems } from "~/models/invoice.server";
import { cookiesFrom, createTestStaff, insertBooking, staffPassword } from "../support/admin";
import { formPost, freshKey, testContext, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { replyOf, responseOf, statusOf, thrownBy } from "../support/answers";

let handle: TestDatabase;
let staff: { id: number; username: string };
let cookie: string;

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await createTestStaff(handle.db, "counter-tester");
  const response = responseOf(
    await loginAction(
      routeArgs(formPost("/admin/login", { username: staff.username, password: staffPassword })),
    ),
  );
  cookie = cookiesFrom(response);
});
afterAll(() => handle.drop());

const walkIn = (overrides: Record<string, string> = {}) => ({
  firstName: "Maria",
  lastName: "Santos",
  phone: "905 555 0199",
  email: "",
  deviceCategory: "mobile",
  deviceBrand: "Samsung",
  deviceModel: "Galaxy S21",
  issueType: "Screen Repair",
  issueDescription: "Dropped it; touch works.",
  quotedPrice: "129",
  deviceCondition: "cracked back, scratches",
  accessories: "charger, case",
  passcode: "withheld",
  urgency: "urgent",
  expectedDeliveryDate: addDays(shopToday(), 2),
  status: "in_progress",
  submissionKey: freshKey(),
  ...overrides,
});

function post(fields: Record<string, string>, clientIp?: string) {
  const request = formPost("/admin/repairs/new", fields);
  request.headers.set("cookie", cookie);
  return walkInAction(routeArgs(request, {}, testContext(clientIp)));
}

const asStaff = (url: string) => {
  const request = new Request(`http://localhost${url}`);
  request.headers.set("cookie", cookie);
  return request;
};

async function bookingFrom(answer: unknown) {
  const location = responseOf(answer).headers.get("location") ?? "";
  const id = Number(/^\/admin\/repairs\/(\d+)\/print$/.exec(location)?.[1]);
  const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

const bookingCount = async () => (await handle.db.select({ n: count() }).from(bookings))[0]!.n;

describe("the walk-in quote", () => {
  it("takes dollars with at most two decimals, from 0 to 99,999.99", () => {
    expect(["129", "129.5", "$1,299.99", "0", "99999.99"].map(parseQuote)).toEqual([
      "129.00",
      "129.50",
      "1299.99",
      "0.00",
      "99999.99",
    ]);
    expect(["-5", "12.345", "100000", "abc", "1e3"].map(parseQuote)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe(`walk-ins on ${testDriver}`, () => {
  it("stores every field, the drop-off as the appointment, the first event and the audit record with the staff member", async () => {
    // The drop-off is the shop's day when it is saved, and the expected delivery two days on: the
    // clock stands still, so midnight cannot fall between the form, the answer and the check.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(vi.getRealSystemTime());
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const response = await post(walkIn());
    expect((response as Response).status).toBe(303);
    const row = await bookingFrom(response);
    expect(row).toMatchObject({
      source: "walk_in",
      createdByStaffId: staff.id,
      firstName: "Maria",
      lastName: "Santos",
      email: null,
      phone: "905 555 0199",
      phoneDigits: "9055550199",
      deviceCategory: "mobile",
      deviceBrand: "Samsung",
      deviceModel: "Galaxy S21",
      issueType: "Screen Repair",
      issueDescription: "Dropped it; touch works.",
      quotedPrice: "129.00",
      deviceCondition: "cracked back, scratches",
      accessories: "charger, case",
      passcodeWithheld: true,
      urgency: "urgent",
      status: "in_progress",
      expectedDeliveryDate: addDays(shopToday(), 2),
      preferredDate: shopToday(),
    });
    expect(row.preferredTime).toMatch(/^[0-2]\d:[0-5]\d$/);
    expect(row.trackingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const events = await handle.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, row.id));
    expect(events).toMatchObject([{ status: "in_progress", staffUserId: staff.id }]);
    const audit = await handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, row.id));
    expect(audit).toMatchObject([
      {
        staffUserId: staff.id,
        action: "walk_in.create",
        entity: "booking",
        summary: `${bookingReference(row.id)}: walk-in for Maria Santos, Samsung Galaxy S21`,
      },
    ]);
    // No e-mail address: nothing to send, and no alert to the shop about its own walk-in.
    expect(await handle.db.select().from(outbox).where(eq(outbox.bookingId, row.id))).toEqual([]);

    // Tracked by its secret link like any booking.
    const tracked = await trackByToken(row.trackingToken);
    expect(tracked).toMatchObject({
      status: "in_progress",
      personal: { firstName: "Maria", phone: "(905) 555-0199" },
    });
  });

  it("queues the customer's confirmation, worded for a drop-off and without a calendar file, when an address is given", async () => {
    const row = await bookingFrom(
      await post(walkIn({ email: "maria@example.com", sendConfirmation: "on", passcode: "given" })),
    );
    expect(row.passcodeWithheld).toBe(false);
    const mail = await handle.db.select().from(outbox).where(eq(outbox.bookingId, row.id));
    expect(mail.map((m) => [m.kind, m.recipient])).toEqual([
      ["booking_confirmation", "maria@example.com"],
    ]);
    const content = outboxContent(mail[0]!);
    expect(content.subject).toBe(`Your WeFix repair ${bookingReference(row.id)}`);
    expect(content.text).toContain(
      `We have your device: repair ${bookingReference(row.id)}, dropped off`,
    );
    expect(content.text).toContain("Quote: $129.00");
    expect(content.text).toContain(`/track-repair/${row.trackingToken}`);
    expect(content.text).not.toMatch(/calendar|What to bring/);
    expect(content.attachments).toEqual([]);
  });

  it("sends nothing when staff untick the confirmation", async () => {
    const row = await bookingFrom(await post(walkIn({ email: "quiet@example.com" })));
    expect(row.email).toBe("quiet@example.com");
    expect(await handle.db.select().from(outbox).where(eq(outbox.bookingId, row.id))).toEqual([]);
  });

  it("stores a double-submitted form once, and both answers lead to the same print view", async () => {
    const fields = walkIn({
      firstName: "Double",
      email: "double@example.com",
      sendConfirmation: "on",
    });
    const before = await bookingCount();
    const answers = (await Promise.all([post(fields), post(fields), post(fields)])).map(responseOf);
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect(new Set(answers.map((a) => a.headers.get("location"))).size).toBe(1);
    expect(await bookingCount()).toBe(before + 1);
    const row = await bookingFrom(answers[0]!);
    expect(await handle.db.select().from(outbox).where(eq(outbox.bookingId, row.id))).toHaveLength(
      1,
    );
    expect(
      await handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, row.id)),
    ).toHaveLength(1);

    // The same key with other details is refused, not silently mapped to the first walk-in.
    const other = await post({ ...fields, firstName: "Changed" });
    expect(statusOf(other)).toBe(409);
    expect(replyOf(other).error?.[""]?.[0]).toContain(
      `already saved as ${bookingReference(row.id)}`,
    );
    expect(await bookingCount()).toBe(before + 1);
  });

  it("refuses bad input field by field with a 400 and stores nothing", async () => {
    const before = await bookingCount();
    const bad = await post(
      walkIn({
        quotedPrice: "-5",
        phone: "555-12",
        expectedDeliveryDate: addDays(shopToday(), -1),
        email: "not-an-address",
        passcode: "",
        firstName: "",
      }),
    );
    expect(statusOf(bad)).toBe(400);
    expect(replyOf(bad).error).toMatchObject({
      quotedPrice: [
        "Please enter the quote in dollars, like 129.99 (0 to 99,999.99), or leave it empty.",
      ],
      phone: ["Please enter a valid 10-digit phone number."],
      expectedDeliveryDate: ["Expected delivery cannot be before today."],
      email: ["Please enter a valid e-mail address, or leave it empty."],
      passcode: ["Please say whether the customer kept the passcode."],
      firstName: ["Please enter the customer's first name."],
    });
    const tooDear = await post(walkIn({ quotedPrice: "100000", status: "completed" }));
    expect(statusOf(tooDear)).toBe(400);
    expect(Object.keys(replyOf(tooDear).error ?? {}).sort()).toEqual(["quotedPrice", "status"]);
    const forged = await post(walkIn({ submissionKey: "made-up-key" }));
    expect(statusOf(forged)).toBe(400);
    expect(await bookingCount()).toBe(before);
  });

  it("takes a deposit at intake against the quote: on the repair's draft invoice, once, and on the ticket", async () => {
    const fields = walkIn({
      lastName: "Deposit",
      quotedPrice: "200",
      depositAmount: "50",
      depositMethod: "cash",
      depositTendered: "60",
    });
    const answers = (await Promise.all([post(fields), post(fields)])).map(responseOf);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    const row = await bookingFrom(answers[0]!);
    const invoice = (await invoiceOfBooking(row.id))!;
    expect(invoice).toMatchObject({ status: "draft", totalCents: 22_600, paidCents: 5_000 });
    const [deposit, ...more] = (await invoiceWithItems(invoice.id))!.payments;
    expect(more).toEqual([]);
    expect(deposit).toMatchObject({
      method: "cash",
      amountCents: 5_000,
      tenderedCents: 6_000,
      deposit: true,
      receivedBy: staff.id,
    });
    const ticket = (await ticketLoader(
      routeArgs(asStaff(`/admin/repairs/${row.id}/ticket`), {
        id: String(row.id),
      }),
    )) as { facts: { deposits: string[] } };
    expect(ticket.facts.deposits).toEqual(["$50.00 by cash"]);
  });

  it("refuses a deposit without a quote, a method's missing detail, or more than the quote, storing nothing", async () => {
    const before = await bookingCount();
    const noQuote = await post(
      walkIn({ quotedPrice: "", depositAmount: "20", depositMethod: "debit" }),
    );
    expect(statusOf(noQuote)).toBe(400);
    expect(replyOf(noQuote).error?.depositAmount).toEqual([
      "Enter the quoted price first: the deposit is against it.",
    ]);
    const noReference = await post(walkIn({ depositAmount: "20", depositMethod: "etransfer" }));
    expect(replyOf(noReference).error?.depositReference).toEqual([
      "Please enter the e-Transfer's reference number.",
    ]);
    const shortCash = await post(
      walkIn({ depositAmount: "20", depositMethod: "cash", depositTendered: "10" }),
    );
    expect(replyOf(shortCash).error?.depositTendered).toEqual([
      "The cash handed over is less than the amount.",
    ]);
    // $129 quoted comes to $145.77 with HST: a deposit of $150 is more than the balance.
    const tooMuch = await post(walkIn({ depositAmount: "150", depositMethod: "credit" }));
    expect(statusOf(tooMuch)).toBe(400);
    expect(replyOf(tooMuch).error?.depositAmount).toEqual([
      "That is more than the balance of $145.77. Take at most the balance.",
    ]);
    expect(await bookingCount()).toBe(before);
  });

  it("has no public rate limit or slot rule: a busy counter stores every walk-in", async () => {
    const before = await bookingCount();
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push(await post(walkIn({ lastName: `Queue${i}` }), "198.51.100.7"));
    expect(answers.map((a) => (a as Response).status)).toEqual(Array(8).fill(303));
    expect(await bookingCount()).toBe(before + 8);
  });
});

describe(`the print pages on ${testDriver}`, () => {
  it("print the ticket's facts and a QR code that is the secret tracking link", async () => {
    const row = await bookingFrom(
      await post(walkIn({ email: "print@example.com", quotedPrice: "" })),
    );
    const ticket = (await ticketLoader(
      routeArgs(asStaff(`/admin/repairs/${row.id}/ticket`), { id: String(row.id) }),
    )) as {
      facts: Record<string, unknown> & { tracking: { url: string; svg: string } };
    };
    const url = `${publicOrigin()}/track-repair/${row.trackingToken}`;
    expect(ticket.facts).toMatchObject({
      reference: bookingReference(row.id),
      walkIn: true,
      when: { label: "Dropped off" },
      takenBy: staff.username,
      customer: {
        name: "Maria Santos",
        phone: "(905) 555-0199",
        lastFour: "0199",
        email: "print@example.com",
      },
      device: { category: "Mobile Repair Service", name: "Samsung Galaxy S21", identifier: null },
      condition: "cracked back, scratches",
      accessories: "charger, case",
      passcode: "Kept by the customer",
      quote: "To be quoted",
      status: "In Progress",
    });
    expect(ticket.facts.tracking.url).toBe(url);
    expect(ticket.facts.tracking.svg).toBe(
      await QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M" }),
    );
    expect(ticket.facts.tracking.svg).not.toContain(row.trackingToken);

    const label = (await labelLoader(
      routeArgs(asStaff(`/admin/repairs/${row.id}/label`), { id: String(row.id) }),
    )) as typeof ticket;
    expect(label.facts).toMatchObject({
      reference: bookingReference(row.id),
      customer: { lastFour: "0199" },
      tracking: { url },
    });
  });

  it("print an online booking with its appointment, and answer 404 for a booking that does not exist", async () => {
    const online = await insertBooking(handle.db, {
      preferredDate: "2026-06-15",
      preferredTime: "11:00",
      quotedPrice: "89.99",
    });
    const ticket = (await ticketLoader(
      routeArgs(asStaff(`/admin/repairs/${online.id}/ticket`), { id: String(online.id) }),
    )) as {
      facts: Record<string, unknown>;
    };
    expect(ticket.facts).toMatchObject({
      walkIn: false,
      when: { label: "Appointment", value: "Monday, June 15, 2026 at 11:00 AM" },
      passcode: null,
      quote: "$89.99",
      takenBy: null,
    });

    for (const id of ["999999", "abc"]) {
      const missing = await thrownBy(
        ticketLoader(routeArgs(asStaff(`/admin/repairs/${id}/ticket`), { id })),
      );
      expect(statusOf(missing)).toBe(404);
    }
  });
});

describe(`a walk-in's update channels on ${testDriver}`, () => {
  it("stores the customer's choice and review consent, and texts a walk-in who chose texts even without an e-mail address", async () => {
    const booking = await bookingFrom(
      await post(walkIn({ notifyBy: "sms", reviewOptIn: "on", phone: "905 555 0188" })),
    );
    expect(booking).toMatchObject({ notifyBy: "sms", reviewOptIn: true });
    const queued = await handle.db.select().from(outbox).where(eq(outbox.bookingId, booking.id));
    expect(queued.map((m) => [m.kind, m.channel, m.recipient])).toEqual([
      ["booking_confirmation", "sms", "+19055550188"],
    ]);
    expect(queued[0]!.textBody).toContain(bookingReference(booking.id));
    expect(queued[0]!.textBody).not.toContain("Maria");

    const quiet = await bookingFrom(await post(walkIn({ phone: "905 555 0187" })));
    expect(quiet).toMatchObject({ notifyBy: "email", reviewOptIn: false });
    expect(await handle.db.select().from(outbox).where(eq(outbox.bookingId, quiet.id))).toEqual([]);
    const refused = await post(walkIn({ notifyBy: "pigeon" }));
    expect(statusOf(refused)).toBe(400);
    expect(replyOf(refused).error?.notifyBy).toEqual(["Please choose e-mail, text or both."]);
  });
});
