import { count, desc, eq, ilike, sql } from "drizzle-orm";
import { invoices } from "#db/schema";
import { database } from "~/server/db.server";
import { containsPattern } from "~/utils/search";

/**
 * The invoices staff look for at the counter, newest first: by number (digits) or by the name they
 * are made out to. Drafts included (a counter sale being rung up); voids shown as void.
 */
export async function listInvoices(q: string, limit: number, offset: number) {
  const db = await database();
  const words = q.trim();
  const where = /^\d{1,9}$/.test(words)
    ? eq(invoices.number, Number(words))
    : words
      ? ilike(invoices.customerName, containsPattern(words))
      : undefined;
  const [items, [counted]] = await Promise.all([
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        customerName: invoices.customerName,
        bookingId: invoices.bookingId,
        issuedAt: invoices.issuedAt,
        createdAt: invoices.createdAt,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
        creditedCents: invoices.creditedCents,
      })
      .from(invoices)
      .where(where)
      .orderBy(desc(sql`coalesce(${invoices.issuedAt}, ${invoices.createdAt})`), desc(invoices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { total: counted?.n ?? 0, items };
}
