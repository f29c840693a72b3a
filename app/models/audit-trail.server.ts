import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { auditEvents, staffUsers } from "#db/schema";
import type { AuditQuery } from "~/schemas/staff";
import { parseBookingReference } from "~/utils/booking-reference";
import { database } from "~/server/db.server";
import { parseRecordId } from "~/utils/record-id";
import { startOfShopDay } from "~/server/shop-day.server";
import { addDays } from "~/utils/shop-time";

export type AuditTrailEntry = {
  id: number;
  createdAt: Date;
  /** Null once the account is gone; disabled accounts keep their name here. */
  username: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  summary: string;
};

/**
 * The record a filter names: "WF-00042" or "42" for a booking, a number for a price item or a
 * staff account. A reference that names nothing matches nothing, rather than everything.
 */
function recordCondition(entity: AuditQuery["entity"], record: string): SQL {
  const bookingId =
    entity === undefined || entity === "booking" ? parseBookingReference(record) : undefined;
  if (entity === undefined) {
    return bookingId === undefined
      ? sql`false`
      : and(eq(auditEvents.entity, "booking"), eq(auditEvents.entityId, bookingId))!;
  }
  const id = entity === "booking" ? bookingId : parseRecordId(record);
  return id === undefined ? sql`false` : eq(auditEvents.entityId, id);
}

function conditions(query: Omit<AuditQuery, "page">): SQL[] {
  const where: SQL[] = [];
  if (query.staff) where.push(eq(auditEvents.staffUserId, query.staff));
  if (query.action) where.push(eq(auditEvents.action, query.action));
  if (query.entity) where.push(eq(auditEvents.entity, query.entity));
  if (query.record) where.push(recordCondition(query.entity, query.record));
  // Whole shop days, inclusive at both ends, whatever the server's own time zone.
  if (query.from) where.push(gte(auditEvents.createdAt, startOfShopDay(query.from)));
  if (query.to) where.push(lt(auditEvents.createdAt, startOfShopDay(addDays(query.to, 1))));
  return where;
}

/**
 * One page of the trail's rows, newest first, as a query not yet run. The order follows
 * audit_events_created_at_idx, so a page reads only its own rows however long the trail grows
 * (tests/integration/staff-accounts.test.ts reads the plan).
 */
export const auditPageRows = (
  db: Awaited<ReturnType<typeof database>>,
  where: SQL | undefined,
  { limit, offset }: { limit: number; offset: number },
) =>
  db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      username: staffUsers.username,
      action: auditEvents.action,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      summary: auditEvents.summary,
    })
    .from(auditEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, auditEvents.staffUserId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit)
    .offset(offset);

/** One page of the trail and how many entries match in all. */
export async function listAuditEvents(
  query: Omit<AuditQuery, "page">,
  page: { limit: number; offset: number },
) {
  const db = await database();
  const where = and(...conditions(query));
  const [rows, [total]] = await Promise.all([
    auditPageRows(db, where, page),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows satisfies AuditTrailEntry[] };
}
