import { count, desc, eq, type SQL } from "drizzle-orm";
import { contactMessages } from "#db/schema";
import { database } from "~/server/db.server";

export type ContactMessage = typeof contactMessages.$inferSelect;
export type MessageView = "unhandled" | "all";

const whereOf = (view: MessageView): SQL | undefined =>
  view === "unhandled" ? eq(contactMessages.handled, false) : undefined;

/** One page of contact messages, newest first, and how many the view holds. */
export async function listContactMessages(
  view: MessageView,
  { limit, offset }: { limit: number; offset: number },
) {
  const db = await database();
  const [totals] = await db.select({ n: count() }).from(contactMessages).where(whereOf(view));
  const rows = await db
    .select()
    .from(contactMessages)
    .where(whereOf(view))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  return { total: totals?.n ?? 0, rows };
}

/** Messages nobody has answered yet: the admin menu's counter. */
export async function countUnhandledMessages(): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.handled, false));
  return row?.n ?? 0;
}

/** Marks a message handled (answered) or back to unhandled; false when there is no such message. */
export async function setMessageHandled(id: number, handled: boolean): Promise<boolean> {
  const db = await database();
  const updated = await db
    .update(contactMessages)
    .set({ handled, handledAt: handled ? new Date() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return updated.length > 0;
}
