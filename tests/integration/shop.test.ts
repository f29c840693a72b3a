import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, photos, stockReservations } from "../../db/schema";
import {
  InvoiceRefused,
  invoiceWithItems,
  issueInvoice,
  saveDraft,
  startCounterSale,
  voidInvoice,
} from "~/models/invoice.server";
import { listShopDevices, shopDevice } from "~/models/shop-listing.server";
import {
  cancelReservation,
  countHeldReservations,
  listReservations,
  reserveDevice,
} from "~/models/stock-reservation.server";
import { sellDeviceOnInvoice, takeDeviceOffInvoice } from "~/models/stock-sale.server";
import { shopFiltersOf } from "~/schemas/shop-filters";
import type { ReservationInput } from "~/schemas/reservation";
import { issueFormKey } from "~/server/submission.server";
import { loader as photoLoader } from "~/routes/photos.$publicId";
import { action as deviceAction } from "~/routes/shop.$slug";
import { shopDevicePath } from "~/utils/shop-device";
import { auditTrailOf, createTestStaff } from "../support/admin";
import { responseOf, statusOf } from "../support/answers";
import { formPost, freshKey, routeArgs, testContext, testOrigin } from "../support/forms";
import { insertStockDevice, lapseHold, stockDeviceNow } from "../support/stock-devices";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staffId: number;
let ownerId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "shop.clerk")).id;
  ownerId = (await createTestStaff(handle.db, "shop.boss", "owner")).id;
});
afterAll(() => handle.drop());

/** A customer's reservation as the form gives it, under a key of its own. */
const customer = (overrides: Partial<ReservationInput> = {}): ReservationInput => ({
  name: "Priya Shah",
  email: "priya@example.com",
  phone: undefined,
  notifyBy: "email",
  submissionKey: randomUUID(),
  website: undefined,
  ...overrides,
});

/** A counter sale's draft and its version now. */
async function counterDraft() {
  const sale = await startCounterSale("Walk-in buyer", issueFormKey(), staffId);
  return sale!;
}

const listed = async (filters = "") =>
  (await listShopDevices(shopFiltersOf(new URLSearchParams(filters)))).devices.map(
    (device) => device.publicId,
  );

describe(`reserving a device for pickup on ${testDriver}`, () => {
  it("holds the device for 48 hours with a reference, tells the customer and alerts the shop", async () => {
    const device = await insertStockDevice(handle.db);
    const result = await reserveDevice(device.publicId, customer(), testOrigin);
    expect(result).toMatchObject({
      outcome: "reserved",
      reference: expect.stringMatching(/^R-[2-9A-HJ-NP-Z]{6}$/),
    });
    const now = await stockDeviceNow(handle.db, device.id);
    expect(now.state).toBe("reserved");
    const hours = (now.reservedUntil!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const reference = (result as { reference: string }).reference;
    const messages = await handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "priya@example.com"));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: "reservation", status: "pending" });
    expect(messages[0]!.textBody).toContain(reference);
    const [alert] = await handle.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, "reservation_alert"),
          eq(outbox.subject, `New reservation ${reference}`),
        ),
      );
    expect(alert!.textBody).toContain("Priya Shah");
    // A reserved device leaves the listing and its page says so.
    expect(await listed()).not.toContain(device.publicId);
    expect((await shopDevice(device.publicId))!.availability).toBe("reserved");
  });

  it("texts the reference to a customer who chose text only", async () => {
    const device = await insertStockDevice(handle.db);
    await reserveDevice(
      device.publicId,
      customer({ email: undefined, phone: "905-555-0123", notifyBy: "sms" }),
      testOrigin,
    );
    const [text] = await handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "+19055550123"));
    expect(text).toMatchObject({ kind: "reservation", channel: "sms" });
    expect(text!.textBody).toMatch(
      /^WeFix: reservation R-[2-9A-HJ-NP-Z]{6} holds Apple iPhone 13 128 GB for you until /,
    );
  });

  it("makes one reservation of the same form sent twice, even at once", async () => {
    const device = await insertStockDevice(handle.db);
    const input = customer();
    const [first, second] = await Promise.all([
      reserveDevice(device.publicId, input, testOrigin),
      reserveDevice(device.publicId, input, testOrigin),
    ]);
    expect([first.outcome, second.outcome].sort()).toEqual(["replayed", "reserved"]);
    expect((first as { reference: string }).reference).toBe(
      (second as { reference: string }).reference,
    );
    const rows = await handle.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.stockDeviceId, device.id));
    expect(rows).toHaveLength(1);
  });

  it("lets one of two customers reserving at once win; the other is told it is taken", async () => {
    const device = await insertStockDevice(handle.db);
    const results = await Promise.all([
      reserveDevice(device.publicId, customer({ name: "First" }), testOrigin),
      reserveDevice(device.publicId, customer({ name: "Second" }), testOrigin),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["reserved", "taken"]);
    const held = await handle.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.stockDeviceId, device.id));
    expect(held).toHaveLength(1);
  });

  it("frees a device whose hold ran out: listed again, reserved again, the old hold expired", async () => {
    const device = await insertStockDevice(handle.db);
    const first = await reserveDevice(device.publicId, customer(), testOrigin);
    await lapseHold(handle.db, device.id);
    expect(await listed()).toContain(device.publicId);
    expect((await shopDevice(device.publicId))!.availability).toBe("available");
    const staffView = (await listReservations()).find(
      (r) => r.reference === (first as { reference: string }).reference,
    );
    expect(staffView!.status).toBe("expired");
    const second = await reserveDevice(device.publicId, customer({ name: "Later" }), testOrigin);
    expect(second.outcome).toBe("reserved");
    const statuses = await handle.db
      .select({ status: stockReservations.status })
      .from(stockReservations)
      .where(eq(stockReservations.stockDeviceId, device.id));
    expect(statuses.map((s) => s.status).sort()).toEqual(["expired", "held"]);
  });

  it("cancels a held reservation from the staff page: the device is back for sale, audited", async () => {
    const device = await insertStockDevice(handle.db);
    await reserveDevice(device.publicId, customer(), testOrigin);
    const [reservation] = await handle.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.stockDeviceId, device.id));
    const heldBefore = await countHeldReservations();
    expect(await cancelReservation(reservation!.id, staffId)).toBe(true);
    expect(await countHeldReservations()).toBe(heldBefore - 1);
    expect((await stockDeviceNow(handle.db, device.id)).state).toBe("for_sale");
    expect(await cancelReservation(reservation!.id, staffId)).toBe(false);
    const trail = await auditTrailOf(handle.db, "stock_reservation", reservation!.id);
    expect(trail.map((entry) => entry.action)).toEqual(["reservation.cancel"]);
  });

  it("answers the device page's form with the confirmation, and a retry with the same one", async () => {
    const device = await insertStockDevice(handle.db);
    const path = shopDevicePath(device);
    const fields = {
      name: "Sam Lee",
      email: "sam@example.com",
      phone: "",
      notifyBy: "email",
      submissionKey: freshKey(),
    };
    const post = () =>
      deviceAction(
        routeArgs(formPost(path, fields), { slug: path.slice("/shop/".length) }, testContext()),
      );
    const first = responseOf(await post());
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toMatch(/^\/shop\/reserved\/R-[2-9A-HJ-NP-Z]{6}$/);
    const again = responseOf(await post());
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
  });

  it("refuses a form without a way to send the reference, storing nothing", async () => {
    const device = await insertStockDevice(handle.db);
    const path = shopDevicePath(device);
    const answer = await deviceAction(
      routeArgs(
        formPost(path, {
          name: "No Contact",
          email: "",
          notifyBy: "email",
          submissionKey: freshKey(),
        }),
        { slug: path.slice("/shop/".length) },
        testContext(),
      ),
    );
    expect(statusOf(answer)).toBe(400);
    expect((await stockDeviceNow(handle.db, device.id)).state).toBe("for_sale");
  });
});

describe(`a device's photos on ${testDriver}`, () => {
  it("shows the first as the card's picture, and serves them to anyone", async () => {
    const device = await insertStockDevice(handle.db, { model: "Photographed Phone" });
    const bytes = Buffer.from("stock photo bytes");
    const [first, second] = ["stockphotoaaaaaaaaaaaa", "stockphotobbbbbbbbbbbb"];
    for (const publicId of [first, second])
      await handle.db.insert(photos).values({
        publicId: publicId!,
        kind: "stock",
        stockDeviceId: device.id,
        contentType: "image/webp",
        data: bytes,
        thumb: bytes,
        width: 800,
        height: 600,
      });
    const { devices } = await listShopDevices(shopFiltersOf(new URLSearchParams()));
    expect(devices.find((one) => one.publicId === device.publicId)!.photo).toBe(first);
    expect((await shopDevice(device.publicId))!.photos.map((photo) => photo.publicId)).toEqual([
      first,
      second,
    ]);
    const served = responseOf(
      await photoLoader(
        routeArgs(new Request(`http://localhost/photos/${second}/thumb`), {
          publicId: second,
          variant: "thumb",
        }),
      ),
    );
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
  });
});

describe(`selling a device at the counter on ${testDriver}`, () => {
  it("adds a device line and marks it sold at once: gone from the listing, its page says sold", async () => {
    const device = await insertStockDevice(handle.db, { imei: "356938035643809" });
    expect(await listed()).toContain(device.publicId);
    const draft = await counterDraft();
    await sellDeviceOnInvoice(draft.id, draft.version, { device: device.imei! }, staffId);
    expect(await listed()).not.toContain(device.publicId);
    expect((await shopDevice(device.publicId))!.availability).toBe("sold");
    const now = await stockDeviceNow(handle.db, device.id);
    expect(now.state).toBe("sold");
    expect(now.soldAt).not.toBeNull();
    const invoice = await invoiceWithItems(draft.id);
    expect(invoice!.lines).toEqual([
      expect.objectContaining({
        kind: "device",
        stockDeviceId: device.id,
        quantity: 1,
        unitCents: device.priceCents,
        description: "Apple iPhone 13 128 GB, Excellent, IMEI 356938035643809",
      }),
    ]);
    expect(invoice!.subtotalCents).toBe(device.priceCents);
    const trail = await auditTrailOf(handle.db, "stock_device", device.id);
    expect(trail.map((entry) => entry.action)).toEqual(["stock.sell"]);
  });

  it("keeps the device line when the draft's typed lines are saved, and refuses a sold device", async () => {
    const device = await insertStockDevice(handle.db, { imei: null, serialNumber: "SER-KEEP-1" });
    const draft = await counterDraft();
    const sold = await sellDeviceOnInvoice(
      draft.id,
      draft.version,
      { device: "ser-keep-1" },
      staffId,
    );
    const saved = await saveDraft(
      draft.id,
      sold!.version,
      {
        lines: [{ kind: "accessory", description: "Case", quantity: 1, unitCents: 2_000 }],
        discount: null,
      },
      staffId,
    );
    const lines = (await invoiceWithItems(draft.id))!.lines;
    expect(lines.map((line) => [line.kind, line.stockDeviceId])).toEqual([
      ["device", device.id],
      ["accessory", null],
    ]);
    expect(saved!.subtotalCents).toBe(device.priceCents + 2_000);
    const other = await counterDraft();
    await expect(
      sellDeviceOnInvoice(other.id, other.version, { device: device.publicId }, staffId),
    ).rejects.toThrow("This device is already sold.");
  });

  it("puts the device back on sale when its line is taken off the draft", async () => {
    const device = await insertStockDevice(handle.db);
    const draft = await counterDraft();
    const sold = await sellDeviceOnInvoice(
      draft.id,
      draft.version,
      { device: device.publicId },
      staffId,
    );
    await takeDeviceOffInvoice(draft.id, sold!.version, device.id, staffId);
    expect((await stockDeviceNow(handle.db, device.id)).state).toBe("for_sale");
    expect((await invoiceWithItems(draft.id))!.lines).toEqual([]);
    expect(await listed()).toContain(device.publicId);
  });

  it("puts the device back on sale when the issued invoice is voided", async () => {
    const device = await insertStockDevice(handle.db);
    const draft = await counterDraft();
    const sold = await sellDeviceOnInvoice(
      draft.id,
      draft.version,
      { device: device.publicId },
      staffId,
    );
    const issued = await issueInvoice(draft.id, sold!.version, staffId);
    expect((await stockDeviceNow(handle.db, device.id)).state).toBe("sold");
    await voidInvoice(draft.id, issued!.version, "Customer changed their mind", ownerId);
    const now = await stockDeviceNow(handle.db, device.id);
    expect(now).toMatchObject({ state: "for_sale", soldAt: null });
    const trail = await auditTrailOf(handle.db, "stock_device", device.id);
    expect(trail.map((entry) => entry.action)).toEqual(["stock.sell", "stock.unsell"]);
  });

  it("sells a reserved device only with its reference, which marks the reservation collected", async () => {
    const device = await insertStockDevice(handle.db);
    const held = (await reserveDevice(device.publicId, customer(), testOrigin)) as {
      reference: string;
    };
    const draft = await counterDraft();
    await expect(
      sellDeviceOnInvoice(draft.id, draft.version, { device: device.publicId }, staffId),
    ).rejects.toThrow("reserved for a customer");
    await expect(
      sellDeviceOnInvoice(
        draft.id,
        draft.version,
        { device: device.publicId, reservation: "R-2222AA" },
        staffId,
      ),
    ).rejects.toThrow("R-2222AA is not a reservation held for this device");
    await sellDeviceOnInvoice(
      draft.id,
      draft.version,
      { device: device.publicId, reservation: held.reference },
      staffId,
    );
    expect((await stockDeviceNow(handle.db, device.id)).state).toBe("sold");
    const [reservation] = await handle.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.reference, held.reference));
    expect(reservation!.status).toBe("collected");
  });

  it("lets exactly one of a reservation and a counter sale arriving at once win", async () => {
    for (let round = 0; round < 4; round++) {
      const device = await insertStockDevice(handle.db);
      const draft = await counterDraft();
      const [reservation, sale] = await Promise.allSettled([
        reserveDevice(device.publicId, customer(), testOrigin),
        sellDeviceOnInvoice(draft.id, draft.version, { device: device.publicId }, staffId),
      ]);
      const reserved =
        reservation.status === "fulfilled" && reservation.value.outcome === "reserved";
      const sold = sale.status === "fulfilled";
      expect(reserved !== sold).toBe(true);
      const now = await stockDeviceNow(handle.db, device.id);
      if (reserved) {
        expect(now.state).toBe("reserved");
        expect(sale.status === "rejected" && sale.reason).toBeInstanceOf(InvoiceRefused);
        expect((sale as PromiseRejectedResult).reason.message).toContain("reserved for a customer");
        expect((await invoiceWithItems(draft.id))!.lines).toEqual([]);
      } else {
        expect(now.state).toBe("sold");
        expect(reservation.status === "fulfilled" && reservation.value.outcome).toBe("taken");
        const holds = await handle.db
          .select()
          .from(stockReservations)
          .where(eq(stockReservations.stockDeviceId, device.id));
        expect(holds).toEqual([]);
      }
    }
  });
});
