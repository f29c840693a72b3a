import type { Database } from "#db/client";
import { auditEvents } from "#db/schema";
import type { AuditEntry } from "~/types/staff";

type Writer = Pick<Database, "insert">;

/**
 * Records who did what (`staffUserId` null: a command run on the server, no staff member). Pass
 * the transaction that makes the change, so the change and its record are stored together or not
 * at all.
 */
export async function recordAudit(writer: Writer, staffUserId: number | null, entry: AuditEntry) {
  await writer.insert(auditEvents).values({
    staffUserId,
    ...entry,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}

/** An update's audit details: the fields that differ, as they were and as they are. */
export function beforeAndAfter<Fields extends Record<string, unknown>>(old: Fields, now: Fields) {
  const keys = Object.keys(now).filter((key) => old[key] !== now[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, old[key]])),
    after: Object.fromEntries(keys.map((key) => [key, now[key]])),
  };
}
