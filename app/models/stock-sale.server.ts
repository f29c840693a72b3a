import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Transaction } from "#db/client";
import { stockDevices, stockReservations } from "#db/schema";
import { invoicing } from "~/config/shop";
import { gradeLabel } from "~/content/device-grades";
import { recordAudit } from "~/models/audit.server";
import { changeDeviceLines, InvoiceRefused } from "~/models/invoice.server";
import { isAvailable } from "~/models/shop-listing.server";
import { releaseSoldDevices } from "~/models/stock-release.server";
import { expireLapsedHolds } from "~/models/stock-reservation.server";
import { database } from "~/server/db.server";
import type { InvoiceLineKind } from "~/types/invoice";
import type { CounterDevice } from "~/types/shop";
import { invoiceLinesMax } from "~/utils/invoice-lines";
import { formatCents } from "~/utils/invoice-totals";

/*
 * Selling a device for sale at the counter (issue 33, decision 0072): a `device` line on a draft
 * invoice, added in the same transaction as the conditional UPDATE that marks the device sold. A
 * reservation or another sale of the same device at the same moment finds the row changed and is
 * refused; taking the line off the draft, or voiding the invoice, puts the device back on sale.
 */

type Device = typeof stockDevices.$inferSelect;

/** "Apple iPhone 13 128 GB, Excellent, IMEI 356938035643809": the line as the receipt shows it. */
const deviceLineDescription = (device: Device) =>
  [
    [device.brand, device.model, device.storage].filter(Boolean).join(" "),
    gradeLabel(device.grade),
    device.imei
      ? `IMEI ${device.imei}`
      : device.serialNumber
        ? `Serial ${device.serialNumber}`
        : "",
  ]
    .filter(Boolean)
    .join(", ")
    .slice(0, 200);

/** The device a clerk typed: its shop id, IMEI or serial number (any case, spaces ignored). */
async function deviceNamed(tx: Transaction, typed: string) {
  const text = typed.replace(/\s+/g, "");
  const [device] = await tx
    .select()
    .from(stockDevices)
    .where(
      or(
        eq(stockDevices.publicId, text.toLowerCase()),
        eq(stockDevices.imei, text),
        sql`upper(${stockDevices.serialNumber}) = upper(${text})`,
      ),
    )
    .orderBy(sql`${stockDevices.state} = 'sold'`, asc(stockDevices.id))
    .limit(1);
  return device;
}

/** Why a device could not be marked sold, as it stands now. */
async function refusalFor(tx: Transaction, device: Device, reference: string | undefined) {
  const [now] = await tx
    .select({
      state: stockDevices.state,
      heldNow: sql<boolean>`coalesce(${stockDevices.reservedUntil} > now(), false)`,
    })
    .from(stockDevices)
    .where(eq(stockDevices.id, device.id));
  if (now?.state === "sold") return "This device is already sold.";
  if (now?.state === "refurbishing") return "This device is not for sale yet: list it first.";
  if (now?.state === "reserved" && now.heldNow)
    return reference
      ? `${reference} is not a reservation held for this device. Check the reference on the Reservations page.`
      : "This device is reserved for a customer. Enter their reservation reference to sell it to them.";
  return "This device is not available for sale until its hold period ends.";
}

/**
 * Adds a device to a draft invoice and marks it sold, both or neither. A device reserved for a
 * customer is sold only with that reservation's reference, which marks the reservation collected.
 */
export function sellDeviceOnInvoice(
  invoiceId: number,
  readVersion: number,
  { device: typed, reservation }: { device: string; reservation?: string },
  staffId: number,
) {
  return changeDeviceLines(invoiceId, readVersion, staffId, async (tx, _invoice, lines) => {
    if (lines.length >= invoiceLinesMax)
      throw new InvoiceRefused(`An invoice takes at most ${invoiceLinesMax} lines.`);
    const device = await deviceNamed(tx, typed);
    if (!device) throw new InvoiceRefused("No device has that shop id, IMEI or serial number.");
    let sold: Device | undefined;
    if (reservation) {
      const [collected] = await tx
        .update(stockReservations)
        .set({ status: "collected", updatedAt: sql`now()` })
        .where(
          and(
            eq(stockReservations.reference, reservation),
            eq(stockReservations.stockDeviceId, device.id),
            eq(stockReservations.status, "held"),
            sql`${stockReservations.expiresAt} > now()`,
          ),
        )
        .returning({ id: stockReservations.id });
      if (collected)
        [sold] = await tx
          .update(stockDevices)
          .set(soldNow)
          .where(and(eq(stockDevices.id, device.id), eq(stockDevices.state, "reserved")))
          .returning();
    } else {
      await expireLapsedHolds(tx, device.id);
      [sold] = await tx
        .update(stockDevices)
        .set(soldNow)
        .where(and(eq(stockDevices.id, device.id), isAvailable()))
        .returning();
    }
    if (!sold) throw new InvoiceRefused(await refusalFor(tx, device, reservation));
    const description = deviceLineDescription(sold);
    await recordAudit(tx, staffId, {
      action: "stock.sell",
      entity: "stock_device",
      entityId: sold.id,
      summary: `${description} sold on invoice #${invoiceId} for ${formatCents(sold.priceCents)}${reservation ? ` (reservation ${reservation})` : ""}`,
    });
    return {
      lines: [
        ...lines,
        {
          kind: "device" as const,
          description,
          quantity: 1,
          unitCents: sold.priceCents,
          taxable: (invoicing.taxableKinds as readonly InvoiceLineKind[]).includes("device"),
          stockDeviceId: sold.id,
        },
      ],
      summary: `device added: ${description}`,
    };
  });
}

const soldNow = {
  state: "sold" as const,
  soldAt: sql`now()`,
  reservedUntil: null,
  version: sql`${stockDevices.version} + 1`,
  updatedAt: sql`now()`,
};

/** Takes a device's line off a draft and puts the device back on sale. */
export function takeDeviceOffInvoice(
  invoiceId: number,
  readVersion: number,
  stockDeviceId: number,
  staffId: number,
) {
  return changeDeviceLines(invoiceId, readVersion, staffId, async (tx, _invoice, lines) => {
    const line = lines.find((one) => one.stockDeviceId === stockDeviceId);
    if (!line) throw new InvoiceRefused("That device is no longer on this invoice.");
    await releaseSoldDevices(tx, invoiceId, staffId, [stockDeviceId]);
    return {
      lines: lines.filter((one) => one !== line),
      summary: `device taken off: ${line.description}`,
    };
  });
}

/** The devices the counter's picker offers, by model. */
export async function counterDevices(): Promise<CounterDevice[]> {
  const db = await database();
  const rows = await db
    .select({
      publicId: stockDevices.publicId,
      brand: stockDevices.brand,
      model: stockDevices.model,
      storage: stockDevices.storage,
      imei: stockDevices.imei,
      serialNumber: stockDevices.serialNumber,
      priceCents: stockDevices.priceCents,
      reserved: sql<boolean>`coalesce(${stockDevices.state} = 'reserved' and ${stockDevices.reservedUntil} > now(), false)`,
    })
    .from(stockDevices)
    .where(or(isAvailable(), eq(stockDevices.state, "reserved")))
    .orderBy(asc(stockDevices.brand), asc(stockDevices.model), asc(stockDevices.id))
    .limit(500);
  return rows.map((row) => ({
    publicId: row.publicId,
    reserved: row.reserved,
    label: `${[row.brand, row.model, row.storage].filter(Boolean).join(" ")}, ${formatCents(row.priceCents)}${row.imei ? `, IMEI ${row.imei}` : row.serialNumber ? `, serial ${row.serialNumber}` : ""}${row.reserved ? " (reserved)" : ""}`,
  }));
}

/** The warranty months of the devices sold on these lines, by device. */
export async function warrantyMonthsOf(stockDeviceIds: number[]): Promise<Map<number, number>> {
  if (!stockDeviceIds.length) return new Map();
  const db = await database();
  const rows = await db
    .select({ id: stockDevices.id, months: stockDevices.warrantyMonths })
    .from(stockDevices)
    .where(inArray(stockDevices.id, stockDeviceIds));
  return new Map(rows.map((row) => [row.id, row.months]));
}
