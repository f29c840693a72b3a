import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { bookings, invoices } from "#db/schema";
import { database } from "~/server/db.server";

/** As many as the dashboard and agenda list; the count says how many there are in all. */
const owedListLimit = 20;

/**
 * Issued invoices with money still to take, the oldest first, with the customer's phone to call
 * (read through invoices_owing_idx, which holds only those).
 */
export async function balancesDue() {
  const db = await database();
  const unpaid = sql<number>`${invoices.totalCents} - ${invoices.paidCents} - ${invoices.creditedCents}`;
  // The same words as the partial index's predicate, so the planner reads the index.
  const owing = and(
    eq(invoices.status, "issued"),
    gt(invoices.totalCents, sql`${invoices.paidCents} + ${invoices.creditedCents}`),
  );
  const [rows, [sum]] = await Promise.all([
    db
      .select({
        invoiceId: invoices.id,
        number: invoices.number,
        bookingId: invoices.bookingId,
        customerName: invoices.customerName,
        phoneDigits: bookings.phoneDigits,
        balanceCents: unpaid,
        issuedAt: invoices.issuedAt,
      })
      .from(invoices)
      .leftJoin(bookings, eq(bookings.id, invoices.bookingId))
      .where(owing)
      .orderBy(asc(invoices.issuedAt), asc(invoices.id))
      .limit(owedListLimit),
    db
      .select({
        n: count(),
        cents: sql<number>`coalesce(sum(${unpaid}), 0)::int`,
      })
      .from(invoices)
      .where(owing),
  ]);
  return {
    total: sum?.n ?? 0,
    totalCents: Number(sum?.cents ?? 0),
    items: rows.map((row) => ({
      ...row,
      number: row.number!,
      issuedAt: row.issuedAt!,
      balanceCents: Number(row.balanceCents),
    })),
  };
}
