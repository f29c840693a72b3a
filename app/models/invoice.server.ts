import { and, asc, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Transaction } from "#db/client";
import {
  bookings,
  creditNotes,
  invoiceLines,
  invoiceNumbers,
  invoices,
  payments,
  quotes,
  stripeEvents,
} from "#db/schema";
import { invoicing, warranty as terms } from "~/config/shop";
import { recordAudit } from "~/models/audit.server";
import { releaseSoldDevices } from "~/models/stock-release.server";
import {
  auditedChanges,
  ChangedMeanwhile,
  missedSince,
  type AuditedRecord,
  type RecordChange,
} from "~/models/record-changes.server";
import { database } from "~/server/db.server";
import { storedSubmissionKey } from "~/server/submission.server";
import type { DiscountKind, InvoiceLineKind } from "~/types/invoice";
import type { AuditAction } from "~/types/staff";
import { bookingReference, isTrackingToken } from "~/utils/booking-reference";
import { invoiceLinesMax } from "~/utils/invoice-lines";
import {
  balanceCents,
  formatCents,
  invoiceTotals,
  parseCents,
  type InvoiceDiscount,
} from "~/utils/invoice-totals";

export type Invoice = typeof invoices.$inferSelect;
type InvoiceLine = typeof invoiceLines.$inferSelect;
export type Payment = typeof payments.$inferSelect;
type CreditNote = typeof creditNotes.$inferSelect;
export type InvoiceWithItems = Invoice & {
  lines: InvoiceLine[];
  payments: Payment[];
  creditNotes: CreditNote[];
  /** Online payments Stripe took that no longer fitted the balance, so were not recorded. */
  heldOnline: { amountCents: number; sessionId: string; receivedAt: Date }[];
};

type DraftLine = {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitCents: number;
  repairItemId?: number | null;
};
export type DraftInput = {
  lines: DraftLine[];
  discount: { kind: DiscountKind; value: number; reason: string } | null;
};

/** Far past any counter sale, and well inside the columns' integer range. */
const invoiceTotalMaxCents = 100_000_000;

/** A change the rules refuse (an issued invoice edited, an empty one issued); nothing stored. */
export class InvoiceRefused extends Error {}

/** "Invoice 1042", or "Draft invoice" before it has a number. */
export const invoiceLabel = (invoice: Pick<Invoice, "number">) =>
  invoice.number === null ? "Draft invoice" : `Invoice ${invoice.number}`;

const invoiceChangesOf = (id: number): AuditedRecord => ({
  entity: "invoice",
  entityId: id,
  actions: ["invoice.edit", "invoice.issue", "invoice.void", "payment.record"],
});

export class InvoiceChangedMeanwhile extends ChangedMeanwhile<Invoice> {
  constructor(current: Invoice, changes: RecordChange[]) {
    super(current, changes, `${invoiceLabel(current)} changed since it was read`);
  }
}

const taxable = (kind: InvoiceLineKind) =>
  (invoicing.taxableKinds as readonly InvoiceLineKind[]).includes(kind);

/** The discount as stored in its three columns, or null. */
export const storedDiscount = (
  invoice: Pick<Invoice, "discountKind" | "discountValue" | "discountReason">,
) =>
  invoice.discountKind === null || invoice.discountValue === null
    ? null
    : {
        kind: invoice.discountKind,
        value: invoice.discountValue,
        reason: invoice.discountReason ?? "",
      };

const discountOf = (stored: ReturnType<typeof storedDiscount>): InvoiceDiscount | null =>
  stored &&
  (stored.kind === "amount"
    ? { kind: "amount", cents: stored.value }
    : { kind: "percent", basisPoints: stored.value });

/** The invoice locked for a change, refused when read at an older version. */
export async function lockedInvoice(tx: Transaction, id: number, readVersion?: number) {
  const [current] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!current) return undefined;
  if (readVersion !== undefined && readVersion !== current.version)
    throw new InvoiceChangedMeanwhile(
      current,
      await auditedChanges(tx, invoiceChangesOf(id), missedSince(current.version, readVersion)),
    );
  return current;
}

type InvoiceChange = {
  set: Partial<typeof invoices.$inferInsert>;
  action: AuditAction;
  summary: string;
};

/**
 * Locks the invoice (refused when read at an older version), lets `plan` check it and make the
 * change's other writes, then stores the row's change with a new version and its audit record, all
 * in one transaction. Undefined when there is no such invoice.
 */
async function changeInvoice(
  id: number,
  readVersion: number,
  staffId: number,
  now: Date,
  plan: (tx: Transaction, current: Invoice) => Promise<InvoiceChange>,
): Promise<Invoice | undefined> {
  const db = await database();
  return db.transaction(async (tx) => {
    const current = await lockedInvoice(tx, id, readVersion);
    if (!current) return undefined;
    const { set, action, summary } = await plan(tx, current);
    const [changed] = await tx
      .update(invoices)
      .set({ ...set, version: sql`${invoices.version} + 1`, updatedAt: now })
      .where(eq(invoices.id, id))
      .returning();
    await recordAudit(tx, staffId, { action, entity: "invoice", entityId: id, summary });
    return changed;
  });
}

/** The invoice with its lines in order and its payments oldest first; undefined when none. */
export async function invoiceWithItems(id: number): Promise<InvoiceWithItems | undefined> {
  const db = await database();
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) return undefined;
  const [lines, received, credited, heldOnline] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.position)),
    db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, id))
      .orderBy(asc(payments.receivedAt), asc(payments.id)),
    db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, id))
      .orderBy(asc(creditNotes.number)),
    db
      .select({
        amountCents: stripeEvents.amountCents,
        sessionId: stripeEvents.sessionId,
        receivedAt: stripeEvents.receivedAt,
      })
      .from(stripeEvents)
      .where(and(eq(stripeEvents.invoiceId, id), eq(stripeEvents.outcome, "needs_attention")))
      .orderBy(asc(stripeEvents.receivedAt)),
  ]);
  return { ...invoice, lines, payments: received, creditNotes: credited, heldOnline };
}

/** The repair's invoice that is not void, if it has one. */
export async function invoiceOfBooking(bookingId: number): Promise<Invoice | undefined> {
  const db = await database();
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), ne(invoices.status, "void")));
  return invoice;
}

/** An issued invoice with money still owing, as the customer may pay it online. */
export type PayableInvoice = {
  id: number;
  number: number;
  version: number;
  balanceCents: number;
};

/**
 * The issued invoice of the repair behind this tracking link, with its balance, when something is
 * still owing; undefined for a draft, a void or a paid invoice, or no such link.
 */
export async function payableInvoiceByToken(token: string): Promise<PayableInvoice | undefined> {
  if (!isTrackingToken(token)) return undefined;
  const db = await database();
  const [invoice] = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      version: invoices.version,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      creditedCents: invoices.creditedCents,
    })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(and(eq(bookings.trackingToken, token), eq(invoices.status, "issued")));
  if (!invoice || invoice.number === null) return undefined;
  const { id, number, version, totalCents, paidCents, creditedCents } = invoice;
  const balance = balanceCents(totalCents, [paidCents, creditedCents]);
  return balance > 0 ? { id, number, version, balanceCents: balance } : undefined;
}

/** What the repair was quoted: the newest approved quote, else the price taken at the counter. */
async function quotedLine(tx: Transaction, booking: typeof bookings.$inferSelect) {
  const [approved] = await tx
    .select({ amount: quotes.amount, covers: quotes.covers })
    .from(quotes)
    .where(and(eq(quotes.bookingId, booking.id), eq(quotes.status, "approved")))
    .orderBy(desc(quotes.createdAt))
    .limit(1);
  const device = [booking.deviceBrand, booking.deviceModel].filter(Boolean).join(" ");
  const what = `${booking.issueType}${device ? ` — ${device}` : ""}`;
  const amount = approved?.amount ?? booking.quotedPrice;
  if (amount === null) return undefined;
  return {
    kind: "repair" as const,
    description: (approved ? approved.covers : what).slice(0, 200),
    quantity: 1,
    unitCents: parseCents(amount) ?? 0,
    taxable: taxable("repair"),
  };
}

/**
 * The repair's draft invoice, made from its quote when it has none yet: the customer's name, one
 * line for the quoted repair, the shop's tax rate. Returns the invoice that exists when there is
 * one (a second clerk at the same moment gets the first one's draft); undefined when no such repair.
 */
export async function draftInvoiceForBooking(
  bookingId: number,
  staffId: number | null,
): Promise<Invoice | undefined> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for("update");
    return booking && draftInTransaction(tx, booking, staffId);
  });
}

/**
 * `draftInvoiceForBooking` inside a transaction that holds the repair's row locked (the status
 * change that makes a repair ready for pickup drafts its invoice in its own transaction).
 */
export async function draftInTransaction(
  tx: Transaction,
  booking: typeof bookings.$inferSelect,
  staffId: number | null,
): Promise<Invoice> {
  const bookingId = booking.id;
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), ne(invoices.status, "void")));
  if (existing) return existing;
  const line = await quotedLine(tx, booking);
  const totals = invoiceTotals(line ? [line] : [], null, invoicing.taxRateBasisPoints);
  const [created] = await tx
    .insert(invoices)
    .values({
      bookingId,
      customerId: booking.customerId,
      customerName: `${booking.firstName} ${booking.lastName}`.trim(),
      taxRateBasisPoints: invoicing.taxRateBasisPoints,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      createdBy: staffId,
    })
    .returning();
  if (line) await tx.insert(invoiceLines).values({ ...line, invoiceId: created!.id, position: 1 });
  await recordAudit(tx, staffId, {
    action: "invoice.draft",
    entity: "invoice",
    entityId: created!.id,
    summary: `${bookingReference(bookingId)}: draft invoice started`,
  });
  return created!;
}

/** The repair's invoice, draft or issued, that still has a balance due, if any. */
export async function owingInvoice(tx: Transaction, bookingId: number) {
  const [owing] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.bookingId, bookingId),
        ne(invoices.status, "void"),
        gt(invoices.totalCents, sql`${invoices.paidCents} + ${invoices.creditedCents}`),
      ),
    );
  return owing;
}

/**
 * A counter sale's draft invoice (an accessory, a part sold with no repair), made out to the name
 * given; its lines are added as a repair's are. The form's key (stored hashed) makes the same form
 * sent twice one sale: the second gets the first's draft. Undefined for a key no form was given.
 */
export async function startCounterSale(
  customerName: string,
  formKey: string,
  staffId: number,
): Promise<Invoice | undefined> {
  const submissionKey = storedSubmissionKey("form", formKey);
  if (!submissionKey) return undefined;
  const db = await database();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(invoices)
      .values({
        customerName,
        taxRateBasisPoints: invoicing.taxRateBasisPoints,
        createdBy: staffId,
        submissionKey,
      })
      .onConflictDoNothing({ target: invoices.submissionKey })
      .returning();
    if (!created) {
      const [earlier] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.submissionKey, submissionKey));
      return earlier;
    }
    await recordAudit(tx, staffId, {
      action: "invoice.draft",
      entity: "invoice",
      entityId: created!.id,
      summary: `Counter sale for ${customerName}: draft invoice started`,
    });
    return created!;
  });
}

/**
 * Replaces a draft's lines and discount and works out its totals again. Refused once issued, and
 * when the copy was read at an older version (InvoiceChangedMeanwhile), or when the deposits
 * already taken would come to more than the new total.
 */
export function saveDraft(id: number, readVersion: number, input: DraftInput, staffId: number) {
  return changeInvoice(id, readVersion, staffId, new Date(), async (tx, current) => {
    if (current.status !== "draft")
      throw new InvoiceRefused(
        `${invoiceLabel(current)} is issued and cannot change: void it or add a credit note.`,
      );
    // A device line is not on the form (it is added and removed by selling the device): kept.
    const devices = await tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, id), eq(invoiceLines.kind, "device")))
      .orderBy(asc(invoiceLines.position));
    const lines = [
      ...devices.map(({ id: _id, invoiceId: _invoice, position: _position, ...line }) => line),
      ...input.lines.map((line) => ({ ...line, taxable: taxable(line.kind) })),
    ];
    const set = await storeLines(tx, current, lines, input.discount);
    const reference = current.bookingId ? ` (${bookingReference(current.bookingId)})` : "";
    return {
      set,
      action: "invoice.edit",
      summary: `${invoiceLabel(current)}${reference}: ${lines.length} line${lines.length === 1 ? "" : "s"}, total ${formatCents(set.totalCents)}${input.discount ? `, discount: ${input.discount.reason}` : ""}`,
    };
  });
}

type StoredLine = Omit<typeof invoiceLines.$inferInsert, "invoiceId" | "position">;

/**
 * Replaces a draft's lines (in this order) and works out its totals again, with `discount` (the
 * draft's own when not given): the invoice's columns to set. Refused past the largest total, or
 * when the deposits taken would come to more than the new total.
 */
async function storeLines(
  tx: Transaction,
  current: Invoice,
  lines: StoredLine[],
  discount: DraftInput["discount"] = storedDiscount(current),
) {
  if (lines.length > invoiceLinesMax)
    throw new InvoiceRefused(`An invoice takes at most ${invoiceLinesMax} lines.`);
  const totals = invoiceTotals(lines, discountOf(discount), current.taxRateBasisPoints);
  if (totals.totalCents > invoiceTotalMaxCents)
    throw new InvoiceRefused(
      `An invoice can come to at most ${formatCents(invoiceTotalMaxCents)}. Split the sale over more than one.`,
    );
  if (current.paidCents > totals.totalCents)
    throw new InvoiceRefused(
      "The deposits taken come to more than this total. Keep a total of at least what was paid.",
    );
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, current.id));
  if (lines.length)
    await tx
      .insert(invoiceLines)
      .values(
        lines.map((line, index) => ({ ...line, invoiceId: current.id, position: index + 1 })),
      );
  return {
    discountKind: discount?.kind ?? null,
    discountValue: discount?.value ?? null,
    discountReason: discount?.reason ?? null,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
  };
}

/**
 * A draft's lines changed by selling or taking back a device (`change` makes the device's own
 * writes and gives the lines to keep), stored with a new version and audited, in one transaction.
 */
export function changeDeviceLines(
  id: number,
  readVersion: number,
  staffId: number,
  change: (
    tx: Transaction,
    current: Invoice,
    lines: StoredLine[],
  ) => Promise<{ lines: StoredLine[]; summary: string }>,
) {
  return changeInvoice(id, readVersion, staffId, new Date(), async (tx, current) => {
    if (current.status !== "draft")
      throw new InvoiceRefused(
        `${invoiceLabel(current)} is issued and cannot change: void it or add a credit note.`,
      );
    const stored = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.position));
    const { lines, summary } = await change(
      tx,
      current,
      stored.map(({ id: _id, invoiceId: _invoice, position: _position, ...line }) => line),
    );
    return {
      set: await storeLines(tx, current, lines),
      action: "invoice.edit",
      summary: `${invoiceLabel(current)}: ${summary}`,
    };
  });
}

/**
 * Issues a draft: the next invoice number, taken from the single counter row in this transaction
 * (a second issuer anywhere waits for this one, so numbers never skip or repeat), and the date
 * from which its warranty runs. An issued invoice never changes again.
 */
export function issueInvoice(id: number, readVersion: number, staffId: number, now = new Date()) {
  return changeInvoice(id, readVersion, staffId, now, async (tx, current) => {
    if (current.status !== "draft")
      throw new InvoiceRefused(`${invoiceLabel(current)} is already issued.`);
    const [{ lines }] = (await tx
      .select({ lines: sql<number>`count(*)::int` })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))) as [{ lines: number }];
    if (lines === 0) throw new InvoiceRefused("Add at least one line before issuing the invoice.");
    const [{ number }] = (await tx
      .update(invoiceNumbers)
      .set({ lastNumber: sql`${invoiceNumbers.lastNumber} + 1` })
      .where(eq(invoiceNumbers.id, 1))
      .returning({ number: invoiceNumbers.lastNumber })) as [{ number: number }];
    const reference = current.bookingId ? ` for ${bookingReference(current.bookingId)}` : "";
    return {
      set: { number, status: "issued", issuedAt: now, issuedBy: staffId, warrantyDays: terms.days },
      action: "invoice.issue",
      summary: `Invoice ${number} issued${reference}: total ${formatCents(current.totalCents)}`,
    };
  });
}

/**
 * Voids an issued invoice (the owner, with a reason); its number stays used. Refused while it has
 * payments: the money received stays on record against it (no refunds), so that correction is a
 * credit note.
 */
export function voidInvoice(
  id: number,
  readVersion: number,
  reason: string,
  staffId: number,
  now = new Date(),
) {
  return changeInvoice(id, readVersion, staffId, now, async (tx, current) => {
    if (current.status !== "issued")
      throw new InvoiceRefused(
        current.status === "void"
          ? `${invoiceLabel(current)} is already void.`
          : "A draft has nothing to void: change it instead.",
      );
    if (current.paidCents > 0)
      throw new InvoiceRefused(
        `${invoiceLabel(current)} has payments against it, so it cannot be voided: correct it with a credit note.`,
      );
    if (current.creditedCents > 0)
      throw new InvoiceRefused(
        `${invoiceLabel(current)} has credit notes against it, so it cannot be voided: credit the rest instead.`,
      );
    // A device it sold goes back on sale.
    await releaseSoldDevices(tx, id, staffId);
    return {
      set: { status: "void", voidedAt: now, voidedBy: staffId, voidReason: reason },
      action: "invoice.void",
      summary: `${invoiceLabel(current)} voided: ${reason}`,
    };
  });
}

/** The repair's issued invoice (not void), whose date starts its warranty; undefined if none. */
export async function issuedInvoiceOf(bookingId: number) {
  const db = await database();
  const [issued] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.status, "issued")));
  return issued;
}

/** The repair's voided invoices, newest first: their numbers stay on record with the reason. */
export async function voidedInvoicesOfBooking(bookingId: number) {
  const db = await database();
  return db
    .select({
      number: invoices.number,
      voidReason: invoices.voidReason,
      voidedAt: invoices.voidedAt,
    })
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.status, "void")))
    .orderBy(desc(invoices.voidedAt));
}
