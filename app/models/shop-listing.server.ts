import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { photos, stockDevices } from "#db/schema";
import { shopPageSize, type ShopFilters } from "~/schemas/shop-filters";
import { database } from "~/server/db.server";
import type { ShopDevice, ShopDeviceDetail } from "~/types/shop";
import type { StockState } from "~/types/trade";
import { shopToday } from "~/utils/shop-time";

/*
 * The public shop's reads (issue 33). Every request reads the table (no cache anywhere), so a
 * device sold or reserved on one instance leaves /shop on every instance at once.
 */

/**
 * For sale now: listed and past any hold period, or reserved by a hold that has run out (no sweep
 * is needed: every read treats an expired hold as free).
 */
export const isAvailable = (): SQL =>
  and(
    or(
      eq(stockDevices.state, "for_sale"),
      and(eq(stockDevices.state, "reserved"), lte(stockDevices.reservedUntil, sql`now()`)),
    ),
    or(isNull(stockDevices.availableFrom), lte(stockDevices.availableFrom, shopToday())),
  )!;

const card = {
  id: stockDevices.id,
  publicId: stockDevices.publicId,
  category: stockDevices.category,
  brand: stockDevices.brand,
  model: stockDevices.model,
  storage: stockDevices.storage,
  colour: stockDevices.colour,
  grade: stockDevices.grade,
  batteryHealth: stockDevices.batteryHealth,
  priceCents: stockDevices.priceCents,
  warrantyMonths: stockDevices.warrantyMonths,
};

const sorts = {
  newest: [desc(sql`coalesce(${stockDevices.listedAt}, ${stockDevices.createdAt})`)],
  price_asc: [asc(stockDevices.priceCents)],
  price_desc: [desc(stockDevices.priceCents)],
} as const;

function filtersWhere(filters: ShopFilters): SQL {
  return and(
    isAvailable(),
    filters.category ? eq(stockDevices.category, filters.category) : undefined,
    filters.brand ? sql`lower(${stockDevices.brand}) = lower(${filters.brand})` : undefined,
    filters.grade ? eq(stockDevices.grade, filters.grade) : undefined,
    filters.min !== undefined ? sql`${stockDevices.priceCents} >= ${filters.min * 100}` : undefined,
    filters.max !== undefined ? sql`${stockDevices.priceCents} <= ${filters.max * 100}` : undefined,
  )!;
}

/** Each device's photos of kind `stock`, oldest first (the first is its cover). */
async function photosOf(deviceIds: number[]) {
  if (!deviceIds.length) return [];
  const db = await database();
  return db
    .select({
      stockDeviceId: photos.stockDeviceId,
      publicId: photos.publicId,
      caption: photos.caption,
      width: photos.width,
      height: photos.height,
    })
    .from(photos)
    .where(and(eq(photos.kind, "stock"), inArray(photos.stockDeviceId, deviceIds)))
    .orderBy(asc(photos.createdAt), asc(photos.id));
}

/** One page of the devices for sale that match, and how many match in all. */
export async function listShopDevices(
  filters: ShopFilters,
): Promise<{ devices: ShopDevice[]; total: number }> {
  const db = await database();
  const where = filtersWhere(filters);
  const [totals] = await db.select({ n: count() }).from(stockDevices).where(where);
  const rows = await db
    .select(card)
    .from(stockDevices)
    .where(where)
    .orderBy(...sorts[filters.sort], desc(stockDevices.id))
    .limit(shopPageSize)
    .offset((filters.page - 1) * shopPageSize);
  const covers = new Map<number, string>();
  for (const photo of await photosOf(rows.map((row) => row.id)))
    if (!covers.has(photo.stockDeviceId!)) covers.set(photo.stockDeviceId!, photo.publicId);
  return {
    total: totals?.n ?? 0,
    devices: rows.map(({ id, ...device }) => ({ ...device, photo: covers.get(id) ?? null })),
  };
}

/** The brands of the devices for sale now, for the filter's list. */
export async function shopBrands(): Promise<string[]> {
  const db = await database();
  const rows = await db
    .selectDistinct({ brand: stockDevices.brand })
    .from(stockDevices)
    .where(isAvailable())
    .orderBy(asc(stockDevices.brand));
  return rows.map((row) => row.brand);
}

const shownStates: StockState[] = ["for_sale", "reserved", "sold"];

/**
 * A device's public page, or undefined when no device listed or once listed has this public id (one
 * still being refurbished has never been shown).
 */
export async function shopDevice(publicId: string): Promise<ShopDeviceDetail | undefined> {
  const db = await database();
  const [row] = await db
    .select({
      ...card,
      description: stockDevices.description,
      state: stockDevices.state,
      listedAt: stockDevices.listedAt,
      available: sql<boolean>`coalesce(${isAvailable()}, false)`,
      onShow: sql<boolean>`coalesce(${stockDevices.availableFrom} is null or ${stockDevices.availableFrom} <= ${shopToday()}, false)`,
    })
    .from(stockDevices)
    .where(and(eq(stockDevices.publicId, publicId), inArray(stockDevices.state, shownStates)));
  if (!row || (row.state !== "sold" && !row.onShow)) return undefined;
  const { id, state, available, onShow: _onShow, ...device } = row;
  return {
    ...device,
    availability: available ? "available" : state === "sold" ? "sold" : "reserved",
    photos: (await photosOf([id])).map(({ stockDeviceId: _device, ...photo }) => photo),
  };
}
