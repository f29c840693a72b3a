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
