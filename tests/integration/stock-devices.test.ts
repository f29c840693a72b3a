import { eq } from "drizzle-orm";
import { isStockPublicId } from "~/utils/shop-device";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceLines, invoices, stockDevices } from "../../db/schema";
import {
  addStock,
  listStock,
  moveStock,
  StockChangedMeanwhile,
  stockDevice,
  stockDeviceByPublicId,
  StockRefused,
  updateStock,
} from "~/models/stock-device.server";
import { stockSchema, type StockInput } from "~/schemas/stock-device";
import { addDays, formatLongDate, shopToday } from "~/utils/shop-time";
import { auditTrailOf, createTestStaff } from "../support/admin";
import { rejectionOf } from "../support/answers";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staffId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "stock.keeper")).id;
});
afterAll(() => handle.drop());

function stockForm(fields: Record<string, string> = {}): StockInput {
  return stockSchema.parse({
    category: "tablet",
    brand: "Apple",
    model: "iPad Air 5",
    storage: "64 GB",
    colour: "Space Grey",
    identifier: "DMPHX0ABQ1GC",
    grade: "excellent",
    batteryHealth: "91",
    price: "449.00",
    cost: "300.00",
    warrantyMonths: "6",
    ...fields,
  });
}

describe(`the devices for sale on ${testDriver}`, () => {
  it("adds stock bought elsewhere in Refurbishing, audited, and lists it with its margin", async () => {
    const added = await addStock(stockForm(), staffId);
    expect(added).toMatchObject({
      state: "refurbishing",
      priceCents: 44_900,
      costCents: 30_000,
      batteryHealth: 91,
      warrantyMonths: 6,
      serialNumber: "DMPHX0ABQ1GC",
      imei: null,
    });
    expect(isStockPublicId(added.publicId)).toBe(true);
    const { items } = await listStock({ state: "refurbishing", category: "tablet" }, 50, 0);
    expect(items.find((item) => item.id === added.id)).toMatchObject({
      priceCents: 44_900,
      costCents: 30_000,
      soldCents: null,
    });
    expect((await listStock({ q: "ipad air" }, 50, 0)).items.map((i) => i.id)).toContain(added.id);
    expect((await listStock({ state: "sold" }, 50, 0)).items.map((i) => i.id)).not.toContain(
      added.id,
    );
    const audit = await auditTrailOf(handle.db, "stock_device", added.id);
    expect(audit.map((entry) => entry.action)).toEqual(["stock.create"]);
  });

  it("finds a device by its IMEI as printed, and a serial's digits match no IMEI", async () => {
    const phone = await addStock(
      stockForm({ category: "mobile", model: "iPhone 12", identifier: "356938035643809" }),
      staffId,
    );
    const found = await listStock({ q: "35 693803 564380" }, 50, 0);
    expect(found.items.map((item) => item.id)).toEqual([phone.id]);
    const bySerial = await listStock({ q: "ZZ3569" }, 50, 0);
    expect(bySerial.items.map((item) => item.id)).not.toContain(phone.id);
  });

  it("puts a device up for sale and takes it back, each move on the version read", async () => {
    const added = await addStock(stockForm({ identifier: "DMPHX0ABQ1GD" }), staffId);
    // Not on the public pages while refurbishing.
    expect(await stockDeviceByPublicId(added.publicId)).toBeUndefined();
    const listed = (await moveStock(added.id, added.version, "for_sale", staffId))!;
    expect(listed).toMatchObject({ state: "for_sale", version: added.version + 1 });
    expect(listed.listedAt).not.toBeNull();
    const shown = (await stockDeviceByPublicId(added.publicId))!;
    expect(shown).not.toHaveProperty("costCents");
    expect(shown.photos).toEqual([]);
    const stale = await rejectionOf(
      moveStock(added.id, added.version, "refurbishing", staffId),
      StockChangedMeanwhile,
    );
    expect(stale.message).toContain("changed by someone else");
    const back = (await moveStock(added.id, listed.version, "refurbishing", staffId))!;
    expect(back).toMatchObject({ state: "refurbishing", listedAt: null });
    expect(await moveStock(999_999, 1, "for_sale", staffId)).toBeUndefined();
  });

  it("refuses to list a device before its hold ends, naming the day, and one without a price", async () => {
    const added = await addStock(stockForm({ identifier: "DMPHX0ABQ1GE" }), staffId);
    const from = addDays(shopToday(), 3);
    await handle.db
      .update(stockDevices)
      .set({ availableFrom: from })
      .where(eq(stockDevices.id, added.id));
    const held = await rejectionOf(
      moveStock(added.id, added.version, "for_sale", staffId),
      StockRefused,
    );
    expect(held.message).toBe(
      `This device is on hold until ${formatLongDate(from)}: it can be put up for sale from that day.`,
    );
    const onTheDay = new Date(Date.now() + 3 * 86_400_000);
    expect(await moveStock(added.id, added.version, "for_sale", staffId, onTheDay)).toMatchObject({
      state: "for_sale",
    });
    const unpriced = await addStock(stockForm({ identifier: "DMPHX0ABQ1GF", price: "0" }), staffId);
    const refused = await rejectionOf(
      moveStock(unpriced.id, unpriced.version, "for_sale", staffId),
      StockRefused,
    );
    expect(refused.message).toBe("Please set the device's price before putting it up for sale.");
  });

  it("never moves a reserved or sold device from the staff pages", async () => {
    const added = await addStock(stockForm({ identifier: "DMPHX0ABQ1GG" }), staffId);
    const [reserved] = await handle.db
      .update(stockDevices)
      .set({ state: "reserved", reservedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(stockDevices.id, added.id))
      .returning();
    const refused = await rejectionOf(
      moveStock(added.id, reserved!.version, "refurbishing", staffId),
      StockRefused,
    );
    expect(refused.message).toBe(
      "This device is Reserved: it cannot be moved to Refurbishing from here.",
    );
    const [after] = await handle.db
      .select()
      .from(stockDevices)
      .where(eq(stockDevices.id, added.id));
    expect(after!.state).toBe("reserved");
  });

  it("refuses an edit made on a stale copy and keeps the other's change", async () => {
    const added = await addStock(stockForm({ identifier: "DMPHX0ABQ1GH" }), staffId);
    const saved = (await updateStock(
      added.id,
      added.version,
      stockForm({ identifier: "DMPHX0ABQ1GH", price: "429.00" }),
      staffId,
    ))!;
    expect(saved).toMatchObject({ priceCents: 42_900, version: added.version + 1 });
    await rejectionOf(
      updateStock(
        added.id,
        added.version,
        stockForm({ identifier: "DMPHX0ABQ1GH", price: "399.00" }),
        staffId,
      ),
      StockChangedMeanwhile,
    );
    expect((await stockDevice(added.id))!.priceCents).toBe(42_900);
    expect(await updateStock(999_999, 1, stockForm(), staffId)).toBeUndefined();
  });

  it("shows what an issued invoice sold it for, for the margin", async () => {
    const added = await addStock(stockForm({ identifier: "DMPHX0ABQ1GJ" }), staffId);
    await handle.db
      .update(stockDevices)
      .set({ state: "sold", soldAt: new Date() })
      .where(eq(stockDevices.id, added.id));
    // A draft with the device's line, then issued: an issued invoice's lines are fixed.
    const [invoice] = await handle.db
      .insert(invoices)
      .values({ customerName: "Morgan Buyer", taxRateBasisPoints: 1_300 })
      .returning();
    await handle.db.insert(invoiceLines).values({
      invoiceId: invoice!.id,
      position: 1,
      kind: "device",
      description: "iPad Air 5 64 GB",
      quantity: 1,
      unitCents: 42_000,
      taxable: true,
      stockDeviceId: added.id,
    });
    const { items: unissued } = await listStock({ state: "sold" }, 50, 0);
    expect(unissued.find((item) => item.id === added.id)!.soldCents).toBeNull();
    await handle.db
      .update(invoices)
      .set({
        status: "issued",
        number: 990_001,
        issuedAt: new Date(),
        warrantyDays: 90,
        subtotalCents: 42_000,
        taxCents: 5_460,
        totalCents: 47_460,
      })
      .where(eq(invoices.id, invoice!.id));
    const { items } = await listStock({ state: "sold" }, 50, 0);
    expect(items.find((item) => item.id === added.id)).toMatchObject({
      soldCents: 42_000,
      costCents: 30_000,
    });
    expect((await stockDevice(added.id))!.soldCents).toBe(42_000);
  });

  it("checks the form: battery, warranty, price and the identifier", () => {
    const parsed = stockSchema.safeParse({
      category: "tablet",
      brand: "Apple",
      model: "iPad",
      identifier: "",
      grade: "good",
      batteryHealth: "101",
      price: "abc",
      cost: "10",
      warrantyMonths: "40",
    });
    expect(parsed.error!.flatten().fieldErrors).toMatchObject({
      identifier: ["Please enter the IMEI or the serial number."],
      batteryHealth: ["Please enter the battery's health as a percentage from 0 to 100."],
      price: ["Please enter the amount in dollars, like 240.00."],
      warrantyMonths: ["Please enter the warranty in months, from 0 to 36."],
    });
  });
});
