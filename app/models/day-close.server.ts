import { and, asc, eq, gte, lt, ne, sql, type AnyColumn } from "drizzle-orm";
import type { Database, Transaction } from "#db/client";
import { creditNotes, dayCloses, invoiceLines, invoices, payments, staffUsers } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { database } from "~/server/db.server";
import type { DayTotals } from "~/types/day-close";
import { paymentMethods } from "~/types/invoice";
import { formatCents } from "~/utils/invoice-totals";
import { addDays, formatCalendarDate, shopInstant, shopToday } from "~/utils/shop-time";

/*
 * The day's close (docs/decisions/0066): a shop-local day's takings, worked out by a few aggregate
 * queries on the indexed moments (payments.received_at, invoices.issued_at and voided_at), never
 * by reading the day's rows into JavaScript; the cash count against them, once per day.
 */

type Reader = Database | Transaction;

export type DayClose = typeof dayCloses.$inferSelect & { closedByName: string | null };

/** A close refused by the rules (a day not begun); nothing stored. */
export class DayCloseRefused extends Error {}

/** A second close of a day already closed: the first stands, with who closed it and when. */
export class DayAlreadyClosed extends DayCloseRefused {
  constructor(readonly close: DayClose) {
    super(`${formatCalendarDate(close.businessDate, "long")} is already closed.`);
  }
}

/** From the first moment of shop date `from` to the first of the day after `to`. */
const shopDays = (from: string, to = from) => ({
  start: shopInstant(from, 0),
  end: shopInstant(addDays(to, 1), 0),
});

const within = (column: AnyColumn, { start, end }: ReturnType<typeof shopDays>) =>
  and(gte(column, start), lt(column, end));

// Sums of integer columns come back as bigint, which postgres.js hands over as text.
const countAll = () => sql<number>`count(*)`.mapWith(Number);
const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The takings of shop date `date` as they stand now, in five indexed queries. */
async function totalsOf(db: Reader, date: string): Promise<DayTotals> {
  const day = shopDays(date);
  const standing = and(within(invoices.issuedAt, day), ne(invoices.status, "void"));
  const [received, [issued], [applied], voids, credited] = await Promise.all([
    db
      .select({
        method: payments.method,
        deposit: payments.deposit,
        count: countAll(),
        cents: sumOf(payments.amountCents),
      })
      .from(payments)
      .where(within(payments.receivedAt, day))
      .groupBy(payments.method, payments.deposit),
    db
      .select({
        count: countAll(),
        subtotalCents: sumOf(invoices.subtotalCents),
        discountCents: sumOf(invoices.discountCents),
        taxCents: sumOf(invoices.taxCents),
        totalCents: sumOf(invoices.totalCents),
      })
      .from(invoices)
      .where(standing),
    db
      .select({ count: countAll(), cents: sumOf(payments.amountCents) })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(payments.deposit, true), standing)),
    db
      .select({
        number: invoices.number,
        totalCents: invoices.totalCents,
        reason: invoices.voidReason,
      })
      .from(invoices)
      .where(within(invoices.voidedAt, day))
      .orderBy(asc(invoices.voidedAt), asc(invoices.id)),
    db
      .select({
        number: creditNotes.number,
        invoiceNumber: invoices.number,
        amountCents: creditNotes.amountCents,
        taxCents: creditNotes.taxCents,
        reason: creditNotes.reason,
      })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(within(creditNotes.createdAt, day))
      .orderBy(asc(creditNotes.number)),
  ]);
  const of = (rows: typeof received) => ({
    count: rows.reduce((sum, row) => sum + row.count, 0),
    cents: rows.reduce((sum, row) => sum + row.cents, 0),
  });
  return {
    payments: paymentMethods.map((method) => ({
      method,
      ...of(received.filter((row) => row.method === method)),
    })),
    depositsTaken: of(received.filter((row) => row.deposit)),
    depositsApplied: applied!,
    issued: issued!,
    voids: voids.map((v) => ({ number: v.number!, totalCents: v.totalCents, reason: v.reason! })),
    creditNotes: credited.map((note) => ({ ...note, invoiceNumber: note.invoiceNumber! })),
  };
}

/** The cash a day's drawer should hold: its cash payments' amounts (the change went back). */
export const cashCentsOf = (totals: DayTotals) =>
  totals.payments.find((row) => row.method === "cash")?.cents ?? 0;

/** A shop date's takings as they stand now: payments recorded after its close count too. */
export async function dayTotals(date: string): Promise<DayTotals> {
  return totalsOf(await database(), date);
}

async function closeOf(db: Reader, date: string): Promise<DayClose | undefined> {
  const [close] = await db
    .select({ close: dayCloses, closedByName: staffUsers.username })
    .from(dayCloses)
    .leftJoin(staffUsers, eq(staffUsers.id, dayCloses.closedBy))
    .where(eq(dayCloses.businessDate, date));
  return close && { ...close.close, closedByName: close.closedByName };
}

/** The close of a shop date, if it was closed. */
export async function dayCloseOf(date: string): Promise<DayClose | undefined> {
  return closeOf(await database(), date);
}

/**
 * Closes a shop date with the cash counted in the drawer: the day's totals as they stand are kept
 * with it, audited. A day is closed once: a second close, however close in time (two managers, a
 * form sent twice), stores nothing and is refused with the first (DayAlreadyClosed). A day that
 * has not begun is refused.
 */
export async function closeDay(
  input: { date: string; countedCashCents: number; note?: string },
  staffId: number,
  now = new Date(),
): Promise<DayClose> {
  if (input.date > shopToday(now))
    throw new DayCloseRefused("That day has not begun yet: a day is closed at its end.");
  const db = await database();
  return db.transaction(async (tx) => {
    const totals = await totalsOf(tx, input.date);
    const expected = cashCentsOf(totals);
    // The unique date settles a race: the second insert waits for the first to commit, then
    // inserts nothing.
    const [closed] = await tx
      .insert(dayCloses)
      .values({
        businessDate: input.date,
        expectedCashCents: expected,
        countedCashCents: input.countedCashCents,
        overShortCents: input.countedCashCents - expected,
        note: input.note ?? null,
        closedBy: staffId,
        closedAt: now,
        totals,
      })
      .onConflictDoNothing({ target: dayCloses.businessDate })
      .returning({ id: dayCloses.id });
    if (!closed) throw new DayAlreadyClosed((await closeOf(tx, input.date))!);
    await recordAudit(tx, staffId, {
      action: "day.close",
      entity: "day",
      entityId: closed.id,
      summary: `${formatCalendarDate(input.date, "long")} closed: cash expected ${formatCents(expected)}, counted ${formatCents(input.countedCashCents)}`,
    });
    return (await closeOf(tx, input.date))!;
  });
}

/**
 * The issued invoices (not void) of shop dates `from` to `to`, line by line, in number order: the
 * bookkeeper's invoice import.
 */
export async function issuedInvoiceLines(from: string, to: string) {
  const db = await database();
  return db
    .select({
      number: invoices.number,
      customerName: invoices.customerName,
      issuedAt: invoices.issuedAt,
      discountCents: invoices.discountCents,
      discountReason: invoices.discountReason,
      position: invoiceLines.position,
      kind: invoiceLines.kind,
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unitCents: invoiceLines.unitCents,
      taxable: invoiceLines.taxable,
    })
    .from(invoices)
    .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, invoices.id))
    .where(and(within(invoices.issuedAt, shopDays(from, to)), eq(invoices.status, "issued")))
    .orderBy(asc(invoices.number), asc(invoiceLines.position));
}

/** The payments received on shop dates `from` to `to`, oldest first: the bookkeeper's deposits. */
export async function paymentsReceived(from: string, to: string) {
  const db = await database();
  return db
    .select({
      receivedAt: payments.receivedAt,
      number: invoices.number,
      customerName: invoices.customerName,
      method: payments.method,
      amountCents: payments.amountCents,
      reference: payments.reference,
      deposit: payments.deposit,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(within(payments.receivedAt, shopDays(from, to)))
    .orderBy(asc(payments.receivedAt), asc(payments.id));
}
