import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buybackOffers, buybackPurchases, stockDevices } from "../../db/schema";
import { trade } from "~/config/shop";
import {
  eraseExpiredSellerIds,
  listPurchases,
  LowerWithoutReason,
  purchaseRecord,
  PurchaseRefused,
  recordPurchase,
  sellerIdContext,
} from "~/models/buyback-purchase.server";
import { blocklistMessage, purchaseSchema, type PurchaseInput } from "~/schemas/buyback-purchase";
import { startMailWorker } from "~/server/mail-worker.server";
import { open } from "~/server/secret-box.server";
import { issueFormKey, storedSubmissionKey } from "~/server/submission.server";
import { addDays, shopToday } from "~/utils/shop-time";
import { auditTrailOf, createTestStaff } from "../support/admin";
import { rejectionOf } from "../support/answers";
import { testMailSettings } from "../support/mail-settings";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staffId: number;
const day = 86_400_000;

beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "counter.buyer")).id;
});
afterAll(() => handle.drop());

/** An online offer as /sell stores it (written here: that model is another part's). */
async function insertOffer(overrides: Partial<typeof buybackOffers.$inferInsert> = {}) {
  const [offer] = await handle.db
    .insert(buybackOffers)
    .values({
      reference: `SO-${randomBytes(4).toString("hex").toUpperCase()}`,
      tokenHash: randomBytes(32).toString("hex"),
      submissionKey: randomUUID(),
      category: "mobile",
      brand: "Apple",
      model: "iPhone 13",
      storage: "128 GB",
      answers: {
        powersOn: true,
        screen: "flawless",
        body: "scratched",
        battery: "good",
        partsWork: true,
        accountLocked: false,
        carrierLocked: false,
      },
      grade: "good",
      offerCents: 30_000,
      expiresAt: new Date(Date.now() + 7 * day),
      name: "Riley Seller",
      phone: "905-555-0142",
      ...overrides,
    })
    .returning();
  return offer!;
}

/** The counter form as staff fill it in, parsed by its schema as the action does. */
function counterForm(fields: Record<string, string> = {}) {
  const parsed = purchaseSchema.safeParse({
    submissionKey: issueFormKey(),
    sellerName: "Riley Seller",
    sellerPhone: "905 555 0142",
    idType: "drivers_licence",
    idNumber: "R1234-56789-01234",
    category: "mobile",
    brand: "Apple",
    model: "iPhone 13",
    storage: "128 GB",
    colour: "Midnight",
    identifier: "49 015420 323751 8",
    grade: "good",
    blocklistClear: "on",
    amount: "300.00",
    payoutMethod: "cash",
    declarationName: "Riley Seller",
    signature: "M10 10L40 60L90 20",
    ...fields,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.flatten().fieldErrors));
  const { submissionKey, blocklistClear: _clear, ...input } = parsed.data;
  return { key: submissionKey, input: input satisfies PurchaseInput };
}

describe(`buying a device at the counter on ${testDriver}`, () => {
  it("buys fresh: the ID sealed (not the number) under the purchase's key, its last four kept, the device in stock", async () => {
    const { key, input } = counterForm();
    const purchase = (await recordPurchase(input, key, staffId))!;
    const [stored] = await handle.db
      .select()
      .from(buybackPurchases)
      .where(eq(buybackPurchases.id, purchase.id));
    expect(stored!.idNumberSealed).not.toContain("R12345678901234");
    expect(stored!.idNumberSealed).not.toContain("01234");
    expect(open(stored!.idNumberSealed!, sellerIdContext(storedSubmissionKey("form", key)!))).toBe(
      "R12345678901234",
    );
    // Moved onto another purchase, the sealed number does not open.
    expect(open(stored!.idNumberSealed!, sellerIdContext("another"))).toBeUndefined();
    expect(stored).toMatchObject({
      idNumberLast4: "1234",
      idKeptUntil: addDays(shopToday(), trade.sellerIdKeptDays),
      sellerPhone: "(905) 555-0142",
      imei: "490154203237518",
      serialNumber: null,
      blocklistClear: true,
      blocklistCheckedBy: staffId,
      offerId: null,
      offeredCents: null,
      paidCents: 30_000,
      signature: "M10 10L40 60L90 20",
    });
    const [stock] = await handle.db
      .select()
      .from(stockDevices)
      .where(eq(stockDevices.purchaseId, purchase.id));
    expect(stock).toMatchObject({
      state: "refurbishing",
      costCents: 30_000,
      priceCents: 0,
      grade: "good",
      imei: "490154203237518",
      colour: "Midnight",
      warrantyMonths: trade.defaultWarrantyMonths,
      availableFrom: addDays(shopToday(), trade.holdDays),
    });
    const record = (await purchaseRecord(purchase.id))!;
    expect(record).not.toHaveProperty("idNumberSealed");
    expect(record).toMatchObject({ idKept: true, checkedBy: "counter.buyer" });
    const audit = await auditTrailOf(handle.db, "purchase", purchase.id);
    expect(audit.map((entry) => entry.action)).toEqual(["purchase.create"]);
  });

  it("makes a double tap one purchase with one device in stock", async () => {
    const { key, input } = counterForm({ identifier: "C02XK0AAJG5H" });
    const [first, second] = await Promise.all([
      recordPurchase(input, key, staffId),
      recordPurchase(input, key, staffId),
    ]);
    expect(second!.id).toBe(first!.id);
    const stock = await handle.db
      .select()
      .from(stockDevices)
      .where(eq(stockDevices.purchaseId, first!.id));
    expect(stock).toHaveLength(1);
    expect(stock[0]!.serialNumber).toBe("C02XK0AAJG5H");
    expect(await recordPurchase(input, "made-up-key", staffId)).toBeUndefined();
  });

  it("buys from an online offer, marks it purchased, and refuses it a second time", async () => {
    const offer = await insertOffer();
    const { key, input } = counterForm({ offer: offer.reference });
    const purchase = (await recordPurchase(input, key, staffId))!;
    expect(purchase).toMatchObject({ offerId: offer.id, offeredCents: 30_000, lowerReason: null });
    const [after] = await handle.db
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.id, offer.id));
    expect(after!.status).toBe("purchased");
    // The same form again: the same purchase.
    expect((await recordPurchase(input, key, staffId))!.id).toBe(purchase.id);
    const again = counterForm({ offer: offer.reference });
    const refused = await rejectionOf(
      recordPurchase(again.input, again.key, staffId),
      PurchaseRefused,
    );
    expect(refused.message).toBe(`Offer ${offer.reference} has already been bought.`);
  });

  it("lets only one of two counters buy the same offer at once", async () => {
    const offer = await insertOffer();
    const one = counterForm({ offer: offer.reference });
    const two = counterForm({ offer: offer.reference, identifier: "356938035643809" });
    const outcomes = await Promise.allSettled([
      recordPurchase(one.input, one.key, staffId),
      recordPurchase(two.input, two.key, staffId),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const [lost] = outcomes.filter((o) => o.status === "rejected");
    expect(lost!.reason).toBeInstanceOf(PurchaseRefused);
    const bought = await handle.db
      .select()
      .from(buybackPurchases)
      .where(eq(buybackPurchases.offerId, offer.id));
    expect(bought).toHaveLength(1);
  });

  it("refuses an expired offer, and nothing is stored", async () => {
    const offer = await insertOffer({ expiresAt: new Date(Date.now() - day) });
    const { key, input } = counterForm({ offer: offer.reference });
    const refused = await rejectionOf(recordPurchase(input, key, staffId), PurchaseRefused);
    expect(refused.message).toBe(
      `Offer ${offer.reference} has expired: make a fresh purchase instead.`,
    );
    const [after] = await handle.db
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.id, offer.id));
    expect(after!.status).toBe("open");
  });

  it("refuses less than the offer without a reason, and keeps the reason when given", async () => {
    const offer = await insertOffer();
    const lower = counterForm({ offer: offer.reference, amount: "250.00" });
    const refused = await rejectionOf(
      recordPurchase(lower.input, lower.key, staffId),
      LowerWithoutReason,
    );
    expect(refused.message).toContain("$300.00");
    const [still] = await handle.db
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.id, offer.id));
    expect(still!.status).toBe("open");
    const reason = "Back glass cracked under the case";
    const given = counterForm({ offer: offer.reference, amount: "250.00", lowerReason: reason });
    const purchase = (await recordPurchase(given.input, given.key, staffId))!;
    expect(purchase).toMatchObject({
      paidCents: 25_000,
      offeredCents: 30_000,
      lowerReason: reason,
    });
  });

  it("refuses a device whose blocklist check is not recorded clear, and an e-Transfer without its reference", () => {
    const form = {
      sellerName: "Riley",
      submissionKey: issueFormKey(),
      sellerPhone: "905 555 0142",
      idType: "passport",
      idNumber: "AB123456",
      category: "mobile",
      brand: "Apple",
      model: "iPhone 13",
      identifier: "490154203237518",
      grade: "good",
      amount: "300",
      payoutMethod: "etransfer",
      declarationName: "Riley",
    };
    const unchecked = purchaseSchema.safeParse(form);
    expect(unchecked.error!.flatten().fieldErrors).toEqual({ blocklistClear: [blocklistMessage] });
    const noReference = purchaseSchema.safeParse({ ...form, blocklistClear: "on" });
    expect(noReference.error!.flatten().fieldErrors).toEqual({
      payoutReference: ["Please enter the e-Transfer's reference number."],
    });
  });

  it("finds purchases by name, phone digits, IMEI digits and serial, and by day", async () => {
    const { key, input } = counterForm({
      sellerName: "Quinn Findable",
      sellerPhone: "416-555-0177",
      identifier: "FINDME77X",
    });
    const purchase = (await recordPurchase(input, key, staffId))!;
    for (const q of ["findable", "4165550177", "(416) 555", "findme77"]) {
      const { items } = await listPurchases({ q }, 10, 0);
      expect(
        items.map((item) => item.id),
        q,
      ).toContain(purchase.id);
    }
    expect((await listPurchases({ q: "5555550000" }, 10, 0)).items).toEqual([]);
    expect((await listPurchases({ on: shopToday() }, 100, 0)).items.map((i) => i.id)).toContain(
      purchase.id,
    );
    expect((await listPurchases({ on: "2001-01-01" }, 10, 0)).total).toBe(0);
  });

  it("erases the sealed ID numbers after the period, keeping the last four", async () => {
    const { key, input } = counterForm({ identifier: "ERASE0001" });
    const purchase = (await recordPurchase(input, key, staffId))!;
    const keptUntil = new Date(Date.now() + trade.sellerIdKeptDays * day);
    await eraseExpiredSellerIds(keptUntil);
    expect((await purchaseRecord(purchase.id))!.idKept).toBe(true);
    expect(await eraseExpiredSellerIds(new Date(keptUntil.getTime() + 2 * day))).toBeGreaterThan(0);
    const [erased] = await handle.db
      .select()
      .from(buybackPurchases)
      .where(eq(buybackPurchases.id, purchase.id));
    expect(erased).toMatchObject({ idNumberSealed: null, idNumberLast4: "1234" });
  });

  it("has the server's periodic worker erase them", async () => {
    const { key, input } = counterForm({ identifier: "ERASE0002" });
    const purchase = (await recordPurchase(input, key, staffId))!;
    const dir = await mkdtemp(path.join(os.tmpdir(), "erase-"));
    const later = new Date(Date.now() + (trade.sellerIdKeptDays + 2) * day);
    const worker = startMailWorker(testMailSettings({ dir, clock: () => later }));
    try {
      await expect
        .poll(async () => (await purchaseRecord(purchase.id))!.idKept, { timeout: 10_000 })
        .toBe(false);
    } finally {
      await worker.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
