import type { Database } from "#db/client";
import { auditEvents } from "#db/schema";

type Writer = Pick<Database, "insert">;

export type AuditAction =
  | "repair.status"
  | "repair.edit"
  | "walk_in.create"
  | "quote.create"
  | "text.reply"
  | "price_item.create"
  | "price_item.update"
  | "price_item.delete"
  | "staff.create"
  | "staff.update"
  | "staff.disable"
  | "staff.enable"
  | "staff.reset_password"
  | "staff.reset_password_on_server"
  | "staff.change_password";

export type AuditEntry = {
  action: AuditAction;
  entity: "booking" | "repair_item" | "staff_user";
  entityId?: number;
  /** One line a person reads in the trail, e.g. "WF-00042: Pending → In Progress". */
  summary: string;
  /** The changed fields, before and after; never a password or any secret. */
  details?: Record<string, unknown>;
};

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
