import type { Booking } from "~/types/booking";
import { and, desc, eq, sql } from "drizzle-orm";
import { bookingEvents, bookings } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { draftInTransaction, invoiceLabel, owingInvoice } from "~/models/invoice.server";
import {
  auditedChanges,
  ChangedMeanwhile,
  missedSince,
  type AuditedRecord,
  type RecordChange,
} from "~/models/record-changes.server";
import { bookingReference } from "~/utils/booking-reference";
import { statusLabels, type BookingStatus } from "~/utils/booking-status";
import { noteAfterUpdate } from "~/utils/canned-notes";
import { database } from "~/server/db.server";
import { queueStatusUpdate, wakeMailWorker } from "~/models/outbox-message.server";
import { phoneDigits } from "~/utils/phone";
import {
  detailLabels,
  repairDetailFields,
  repairDetailsShown,
  type RepairDetailColumns,
} from "~/utils/repair-details";
import { formatCalendarDate, shopToday } from "~/utils/shop-time";
import { balanceCents, formatCents } from "~/utils/invoice-totals";
import type { Transaction } from "#db/client";

export async function getRepairRequest(id: number): Promise<Booking | undefined> {
  const db = await database();
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** A change a rule forbids; the field it concerns and the message to show. Nothing was stored. */
export class RepairChangeRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A save on a copy of the repair read before someone else changed it (ChangedMeanwhile): nothing
 * was stored.
 */
export class RepairChangedMeanwhile extends ChangedMeanwhile<Booking> {
  constructor(current: Booking, changes: RecordChange[]) {
    super(current, changes, `${bookingReference(current.id)} changed since it was read`);
  }
}

type Reader = Pick<Awaited<ReturnType<typeof database>>, "select">;

/** A booking's staff changes in the audit trail: status, note and date; details. */
export const staffChangesOf = (bookingId: number): AuditedRecord => ({
  entity: "booking",
  entityId: bookingId,
  actions: ["repair.status", "repair.edit"],
});

/**
 * The last `count` changes of a booking. Each version after the first is one change, written in
 * the same transaction as one record: an audit entry for staff (updateRepairStatus and
 * updateRepairDetails, `staffChangesOf`), a history entry for the customer's own answer to a
 * quote (answerQuote). A quote sent or a text, audited too, leaves the repair's version alone.
 */
async function lastChanges(reader: Reader, bookingId: number, count: number) {
  const staff = await auditedChanges(reader, staffChangesOf(bookingId), count);
  const customer = await reader
    .select({ at: bookingEvents.createdAt, note: bookingEvents.note })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.byCustomer, true)))
    .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id))
    .limit(count);
  return [
    ...staff,
    ...customer.map(({ at, note }) => ({ at, by: "the customer", summary: note ?? "" })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, count);
}

/**
 * Refuses a save read at `readVersion` when the repair has moved on since (no version: the
 * legacy door's callers that send none, whose saves apply as they always did).
 */
export async function refuseIfChanged(
  tx: Reader,
  current: Booking,
  readVersion: number | undefined,
) {
  if (readVersion === undefined || readVersion === current.version) return;
  const missed = missedSince(current.version, readVersion);
  throw new RepairChangedMeanwhile(current, await lastChanges(tx, current.id, missed));
}

/** One more than the row's version, in the update that makes the change. */
export const nextVersion = sql`${bookings.version} + 1`;

/** A calendar date (YYYY-MM-DD) as "Mon, Jun 15, 2026". */
export const formatDay = (date: string) => formatCalendarDate(date, "weekdayMedium");

/** The shop day a booking was made: no repair can be promised before it. */
export const bookingDay = (booking: Pick<Booking, "createdAt">) => shopToday(booking.createdAt);

const deliveryBeforeBookingMessage = (day: string) =>
  `Expected delivery cannot be before the booking date (${formatDay(day)}).`;

type RepairStatusChange = {
  /** undefined: keep the current status (the form's status was left as it was read). */
  status: BookingStatus | undefined;
  /**
   * undefined: the staff member left the note alone (the canned note for the new status applies).
   */
  note: string | null | undefined;
  /** undefined: keep the current date. */
  expectedDeliveryDate: string | null | undefined;
  /** The version the staff member read; undefined: apply whatever changed meanwhile. */
  readVersion?: number;
};

/**
 * Whether to tell the customer about a status change or a new note, the site's address for the
 * links, and the time (a text at night waits for the morning).
 */
type StatusNotice = { notifyCustomer: boolean; origin: string; now?: Date };

/**
 * A status form saved: the booking as it is now, whether the note was all that changed, and
 * whether the customer was sent the news (false also when no channel reaches them).
 */
export type RepairStatusSaved = { booking: Booking; noteOnly: boolean; customerTold: boolean };

const describeDate = (date: string | null) => (date ? formatCalendarDate(date) : "none");

/** "WF-00042: Pending → In Progress; note changed; expected delivery Jun 20, 2026" */
function statusSummary(before: Booking, after: Booking): string {
  const parts = [
    before.status === after.status
      ? statusLabels[after.status]
      : `${statusLabels[before.status]} → ${statusLabels[after.status]}`,
  ];
  if (before.customerNote !== after.customerNote)
    parts.push(after.customerNote ? "note changed" : "note cleared");
  if (before.expectedDeliveryDate !== after.expectedDeliveryDate)
    parts.push(`expected delivery ${describeDate(after.expectedDeliveryDate)}`);
  return `${bookingReference(after.id)}: ${parts.join("; ")}`;
}

/** The fields that differ, as { field: { from, to } }. */
function changedFields<Row extends Record<string, unknown>>(
  before: Row,
  after: Row,
  fields: readonly (keyof Row & string)[],
) {
  return Object.fromEntries(
    fields.filter((f) => before[f] !== after[f]).map((f) => [f, { from: before[f], to: after[f] }]),
  );
}

/**
 * A repair leaves the shop paid for: Completed is refused while its invoice, draft or issued, has a
 * balance due. A repair with no invoice, or one that comes to nothing, is handed over as before.
 */
async function refuseHandoverOwing(tx: Transaction, id: number) {
  const owing = await owingInvoice(tx, id);
  if (owing)
    throw new RepairChangeRefused(
      "status",
      `${invoiceLabel(owing)} has ${formatCents(balanceCents(owing.totalCents, [owing.paidCents, owing.creditedCents]))} to pay. Take the payment on the invoice page before the device is handed over.`,
    );
}

/**
 * Applies a status update and, when the status or note changed, appends the history entry the
 * customer sees on the tracking page; every change is also written to the audit trail with the
 * staff member who made it. A new expected delivery date before the booking's own day is refused
 * (RepairChangeRefused), whichever door it came through; a date already stored is left alone so
 * an old booking's status can still move on. When staff left "notify customer" on, the customer
 * is told, by their channels and in the same transaction, of a new status, or of a new note when
 * the note alone changed (a cleared note is not news). The row is locked so two staff members'
 * updates apply one after the other. Undefined when there is no such booking.
 */
export async function updateRepairStatus(
  id: number,
  change: RepairStatusChange,
  staffUserId: number,
  notice?: StatusNotice,
): Promise<RepairStatusSaved | undefined> {
  const db = await database();
  const result = await db.transaction(async (tx): Promise<RepairStatusSaved | undefined> => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
    if (!current) return undefined;
    await refuseIfChanged(tx, current, change.readVersion);
    const status = change.status ?? current.status;
    const note = noteAfterUpdate({
      currentStatus: current.status,
      currentNote: current.customerNote,
      newStatus: status,
      submittedNote: change.note,
    });
    const expectedDeliveryDate =
      change.expectedDeliveryDate === undefined
        ? current.expectedDeliveryDate
        : change.expectedDeliveryDate;
    const statusChanged = status !== current.status;
    if (statusChanged && status === "completed") await refuseHandoverOwing(tx, id);
    const noteOnly = !statusChanged && note !== current.customerNote;
    const historyChanged = statusChanged || noteOnly;
    const dateChanged = expectedDeliveryDate !== current.expectedDeliveryDate;
    if (!historyChanged && !dateChanged)
      return { booking: current, noteOnly: false, customerTold: false };
    if (dateChanged && expectedDeliveryDate && expectedDeliveryDate < bookingDay(current)) {
      throw new RepairChangeRefused(
        "expectedDeliveryDate",
        deliveryBeforeBookingMessage(bookingDay(current)),
      );
    }

    const [updated] = await tx
      .update(bookings)
      .set({
        status,
        customerNote: note,
        expectedDeliveryDate,
        updatedAt: new Date(),
        version: nextVersion,
        ...(statusChanged ? { statusChangedAt: new Date() } : {}),
      })
      .where(eq(bookings.id, id))
      .returning();
    if (!updated) return undefined;
    if (historyChanged)
      await tx.insert(bookingEvents).values({ bookingId: id, status, note, staffUserId });
    if (statusChanged && status === "ready_for_pickup")
      await draftInTransaction(tx, updated, staffUserId);
    await recordAudit(tx, staffUserId, {
      action: "repair.status",
      entity: "booking",
      entityId: id,
      summary: statusSummary(current, updated),
      details: changedFields(current, updated, ["status", "customerNote", "expectedDeliveryDate"]),
    });
    const news = statusChanged ? "status" : noteOnly && note ? "note" : undefined;
    const customerTold =
      notice?.notifyCustomer && news
        ? await queueStatusUpdate(tx, updated, notice.origin, news, notice.now)
        : false;
    return { booking: updated, noteOnly, customerTold };
  });
  if (result?.customerTold) wakeMailWorker();
  return result;
}

/**
 * Corrects a booking's customer and device details (a misspelt name, a wrong number) and its
 * intake (issue, quote, condition, accessories, passcode, checklist), keeping the phone's digits in
 * step, and records the fields changed, before and after as the form shows them, in the audit
 * trail. An online booking must keep an e-mail address (the customer's updates go there); only a
 * walk-in may have none. A booking without a checklist keeps none until a check is answered.
 * Undefined when there is no such booking.
 */
export async function updateRepairDetails(
  id: number,
  change: RepairDetailColumns,
  staffUserId: number,
  readVersion?: number,
): Promise<Booking | undefined> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
    if (!current) return undefined;
    await refuseIfChanged(tx, current, readVersion);
    if (!change.email && current.source !== "walk_in")
      throw new RepairChangeRefused("email", onlineEmailRequiredMessage);
    const before = repairDetailsShown(current);
    const after = repairDetailsShown(change);
    const changed = repairDetailFields.filter((field) => before[field] !== after[field]);
    if (!changed.length) return current;
    const checklistChanged = changed.some((field) => field.startsWith("check_"));

    const [updated] = await tx
      .update(bookings)
      .set({
        ...change,
        intakeChecklist: checklistChanged ? change.intakeChecklist : current.intakeChecklist,
        phoneDigits: phoneDigits(change.phone),
        updatedAt: new Date(),
        version: nextVersion,
      })
      .where(eq(bookings.id, id))
      .returning();
    const blankAsNull = (value: string) => (value === "" ? null : value);
    await recordAudit(tx, staffUserId, {
      action: "repair.edit",
      entity: "booking",
      entityId: id,
      summary: `${bookingReference(id)}: ${changed.map((field) => detailLabels[field]).join(", ")} corrected`,
      details: Object.fromEntries(
        changed.map((field) => [
          field,
          { from: blankAsNull(before[field]), to: blankAsNull(after[field]) },
        ]),
      ),
    });
    return updated;
  });
}

const onlineEmailRequiredMessage =
  "An online booking needs the customer's e-mail address: their repair updates are sent there.";
