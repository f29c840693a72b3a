import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { auditEvents, staffUsers } from "#db/schema";

/** A change someone made to a record: when, who (a staff member, or the customer), what. */
export type RecordChange = { at: Date; by: string; summary: string };

/**
 * A save on a copy of a record read before someone else changed it: nothing was stored, so their
 * change is not undone (docs/decisions/0039). `current` is the record now, `changes` what happened
 * since the copy was read, newest first.
 */
export class ChangedMeanwhile<Row> extends Error {
  constructor(
    readonly current: Row,
    readonly changes: RecordChange[],
    message: string,
  ) {
    super(message);
  }
}

type Reader = Pick<Database, "select">;

/**
 * Which audit entries are a record's changes: one per version after the first. Without
 * `entityId`, those of every record of the kind (the hours page's recent changes).
 */
export type AuditedRecord = { entity: string; entityId?: number; actions: string[] };

export const changesOf = ({ entity, entityId, actions }: AuditedRecord) =>
  and(
    eq(auditEvents.entity, entity),
    entityId === undefined ? undefined : eq(auditEvents.entityId, entityId),
    inArray(auditEvents.action, actions),
  );

/** The last `count` audited changes of a record, newest first. */
export async function auditedChanges(
  reader: Reader,
  record: AuditedRecord,
  count: number,
): Promise<RecordChange[]> {
  const rows = await reader
    .select({ at: auditEvents.createdAt, by: staffUsers.username, summary: auditEvents.summary })
    .from(auditEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, auditEvents.staffUserId))
    .where(changesOf(record))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(count);
  return rows.map(({ at, by, summary }) => ({ at, by: by ?? "a command on the server", summary }));
}

/** How many changes a copy read at `readVersion` missed: at least one. */
export const missedSince = (current: number, readVersion: number) =>
  Math.max(1, current - readVersion);

/**
 * An edit or removal made on a copy read before someone else changed the record: nothing was
 * stored (docs/decisions/0039).
 */
export type ChangedMeanwhileOutcome<Row> = {
  outcome: "changed_meanwhile";
  current: Row;
  changes: RecordChange[];
};

/** Why a change read at `readVersion` may not apply to `current`; undefined when it may. */
export async function changedSince<Row extends { id: number; version: number }>(
  reader: Reader,
  changesOf: (id: number) => AuditedRecord,
  current: Row,
  readVersion: number | undefined,
): Promise<ChangedMeanwhileOutcome<Row> | undefined> {
  if (readVersion === undefined || readVersion === current.version) return undefined;
  const missed = missedSince(current.version, readVersion);
  const changes = await auditedChanges(reader, changesOf(current.id), missed);
  return { outcome: "changed_meanwhile", current, changes };
}
