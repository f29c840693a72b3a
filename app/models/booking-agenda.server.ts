import { and, asc, count, eq, gte, lt, lte, ne, notInArray, type SQL } from "drizzle-orm";
import { bookings, buybackOffers } from "#db/schema";
import { booking as bookingRules, type CategorySlug, type Urgency } from "~/config/shop";
import type { AgendaStatusFilter } from "~/schemas/admin-agenda";
import type { BookingStatus } from "~/utils/booking-status";
import { database } from "~/server/db.server";
import { dropOffHoldsItsSlot } from "~/models/booking-slot.server";
import { deviceName } from "~/models/buyback-grid.server";
import { agendaLimit, type AgendaDropOff, type AgendaItem } from "~/utils/agenda";
import { shopToday } from "~/utils/shop-time";

export type AgendaFilters = {
  status: AgendaStatusFilter;
  category?: CategorySlug;
  urgency?: Urgency;
};

/** The overdue and pickup lists show this many, oldest first, and say how many there are in all. */
const flaggedListLimit = 50;

const itemColumns = {
  id: bookings.id,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  deviceCategory: bookings.deviceCategory,
  deviceBrand: bookings.deviceBrand,
  deviceModel: bookings.deviceModel,
  issueType: bookings.issueType,
  preferredDate: bookings.preferredDate,
  preferredTime: bookings.preferredTime,
  urgency: bookings.urgency,
  status: bookings.status,
  expectedDeliveryDate: bookings.expectedDeliveryDate,
  phoneDigits: bookings.phoneDigits,
  version: bookings.version,
};

function filterConditions(filters: AgendaFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status === "active") conditions.push(ne(bookings.status, "cancelled"));
  else if (filters.status !== "all") conditions.push(eq(bookings.status, filters.status));
  if (filters.category) conditions.push(eq(bookings.deviceCategory, filters.category));
  if (filters.urgency) conditions.push(eq(bookings.urgency, filters.urgency));
  return conditions;
}

/**
 * Appointments from `from` to `to` (shop dates, inclusive) in date and time order. The preferred
 * date and time are the shop's own calendar values, so no time-zone arithmetic is needed; the
 * range reads bookings_slot_idx on (preferred_date, preferred_time).
 */
export async function agendaAppointments(
  from: string,
  to: string,
  filters: AgendaFilters,
): Promise<{ items: AgendaItem[]; truncated: boolean }> {
  const db = await database();
  const rows = await db
    .select(itemColumns)
    .from(bookings)
    .where(
      and(
        gte(bookings.preferredDate, from),
        lte(bookings.preferredDate, to),
        ...filterConditions(filters),
      ),
    )
    .orderBy(asc(bookings.preferredDate), asc(bookings.preferredTime), asc(bookings.id))
    .limit(agendaLimit + 1);
  return { items: rows.slice(0, agendaLimit), truncated: rows.length > agendaLimit };
}

/**
 * The /sell drop-offs that hold a place in the slots of `date` (decision 0072), in time order, so
 * the day's slots show every place taken.
 */
export async function agendaDropOffs(date: string): Promise<AgendaDropOff[]> {
  const db = await database();
  const rows = await db
    .select({
      id: buybackOffers.id,
      reference: buybackOffers.reference,
      name: buybackOffers.name,
      brand: buybackOffers.brand,
      model: buybackOffers.model,
      storage: buybackOffers.storage,
      dropOffTime: buybackOffers.dropOffTime,
    })
    .from(buybackOffers)
    .where(and(eq(buybackOffers.dropOffDate, date), dropOffHoldsItsSlot))
    .orderBy(asc(buybackOffers.dropOffTime), asc(buybackOffers.id));
  return rows.map(({ brand, model, storage, dropOffTime, ...row }) => ({
    ...row,
    device: deviceName({ brand, model, storage }),
    dropOffTime: dropOffTime ?? "",
  }));
}

/** Statuses whose repair is no longer the workshop's to finish. */
const doneStatuses: BookingStatus[] = ["completed", "cancelled", "ready_for_pickup"];

/**
 * Repairs past their expected delivery (before the shop's today) that are not finished, oldest
 * promise first; read through bookings_expected_delivery_idx.
 */
export async function overdueRepairs(
  now = new Date(),
): Promise<{ total: number; items: AgendaItem[] }> {
  const db = await database();
  const where = and(
    lt(bookings.expectedDeliveryDate, shopToday(now)),
    notInArray(bookings.status, doneStatuses),
  );
  const [items, [counted]] = await Promise.all([
    db
      .select(itemColumns)
      .from(bookings)
      .where(where)
      .orderBy(asc(bookings.expectedDeliveryDate), asc(bookings.id))
      .limit(flaggedListLimit),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { total: counted?.n ?? 0, items };
}

type PickupItem = AgendaItem & { readySince: Date };

export async function waitingForPickup(
  now = new Date(),
  days: number = bookingRules.pickupWaitDays,
): Promise<{ total: number; items: PickupItem[] }> {
  const db = await database();
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const where = and(eq(bookings.status, "ready_for_pickup"), lt(bookings.statusChangedAt, cutoff));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...itemColumns, readySince: bookings.statusChangedAt })
      .from(bookings)
      .where(where)
      .orderBy(asc(bookings.statusChangedAt), asc(bookings.id))
      .limit(flaggedListLimit),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { total: counted?.n ?? 0, items: rows };
}
