import { and, asc, count, eq, ilike, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { stockDevices } from "#db/schema";
import type { CategorySlug } from "~/config/shop";
import { recordAudit } from "~/models/audit.server";
import { stockPhotos } from "~/models/photo.server";
import type { StockInput } from "~/schemas/stock-device";
import { database } from "~/server/db.server";
import type { StockState } from "~/types/trade";
import { formatCents } from "~/utils/invoice-totals";
import { containsPattern } from "~/utils/search";
import { formatLongDate, shopToday } from "~/utils/shop-time";
import { stockStateWords } from "~/utils/trade-words";
import { newStockPublicId } from "~/utils/shop-device";

/*
 * The devices the shop sells (decision 0072): from a counter purchase or bought as stock. Every
 * change of state is one conditional UPDATE of the row, so two changes arriving at once cannot
 * both win; these staff pages move a device between Refurbishing and For sale only, never a
 * reserved or sold one.
 */

/** A change staff asked for that the device's state or dates refuse: the message says why. */
export class StockRefused extends Error {}

/** The device was saved by someone else after this copy was read: nothing was saved. */
export class StockChangedMeanwhile extends Error {
  constructor() {
    super(
      "This device was changed by someone else after you opened it, so nothing was saved. Look at it again below and make your change once more.",
    );
  }
}

const deviceLabel = (d: { brand: string; model: string; storage: string }) =>
  [d.brand, d.model, d.storage].filter(Boolean).join(" ");

/** What an issued invoice sold it for (its device line), for the margin: null while unsold. */
// Written out with the tables' names: in a one-table select Drizzle leaves columns unqualified.
const soldCents = sql<number | null>`(
  select line.unit_cents from invoice_lines line
  join invoices invoice on invoice.id = line.invoice_id
  where line.stock_device_id = "stock_devices"."id" and invoice.status = 'issued'
  limit 1)`;

export type StockFilters = { q?: string; state?: StockState; category?: CategorySlug };

function stockSearch(q: string): SQL | undefined {
  const words = q.trim();
  if (!words) return undefined;
  const pattern = containsPattern(words);
  return or(
    ilike(sql`${stockDevices.brand} || ' ' || ${stockDevices.model}`, pattern),
    // An IMEI typed with spaces or dashes is its digits; anything with a letter is no IMEI.
    /^[\d\s-]+$/.test(words)
      ? ilike(stockDevices.imei, containsPattern(words.replace(/\D/g, "")))
      : undefined,
    ilike(stockDevices.serialNumber, pattern),
  );
}

/** The inventory, oldest stock first (what has waited longest shows on top), with what it sold for. */
export async function listStock(filters: StockFilters, limit: number, offset: number) {
  const db = await database();
  const where = and(
    filters.state ? eq(stockDevices.state, filters.state) : undefined,
    filters.category ? eq(stockDevices.category, filters.category) : undefined,
    filters.q ? stockSearch(filters.q) : undefined,
  );
  const [items, [counted]] = await Promise.all([
    db
      .select({
        id: stockDevices.id,
        category: stockDevices.category,
        brand: stockDevices.brand,
        model: stockDevices.model,
        storage: stockDevices.storage,
        colour: stockDevices.colour,
        grade: stockDevices.grade,
        batteryHealth: stockDevices.batteryHealth,
        state: stockDevices.state,
        priceCents: stockDevices.priceCents,
        costCents: stockDevices.costCents,
        acquiredAt: stockDevices.acquiredAt,
        soldAt: stockDevices.soldAt,
        soldCents,
      })
      .from(stockDevices)
      .where(where)
      .orderBy(asc(stockDevices.acquiredAt), asc(stockDevices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(stockDevices).where(where),
  ]);
  return { total: counted?.n ?? 0, items };
}

/** One device for the staff page, with its photos and what it sold for. */
export async function stockDevice(id: number) {
  const db = await database();
  const [row] = await db
    .select({ device: stockDevices, soldCents })
    .from(stockDevices)
    .where(eq(stockDevices.id, id));
  if (!row) return undefined;
  return { ...row.device, soldCents: row.soldCents, photos: await stockPhotos(id) };
}

/**
 * A device by its public id with its photos, for the public pages (/shop): undefined unless it is
 * for sale or reserved (a reserved one still has its page, saying so). Cost is left out.
 */
export async function stockDeviceByPublicId(publicId: string) {
  const db = await database();
  const [device] = await db
    .select()
    .from(stockDevices)
    .where(
      and(
        eq(stockDevices.publicId, publicId),
        or(eq(stockDevices.state, "for_sale"), eq(stockDevices.state, "reserved")),
      ),
    );
  if (!device) return undefined;
  const { costCents: _cost, createdBy: _by, purchaseId: _purchase, ...shown } = device;
  return { ...shown, photos: await stockPhotos(device.id) };
}

const columnsOf = (input: StockInput) => ({
  category: input.category,
  brand: input.brand,
  model: input.model,
  storage: input.storage ?? "",
  colour: input.colour ?? null,
  grade: input.grade,
  batteryHealth: input.batteryHealth ?? null,
  imei: input.identifier.kind === "imei" ? input.identifier.value : null,
  serialNumber: input.identifier.kind === "serial" ? input.identifier.value : null,
  description: input.description ?? "",
  priceCents: input.priceCents,
  costCents: input.costCents,
  warrantyMonths: input.warrantyMonths,
});

/** Stock bought elsewhere (a supplier, a trade): in Refurbishing until staff list it. */
export async function addStock(input: StockInput, staffId: number, now = new Date()) {
  const db = await database();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(stockDevices)
      .values({
        ...columnsOf(input),
        publicId: newStockPublicId(),
        acquiredAt: now,
        createdBy: staffId,
      })
      .returning();
    await recordAudit(tx, staffId, {
      action: "stock.create",
      entity: "stock_device",
      entityId: created!.id,
      summary: `${deviceLabel(created!)} added to stock at a cost of ${formatCents(created!.costCents)}`,
    });
    return created!;
  });
}

/** Why a change of this copy was refused: the device gone (undefined), or changed meanwhile. */
async function refusalFor(tx: Pick<Awaited<ReturnType<typeof database>>, "select">, id: number) {
  const [current] = await tx.select().from(stockDevices).where(eq(stockDevices.id, id));
  if (!current) return undefined;
  throw new StockChangedMeanwhile();
}

/** Saves the device's details on the copy read at `readVersion`; its state does not change here. */
export async function updateStock(
  id: number,
  readVersion: number,
  input: StockInput,
  staffId: number,
) {
  const db = await database();
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(stockDevices)
      .set({
        ...columnsOf(input),
        version: sql`${stockDevices.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(stockDevices.id, id), eq(stockDevices.version, readVersion)))
      .returning();
    if (!saved) return refusalFor(tx, id);
    await recordAudit(tx, staffId, {
      action: "stock.update",
      entity: "stock_device",
      entityId: id,
      summary: `${deviceLabel(saved)}: details saved (price ${formatCents(saved.priceCents)})`,
    });
    return saved;
  });
}

/**
 * Lists a device (Refurbishing → For sale) or takes it back to Refurbishing (For sale → back),
 * as one conditional UPDATE: the copy's version, the state it must be in, and for listing a price
 * and the hold period over. A reserved or sold device is never moved from here.
 */
export async function moveStock(
  id: number,
  readVersion: number,
  to: "for_sale" | "refurbishing",
  staffId: number,
  now = new Date(),
) {
  const db = await database();
  const today = shopToday(now);
  const from: StockState = to === "for_sale" ? "refurbishing" : "for_sale";
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(stockDevices)
      .set({
        state: to,
        listedAt: to === "for_sale" ? now : null,
        version: sql`${stockDevices.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(stockDevices.id, id),
          eq(stockDevices.version, readVersion),
          eq(stockDevices.state, from),
          to === "for_sale"
            ? and(
                ne(stockDevices.priceCents, 0),
                or(isNull(stockDevices.availableFrom), lte(stockDevices.availableFrom, today)),
              )
            : undefined,
        ),
      )
      .returning();
    if (!moved) {
      const [current] = await tx.select().from(stockDevices).where(eq(stockDevices.id, id));
      if (!current) return undefined;
      if (current.version !== readVersion) throw new StockChangedMeanwhile();
      if (current.state !== from)
        throw new StockRefused(
          `This device is ${stockStateWords[current.state]}: it cannot be moved to ${stockStateWords[to]} from here.`,
        );
      if (current.priceCents === 0)
        throw new StockRefused("Please set the device's price before putting it up for sale.");
      throw new StockRefused(
        `This device is on hold until ${formatLongDate(current.availableFrom!)}: it can be put up for sale from that day.`,
      );
    }
    await recordAudit(tx, staffId, {
      action: "stock.state",
      entity: "stock_device",
      entityId: id,
      summary: `${deviceLabel(moved)}: ${stockStateWords[from]} → ${stockStateWords[to]}`,
    });
    return moved;
  });
}
