import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { bookingEvents, bookings, outbox } from "#db/schema";
import {
  appointmentChangeAlertMail,
  appointmentChangeMail,
  type AppointmentChange,
} from "~/mail/appointment-change";
import { bookingTexts } from "~/mail/sms-content.server";
import { nextVersion } from "~/models/booking-changes.server";
import { slotCount, slotLock } from "~/models/booking-slot.server";
import {
  queueCustomerNotice,
  queueShopAlert,
  wakeMailWorker,
} from "~/models/outbox-message.server";
import { calendarBetween } from "~/models/shop-calendar.server";
import { shopSettingsNow } from "~/models/shop-settings.server";
import { database } from "~/server/db.server";
import type { Booking } from "~/types/booking";
import {
  appointmentChangeWindow,
  appointmentShort,
  type ChangeClosedReason,
  type ChangeWindow,
} from "~/utils/appointment-change";
import { isTrackingToken } from "~/utils/booking-reference";
import { calendarAttachment } from "~/utils/calendar";
import { noteAfterUpdate } from "~/utils/canned-notes";
import { withdrawalReason } from "~/utils/message-withdrawal";
import { shopToday } from "~/utils/shop-time";
import { hoursRefusal } from "~/utils/slot-rules";

/*
 * A customer moves or cancels their own appointment through its secret link (docs/decisions/
 * 0056). The link is the authority, as for a quote's answer; the form names the booking's version
 * it was drawn at, so that a change never undoes one it did not see (decision 0039).
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What the customer's move or cancellation came to. `replayed`: it had been made already. */
export type CustomerChangeOutcome =
  | { outcome: "moved" | "cancelled"; booking: Booking; replayed: boolean }
  | { outcome: "not_found" }
  | { outcome: "closed"; reason: ChangeClosedReason; cutoffHours: number }
  /** The booking changed after the page was drawn: nothing was stored. */
  | { outcome: "changed_meanwhile"; booking: Booking }
  | { outcome: "same_time" }
  | { outcome: "slot_full" }
  /** The shop is closed on the new day or at the new time (a holiday, the owner's closure). */
  | { outcome: "shop_closed"; refusal: NonNullable<ReturnType<typeof hoursRefusal>> };

/** A booking, found by its secret link, with whether it can be changed online now. */
export type ChangeableBooking = { booking: Booking; window: ChangeWindow };

/** The booking behind a secret link and whether its customer may change it online at `now`. */
export async function changeableBooking(
  token: string,
  now = new Date(),
): Promise<ChangeableBooking | undefined> {
  if (!isTrackingToken(token)) return undefined;
  const db = await database();
  const [[booking], rules] = await Promise.all([
    db.select().from(bookings).where(eq(bookings.trackingToken, token)),
    shopSettingsNow(db),
  ]);
  return (
    booking && {
      booking,
      window: appointmentChangeWindow(booking, rules.changeCutoffHours, now),
    }
  );
}

async function lockedBooking(tx: Tx, token: string) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.trackingToken, token))
    .for("update");
  return row;
}

/**
 * Takes back the booking's reminders queued for a time it no longer has (a worker would withdraw
 * them when their time came, app/models/outbox-delivery.server.ts; done at once, the Outbox page
 * shows why). Only rows no worker holds: one being sent is past taking back.
 */
async function withdrawStaleReminders(tx: Tx, booking: Booking, now: Date) {
  const queued = await tx
    .select({
      id: outbox.id,
      kind: outbox.kind,
      channel: outbox.channel,
      dedupeKey: outbox.dedupeKey,
      bookingId: outbox.bookingId,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.bookingId, booking.id),
        eq(outbox.kind, "appointment_reminder"),
        eq(outbox.status, "pending"),
        isNull(outbox.claimToken),
      ),
    );
  const today = shopToday(now);
  for (const message of queued) {
    const reason = withdrawalReason(message, booking, { optedOut: false, today });
    if (reason)
      await tx
        .update(outbox)
        .set({ status: "cancelled", lastError: reason, nextAttemptAt: sql`now()` })
        .where(eq(outbox.id, message.id));
  }
}

/**
 * Everything a customer's change brings, in its transaction: the history entry the customer and
 * staff read (by the customer, so a staff form drawn before it is refused and names it), the
 * shop's alert, the customer's own message with the calendar file that updates theirs, and the
 * reminders of the old time taken back.
 */
async function recordChange(
  tx: Tx,
  updated: Booking,
  change: AppointmentChange,
  origin: string,
  now: Date,
) {
  const note =
    change.kind === "moved"
      ? `Rescheduled by the customer from ${appointmentShort(change.from.preferredDate, change.from.preferredTime)} to ${appointmentShort(updated.preferredDate, updated.preferredTime)}.`
      : "Cancelled by the customer.";
  await tx
    .insert(bookingEvents)
    .values({ bookingId: updated.id, status: updated.status, note, byCustomer: true });
  await queueShopAlert(
    tx,
    "booking_change_alert",
    updated.id,
    appointmentChangeAlertMail(updated, change, origin),
  );
  // The customer's own act: counted against the per-recipient limits, as their booking was.
  await queueCustomerNotice(
    tx,
    updated,
    {
      kind: "booking_change",
      mail: () => appointmentChangeMail(updated, change, origin),
      attachments: () => [calendarAttachment(updated, origin)],
      text: () => bookingTexts.booking_change(updated, origin),
      limited: true,
    },
    now,
  );
  await withdrawStaleReminders(tx, updated, now);
}

/**
 * Runs `change` on the booking of `token`, locked, when the customer may still change it and it
 * is at the version the page was drawn at; `replay` answers a second submission of a change
 * already made (a double tap, a page sent again) as the first was answered, so it is one change.
 */
async function changeByCustomer(
  token: string,
  readVersion: number,
  now: Date,
  replay: (current: Booking) => CustomerChangeOutcome | undefined,
  change: (tx: Tx, current: Booking, slotCapacity: number) => Promise<CustomerChangeOutcome>,
): Promise<CustomerChangeOutcome> {
  if (!isTrackingToken(token)) return { outcome: "not_found" };
  const db = await database();
  const result = await db.transaction(async (tx): Promise<CustomerChangeOutcome> => {
    const current = await lockedBooking(tx, token);
    if (!current) return { outcome: "not_found" };
    if (readVersion !== current.version)
      return replay(current) ?? { outcome: "changed_meanwhile", booking: current };
    const rules = await shopSettingsNow(tx);
    const window = appointmentChangeWindow(current, rules.changeCutoffHours, now);
    if (!window.open)
      return { outcome: "closed", reason: window.reason, cutoffHours: rules.changeCutoffHours };
    return change(tx, current, rules.bookingSlotCapacity);
  });
  if ((result.outcome === "moved" || result.outcome === "cancelled") && !result.replayed)
    wakeMailWorker();
  return result;
}

/**
 * The customer moves their appointment to `to` (a date and time the booking schema let through:
 * not past, within the booking window). The new day's hours (statutory holidays, the owner's
 * closures and special hours, decision 0054) are read in the same transaction, and the new slot is
 * held to the same capacity as a new booking, under the same lock (`slotLock`, `slotCount`); the
 * old one is free at once.
 */
export function rescheduleBooking(
  token: string,
  to: Pick<Booking, "preferredDate" | "preferredTime">,
  readVersion: number,
  origin: string,
  now = new Date(),
): Promise<CustomerChangeOutcome> {
  const isNow = (b: Booking) =>
    b.preferredDate === to.preferredDate && b.preferredTime === to.preferredTime;
  return changeByCustomer(
    token,
    readVersion,
    now,
    (current) =>
      current.status === "pending" && isNow(current)
        ? { outcome: "moved", booking: current, replayed: true }
        : undefined,
    async (tx, current, slotCapacity) => {
      if (isNow(current)) return { outcome: "same_time" };
      await tx.execute(sql`select ${slotLock(to.preferredDate, to.preferredTime)}`);
      const [[taken], calendar] = await Promise.all([
        slotCount(tx, to.preferredDate, to.preferredTime),
        calendarBetween(to.preferredDate, to.preferredDate, tx),
      ]);
      const closed = hoursRefusal(to.preferredDate, to.preferredTime, calendar);
      if (closed) return { outcome: "shop_closed", refusal: closed };
      if ((taken?.n ?? 0) >= slotCapacity) return { outcome: "slot_full" };
      const [updated] = await tx
        .update(bookings)
        .set({ ...to, updatedAt: now, version: nextVersion })
        .where(eq(bookings.id, current.id))
        .returning();
      await recordChange(tx, updated!, { kind: "moved", from: current }, origin, now);
      return { outcome: "moved", booking: updated!, replayed: false };
    },
  );
}

/**
 * The customer cancels their appointment: the booking is Cancelled, with the note staff's own
 * cancellation would give it, and its slot is free again.
 */
export function cancelBooking(
  token: string,
  readVersion: number,
  origin: string,
  now = new Date(),
): Promise<CustomerChangeOutcome> {
  return changeByCustomer(
    token,
    readVersion,
    now,
    (current) =>
      current.status === "cancelled"
        ? { outcome: "cancelled", booking: current, replayed: true }
        : undefined,
    async (tx, current) => {
      const [updated] = await tx
        .update(bookings)
        .set({
          status: "cancelled",
          customerNote: noteAfterUpdate({
            currentStatus: current.status,
            currentNote: current.customerNote,
            newStatus: "cancelled",
            submittedNote: undefined,
          }),
          statusChangedAt: now,
          updatedAt: now,
          version: nextVersion,
        })
        .where(eq(bookings.id, current.id))
        .returning();
      await recordChange(tx, updated!, { kind: "cancelled" }, origin, now);
      return { outcome: "cancelled", booking: updated!, replayed: false };
    },
  );
}
