import { asc, eq, gte, sql } from "drizzle-orm";
import type { Database, Transaction } from "#db/client";
import { hoursExceptions } from "#db/schema";
import { booking } from "~/config/shop";
import { recordAudit } from "~/models/audit.server";
import { auditedChanges, missedSince, type RecordChange } from "~/models/record-changes.server";
import { database } from "~/server/db.server";
import { announceCatalogueChange } from "~/server/page-cache-events.server";
import type {
  CalendarEntry,
  CalendarException,
  PageCalendar,
  ShopCalendar,
} from "~/types/shop-calendar";
import { hoursText } from "~/utils/shop-calendar";
import { addDays, formatCalendarDate, shopOffsets, shopToday } from "~/utils/shop-time";

type Reader = Pick<Database, "select">;
type Row = typeof hoursExceptions.$inferSelect;

const entryOf = (row: Row): CalendarEntry => ({
  id: row.id,
  version: row.version,
  from: row.startsOn,
  to: row.endsOn,
  hours:
    row.opensAt === null || row.closesAt === null
      ? null
      : { open: row.opensAt, close: row.closesAt },
  reason: row.reason,
});

const columnsOf = (exception: CalendarException) => ({
  startsOn: exception.from,
  endsOn: exception.hours ? exception.from : exception.to,
  opensAt: exception.hours?.open ?? null,
  closesAt: exception.hours?.close ?? null,
  reason: exception.reason,
});

/** The rows whose dates meet `from` to `to` (inclusive), read off the exclusion constraint's index. */
const covering = (from: string, to: string) =>
  sql`daterange(${hoursExceptions.startsOn}, ${hoursExceptions.endsOn}, '[]') && daterange(${from}::date, ${to}::date, '[]')`;

/**
 * The owner's closures and special hours that cover any date from `from` to `to`, read in
 * `reader` (the booking's transaction passes itself, so the day is judged as it stands when the
 * booking is stored).
 */
export function calendarBetween(
  from: string,
  to: string,
  reader: Reader,
): Promise<CalendarEntry[]> {
  return reader
    .select()
    .from(hoursExceptions)
    .where(covering(from, to))
    .orderBy(asc(hoursExceptions.startsOn))
    .then((rows) => rows.map(entryOf));
}

/** The calendar from `from` to `to`, as the slot rules take it. */
export async function shopCalendar(from: string, to: string): Promise<ShopCalendar> {
  return calendarBetween(from, to, await database());
}

/** The offsets of the days a page carries: the same all day, so worked out once a day, not per page. */
let lastOffsets: { days: string; offsets: [number, number][] } | undefined;
function offsetsOver(today: string, until: string) {
  const days = `${today} ${until}`;
  if (lastOffsets?.days !== days) lastOffsets = { days, offsets: shopOffsets(today, until) };
  return lastOffsets.offsets;
}

/**
 * What a public page carries of the calendar: today to the end of the booking window, the owner's
 * exceptions without their row ids (the page's script works out the rest, decision 0055).
 */
export async function pageCalendar(now = new Date()): Promise<PageCalendar> {
  const today = shopToday(now);
  const until = addDays(today, booking.maxDaysAhead);
  const entries = await calendarBetween(today, until, await database());
  return {
    today,
    until,
    exceptions: entries.map(({ from, to, hours, reason }) => ({ from, to, hours, reason })),
    offsets: offsetsOver(today, until),
  };
}

/** The entries staff still act on: every one that ends today or later, soonest first. */
export async function upcomingEntries(today: string): Promise<CalendarEntry[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(hoursExceptions)
    .where(gte(hoursExceptions.endsOn, today))
    .orderBy(asc(hoursExceptions.startsOn));
  return rows.map(entryOf);
}

/** An entry as the audit trail and the refusals name it: "Closed Dec 24, 2026 to Dec 26, 2026 (Renovation)". */
export function entryText(entry: CalendarException): string {
  const from = formatCalendarDate(entry.from, "medium");
  const days =
    entry.hours || entry.from === entry.to
      ? from
      : `${from} to ${formatCalendarDate(entry.to, "medium")}`;
  const reason = entry.reason ? ` (${entry.reason})` : "";
  return entry.hours
    ? `Open ${days}, ${hoursText(entry.hours.open, entry.hours.close)}${reason}`
    : `Closed ${days}${reason}`;
}

/** Every change to an entry is one of these audit entries, each one version. */
const entryChanges = (id: number) => ({
  entity: "hours_exception",
  entityId: id,
  actions: ["hours.change", "hours.remove"],
});

export type CalendarSaveResult =
  | { outcome: "saved"; entry: CalendarEntry }
  /** Another entry already covers one of the dates (`others`: which, as stored now). */
  | { outcome: "overlap"; others: CalendarEntry[] }
  /** Removed by someone else: `changes` says who and when. */
  | { outcome: "gone"; changes: RecordChange[] }
  | { outcome: "changed_meanwhile"; current: CalendarEntry; changes: RecordChange[] };

export type CalendarRemoveResult =
  Exclude<CalendarSaveResult, { outcome: "saved" | "overlap" }> | { outcome: "removed" };

/** Both drivers report Postgres's SQLSTATE; Drizzle may wrap the driver's error in its own. */
function isOverlap(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === "object" && "code" in e ? e.code : undefined);
  return code(error) === "23P01" || code((error as { cause?: unknown } | null)?.cause) === "23P01";
}

/**
 * Runs a write; one refused by the exclusion constraint (another entry covers a date, even one
 * saved a moment ago by someone else) answers with the entries in the way.
 */
async function unlessOverlapping(
  exception: CalendarException,
  ignoring: number | undefined,
  write: () => Promise<CalendarSaveResult>,
): Promise<CalendarSaveResult> {
  try {
    return await write();
  } catch (error) {
    if (!isOverlap(error)) throw error;
    const { startsOn, endsOn } = columnsOf(exception);
    const others = await calendarBetween(startsOn, endsOn, await database());
    return { outcome: "overlap", others: others.filter((other) => other.id !== ignoring) };
  }
}

/** The entry locked for a change read at `readVersion`, or why the change may not apply. */
async function lockedEntry(tx: Transaction, id: number, readVersion: number) {
  const [row] = await tx
    .select()
    .from(hoursExceptions)
    .where(eq(hoursExceptions.id, id))
    .for("update");
  if (!row)
    return {
      refused: { outcome: "gone", changes: await auditedChanges(tx, entryChanges(id), 1) } as const,
    };
  if (row.version !== readVersion) {
    const changes = await auditedChanges(
      tx,
      entryChanges(id),
      missedSince(row.version, readVersion),
    );
    return {
      refused: { outcome: "changed_meanwhile", current: entryOf(row), changes } as const,
    };
  }
  return { row };
}

/**
 * The owner (or a manager) adds a closure or a date's special hours: refused when another entry
 * covers one of its dates; recorded in the audit trail; every instance drops its kept pages, whose
 * hours it changes.
 */
export async function addCalendarEntry(
  exception: CalendarException,
  staffId: number,
): Promise<CalendarSaveResult> {
  const db = await database();
  return unlessOverlapping(exception, undefined, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(hoursExceptions).values(columnsOf(exception)).returning();
      const entry = entryOf(row!);
      await announceCatalogueChange(tx);
      await recordAudit(tx, staffId, {
        action: "hours.add",
        entity: "hours_exception",
        entityId: entry.id,
        summary: `Hours: added ${entryText(entry)}`,
        details: { after: columnsOf(entry) },
      });
      return { outcome: "saved", entry };
    }),
  );
}

/**
 * Changes an entry read at `readVersion`: refused when someone changed or removed it since
 * (decision 0039) or when its new dates meet another entry's.
 */
export async function changeCalendarEntry(
  id: number,
  exception: CalendarException,
  staffId: number,
  readVersion: number,
): Promise<CalendarSaveResult> {
  const db = await database();
  return unlessOverlapping(exception, id, () =>
    db.transaction(async (tx) => {
      const locked = await lockedEntry(tx, id, readVersion);
      if (locked.refused) return locked.refused;
      const before = entryOf(locked.row);
      const [row] = await tx
        .update(hoursExceptions)
        .set({
          ...columnsOf(exception),
          version: sql`${hoursExceptions.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(hoursExceptions.id, id))
        .returning();
      const entry = entryOf(row!);
      await announceCatalogueChange(tx);
      await recordAudit(tx, staffId, {
        action: "hours.change",
        entity: "hours_exception",
        entityId: id,
        summary: `Hours: ${entryText(before)} → ${entryText(entry)}`,
        details: { before: columnsOf(before), after: columnsOf(entry) },
      });
      return { outcome: "saved", entry };
    }),
  );
}

/**
 * Removes an entry as read at `readVersion` (the day then keeps the week's hours, or closes again
 * if it is a statutory holiday); refused when someone changed it since.
 */
export async function removeCalendarEntry(
  id: number,
  staffId: number,
  readVersion: number,
): Promise<CalendarRemoveResult> {
  const db = await database();
  return db.transaction(async (tx) => {
    const locked = await lockedEntry(tx, id, readVersion);
    if (locked.refused) return locked.refused;
    const before = entryOf(locked.row);
    await tx.delete(hoursExceptions).where(eq(hoursExceptions.id, id));
    await announceCatalogueChange(tx);
    await recordAudit(tx, staffId, {
      action: "hours.remove",
      entity: "hours_exception",
      entityId: id,
      summary: `Hours: removed ${entryText(before)}`,
      details: { before: columnsOf(before) },
    });
    return { outcome: "removed" };
  });
}

/** The last few changes to the hours, newest first, for the page to show. */
export async function recentCalendarChanges(count: number): Promise<RecordChange[]> {
  return auditedChanges(
    await database(),
    { entity: "hours_exception", actions: ["hours.add", "hours.change", "hours.remove"] },
    count,
  );
}
