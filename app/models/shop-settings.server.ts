import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { shopSettings } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import {
  auditedChanges,
  ChangedMeanwhile,
  missedSince,
  type AuditedRecord,
} from "~/models/record-changes.server";
import { booking } from "~/config/shop";
import { database } from "~/server/db.server";
import { settings } from "~/server/env.server";
import type { ShopSettingsChange } from "~/schemas/shop-settings";

type Reader = Pick<Database, "select">;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ShopSettings = ShopSettingsChange & {
  version: number;
  /** Null until the first save: the environment's values until then. */
  updatedAt: Date | null;
};

const settingsChanges: AuditedRecord = {
  entity: "shop_settings",
  entityId: 1,
  actions: ["settings.update"],
};

/** What the shop runs on before anyone saved the Settings page: the environment's values. */
function startingSettings(): ShopSettings {
  const env = settings();
  return {
    bookingSlotCapacity: env.bookingSlotCapacity,
    bookingLimitPerCustomer: env.bookingLimitPerCustomer,
    changeCutoffHours: booking.defaultChangeCutoffHours,
    quoteApprovalStartsRepair: env.quoteApprovalStartsRepair,
    // Received until staff confirm it (decision 0059): no variable, the Settings page decides.
    bookingsConfirmedAtOnce: false,
    version: 1,
    updatedAt: null,
  };
}

/**
 * The shop's settings now, read in `reader` (a transaction that must see its own writes passes
 * itself). Every instance reads the one row, so a save counts on all of them at once.
 */
export async function shopSettingsNow(reader?: Reader): Promise<ShopSettings> {
  const [row] = await (reader ?? (await database()))
    .select()
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row ?? startingSettings();
}

/** The slot capacity as SQL, for a query that counts against it without another round trip. */
export const slotCapacitySql = () =>
  sql<number>`coalesce((select ${shopSettings.bookingSlotCapacity} from ${shopSettings} where ${shopSettings.id} = 1), ${settings().bookingSlotCapacity})`;

/** A save on settings read before someone else changed them: nothing was stored. */
export class SettingsChangedMeanwhile extends ChangedMeanwhile<ShopSettings> {}

const words: Record<keyof ShopSettingsChange, (value: never) => string> = {
  bookingSlotCapacity: (n: number) => `bookings per time ${n}`,
  bookingLimitPerCustomer: (n: number) => `upcoming bookings per customer ${n}`,
  changeCutoffHours: (n: number) => `online changes until ${n} hours before`,
  quoteApprovalStartsRepair: (on: boolean) =>
    on ? "an approved quote starts the repair" : "an approved quote leaves the status to staff",
  bookingsConfirmedAtOnce: (on: boolean) =>
    on ? "new online bookings are confirmed at once" : "new online bookings are received",
};

/**
 * Whether a new online booking is confirmed at once, as SQL, for the statement that stores the
 * booking and queues its messages (no round trip of its own).
 */
export const confirmedAtOnceSql = () =>
  sql<boolean>`coalesce((select ${shopSettings.bookingsConfirmedAtOnce} from ${shopSettings} where ${shopSettings.id} = 1), false)`;

async function lockedSettings(tx: Tx, readVersion: number | undefined) {
  const start = startingSettings();
  await tx
    .insert(shopSettings)
    .values({ id: 1, ...start, updatedAt: undefined })
    .onConflictDoNothing();
  const [current] = await tx
    .select()
    .from(shopSettings)
    .where(eq(shopSettings.id, 1))
    .for("update");
  if (!current) throw new Error("the settings row was not stored");
  if (readVersion !== undefined && readVersion !== current.version)
    throw new SettingsChangedMeanwhile(
      current,
      await auditedChanges(tx, settingsChanges, missedSince(current.version, readVersion)),
      "the shop settings changed since they were read",
    );
  return current;
}

/**
 * The owner or a manager saves the Settings page: refused when read at an older version (the
 * first save reads version 1, the environment's values); audited with each value changed.
 */
export async function updateShopSettings(
  change: ShopSettingsChange,
  staffId: number,
  readVersion: number | undefined,
): Promise<ShopSettings> {
  const db = await database();
  return db.transaction(async (tx) => {
    const current = await lockedSettings(tx, readVersion);
    const fields = (Object.keys(words) as (keyof ShopSettingsChange)[]).filter(
      (f) => current[f] !== change[f],
    );
    if (!fields.length) return current;
    const [updated] = await tx
      .update(shopSettings)
      .set({ ...change, version: sql`${shopSettings.version} + 1`, updatedAt: sql`now()` })
      .where(eq(shopSettings.id, 1))
      .returning();
    await recordAudit(tx, staffId, {
      action: "settings.update",
      entity: "shop_settings",
      entityId: 1,
      summary: `Shop settings: ${fields.map((f) => words[f](change[f] as never)).join("; ")}`,
      details: Object.fromEntries(fields.map((f) => [f, { from: current[f], to: change[f] }])),
    });
    return updated!;
  });
}

/** The last few saves of the Settings page, newest first, for the page to show. */
export async function recentSettingsChanges(count: number) {
  return auditedChanges(await database(), settingsChanges, count);
}
