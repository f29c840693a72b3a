import { and, eq, gt, lte } from "drizzle-orm";
import { bookings } from "#db/schema";
import {
  appointmentReminderMail,
  pickupReminderMail,
  reviewRequestMail,
} from "~/mail/customer-notice";
import { database } from "~/server/db.server";
import { queueCustomerNotice } from "~/models/outbox-message.server";
import { addDays, shopMinutesNow, shopToday } from "~/utils/shop-time";
import { bookingTexts } from "~/mail/sms-content.server";
import { isQuietHours } from "~/utils/sms-quiet-hours";
import { appointmentReminderKey } from "~/utils/message-withdrawal";

const hour = 3_600_000;
const day = 24 * hour;

/** When the scheduled messages fall due (docs/decisions/0024). */
const schedule = {
  /** The appointment reminder goes from 18:00 the evening before... */
  appointmentEveningFrom: 18 * 60,
  /**
   * ...to bookings made at least this long before (a booking made tonight for tomorrow has just had
   * its confirmation).
   */
  appointmentBookedAtLeast: 12 * hour,
  pickupFirstAfter: 3 * day,
  pickupEvery: 7 * day,
  pickupAtMost: 3,
  reviewAfter: 2 * day,
  /**
   * A repair completed longer ago than this gets no review request (after an outage, or when the
   * feature is turned on).
   */
  reviewNoLaterThan: 9 * day,
} as const;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

async function queueAppointmentReminders(now: Date, origin: string): Promise<number> {
  if (shopMinutesNow(now) < schedule.appointmentEveningFrom) return 0;
  const db = await database();
  const tomorrow = addDays(shopToday(now), 1);
  const due = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.preferredDate, tomorrow),
        eq(bookings.status, "pending"),
        eq(bookings.source, "online"),
        lte(bookings.createdAt, ago(now, schedule.appointmentBookedAtLeast)),
      ),
    );
  // A visitor's booking brings its reminder, so the reminder counts against the per-recipient
  // limits like the confirmation did; each is queued under its recipients' locks.
  for (const booking of due) {
    await db.transaction((tx) =>
      queueCustomerNotice(
        tx,
        booking,
        {
          kind: "appointment_reminder",
          mail: () => appointmentReminderMail(booking, origin),
          text: () => bookingTexts.appointment_reminder(booking, origin),
          dedupeKey: appointmentReminderKey(booking),
          limited: true,
        },
        now,
      ),
    );
  }
  return due.length;
}

/** Which pickup reminder is due for a repair ready since `readyAt` (1, 2 or 3), or 0 when none is yet. */
export function pickupReminderNumber(readyAt: Date, now: Date): number {
  const waited = now.getTime() - readyAt.getTime() - schedule.pickupFirstAfter;
  if (waited < 0) return 0;
  return Math.min(schedule.pickupAtMost, 1 + Math.floor(waited / schedule.pickupEvery));
}

async function queuePickupReminders(now: Date, origin: string): Promise<number> {
  const db = await database();
  const lastDue = schedule.pickupFirstAfter + schedule.pickupEvery * schedule.pickupAtMost;
  const due = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "ready_for_pickup"),
        lte(bookings.statusChangedAt, ago(now, schedule.pickupFirstAfter)),
        gt(bookings.statusChangedAt, ago(now, lastDue)),
      ),
    );
  for (const booking of due) {
    // Only the latest reminder due: after an outage the customer gets one message, not a backlog.
    const number = pickupReminderNumber(booking.statusChangedAt, now);
    await queueCustomerNotice(
      db,
      booking,
      {
        kind: "pickup_reminder",
        mail: () => pickupReminderMail(booking, origin),
        text: () => bookingTexts.pickup_reminder(booking, origin),
        dedupeKey: `pickup_reminder:${booking.id}:${booking.statusChangedAt.getTime()}:${number}`,
      },
      now,
    );
  }
  return due.length;
}

async function queueReviewRequests(now: Date): Promise<number> {
  const db = await database();
  const due = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "completed"),
        eq(bookings.reviewOptIn, true),
        lte(bookings.statusChangedAt, ago(now, schedule.reviewAfter)),
        gt(bookings.statusChangedAt, ago(now, schedule.reviewNoLaterThan)),
      ),
    );
  for (const booking of due) {
    await queueCustomerNotice(
      db,
      booking,
      {
        kind: "review_request",
        mail: () => reviewRequestMail(booking),
        text: () => bookingTexts.review_request(booking),
        // One request per repair, ever.
        dedupeKey: `review_request:${booking.id}`,
      },
      now,
    );
  }
  return due.length;
}

/**
 * One scheduler pass: queues every reminder and review request that is due at `now` and not yet
 * queued. Any number of instances may run it at the same time: each message's dedupe key is
 * unique in the outbox, so the second insert of the same message does nothing. Pickup reminders
 * and review requests are not urgent and wait for the day (outside quiet hours), e-mail
 * included; the appointment reminder goes in the evening, its text held to the morning if late.
 */
export async function queueScheduledMessages(origin: string, now = new Date()): Promise<number> {
  let considered = await queueAppointmentReminders(now, origin);
  if (!isQuietHours(now)) {
    considered += await queuePickupReminders(now, origin);
    considered += await queueReviewRequests(now);
  }
  return considered;
}
