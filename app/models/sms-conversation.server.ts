import { and, asc, desc, eq } from "drizzle-orm";
import { bookings, outbox, smsInbound } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import type { ConversationEntry, RecentText } from "~/types/repairs";
import { bookingReference } from "~/utils/booking-reference";
import { database } from "~/server/db.server";
import { messageStatusLabels } from "~/utils/outbox-labels";
import { textRow, wakeMailWorker } from "~/models/outbox-message.server";
import { formatPhone, phoneDigits, smsNumber } from "~/utils/phone";
import { RepairChangeRefused } from "~/models/booking-changes.server";
import { formatShopDateTime } from "~/utils/shop-time";
import { shopText } from "~/mail/sms-content.server";
import { isOptedOut } from "~/models/sms-webhook.server";

/**
 * The texts between the shop and the customer about one repair, oldest first: theirs, and ours with
 * how each went.
 */
export async function textConversation(bookingId: number): Promise<ConversationEntry[]> {
  const db = await database();
  const [received, sent] = await Promise.all([
    db
      .select()
      .from(smsInbound)
      .where(eq(smsInbound.bookingId, bookingId))
      .orderBy(asc(smsInbound.createdAt)),
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.channel, "sms")))
      .orderBy(asc(outbox.createdAt)),
  ]);
  return [
    ...received.map((t) => ({
      id: `in-${t.id}`,
      from: "customer" as const,
      body: t.body,
      at: t.createdAt,
      state: null,
    })),
    // A confirmation text is written when it is sent; until then the row holds only the booking's
    // facts.
    ...sent.map((t) => ({
      id: `out-${t.id}`,
      from: "shop" as const,
      body: t.textBody ?? "Booking confirmation",
      at: t.createdAt,
      state: messageStatusLabels[t.status],
    })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((entry) => ({ ...entry, at: formatShopDateTime(entry.at), iso: entry.at.toISOString() }));
}

/**
 * A text from staff to the customer of a repair, through the outbox (quiet hours and STOP apply
 * as to every text), recorded in the audit trail. Refused for a number that replied STOP.
 * Undefined when there is no such booking.
 */
export async function sendStaffText(
  bookingId: number,
  message: string,
  staffId: number,
  now = new Date(),
) {
  const db = await database();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return undefined;
  if (await isOptedOut(smsNumber(booking.phoneDigits))) {
    throw new RepairChangeRefused(
      "message",
      "This customer replied STOP: no texts can be sent until they reply START.",
    );
  }
  await db.transaction(async (tx) => {
    await tx.insert(outbox).values(textRow(booking, "staff_reply", shopText(message), now));
    await recordAudit(tx, staffId, {
      action: "text.reply",
      entity: "booking",
      entityId: bookingId,
      summary: `${bookingReference(bookingId)}: text sent to the customer`,
    });
  });
  wakeMailWorker();
  return booking;
}

/**
 * The latest texts customers sent, newest first, each with its repair (when one matched the number)
 * for the Messages page.
 */
export async function recentTexts(limit = 20): Promise<RecentText[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(smsInbound)
    .orderBy(desc(smsInbound.createdAt), desc(smsInbound.id))
    .limit(limit);
  return rows.map((t) => ({
    id: t.id,
    body: t.body,
    from: formatPhone(phoneDigits(t.fromPhone)),
    at: formatShopDateTime(t.createdAt),
    repair:
      t.bookingId === null ? null : { id: t.bookingId, reference: bookingReference(t.bookingId) },
  }));
}
