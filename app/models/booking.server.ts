import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { bookingEvents, bookings, outbox } from "#db/schema";
import type { BookingInput } from "~/schemas/booking";
import { isTrackingToken } from "~/utils/booking-reference";
import { database } from "~/server/db.server";
import { shopInboxes, wakeMailWorker } from "~/models/outbox-message.server";
import { settings } from "~/server/env.server";
import { phoneDigits, smsNumber } from "~/utils/phone";
import { textSendAfter } from "~/utils/sms-quiet-hours";
import { submitPublicForm, type Refusal } from "~/server/public-form.server";
import { payloadHash, type SubmissionDoor } from "~/models/submission.server";

export type Booking = typeof bookings.$inferSelect;

/**
 * A reused key yields nothing of the booking stored under it: whoever sends a known key with other
 * details must not learn that booking's token or the customer's details.
 */
export type CreateBookingResult =
  | { outcome: "created" | "replayed"; booking: Booking }
  | { outcome: "key_reused" }
  | { outcome: "slot_full" };

export const slotCapacity = () => settings().bookingSlotCapacity;

/**
 * A booking keeps its place in its slot until it is cancelled; the form's time list counts the same
 * way.
 */
export const holdsItsSlot = ne(bookings.status, "cancelled");

/** What identifies the request's content, so a retry can be told from a different booking. */
function fingerprint({ submissionKey: _key, website: _honeypot, ...fields }: BookingInput) {
  return payloadHash(fields);
}

type CustomerAndDevice = Pick<
  BookingInput,
  | "firstName"
  | "lastName"
  | "phone"
  | "deviceCategory"
  | "deviceBrand"
  | "deviceModel"
  | "issueType"
  | "issueDescription"
>;

/**
 * The columns every new booking takes from its form, online or at the counter, and its secret
 * tracking token.
 */
export function newBookingColumns(input: CustomerAndDevice) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    phoneDigits: phoneDigits(input.phone),
    deviceCategory: input.deviceCategory,
    deviceBrand: input.deviceBrand ?? null,
    deviceModel: input.deviceModel ?? null,
    issueType: input.issueType,
    issueDescription: input.issueDescription ?? null,
    trackingToken: randomBytes(24).toString("base64url"),
  };
}

/** Thrown inside the booking transaction to undo an insert that would overfill its slot. */
class SlotFull extends Error {}

/**
 * Stores a booking exactly once per submission key, as given: the doors reach it through
 * `submitBooking`, which stores a digest of their door and key instead. A retry of the same submission (double
 * click, lost response, back button) gets the first booking back; duplicates racing each other
 * are settled by the unique key, not by a read-then-write. A slot holds at most `slotCapacity()`
 * bookings that are not cancelled; a per-slot transaction lock keeps concurrent bookings from
 * overfilling it.
 *
 * Round trips are what a booking costs under load (each is a write and a read on both sides), so
 * the transaction is BEGIN, one pipelined batch and COMMIT. The batch is three statements sent
 * together: the slot lock; the slot's count, a statement of its own so that its snapshot is taken
 * once the lock is held and sees every booking committed before; and the insert, with its first
 * history event and its two e-mails in the same statement. The count does not see the insert,
 * which would be undone if the slot turns out to be full: a rare case, paid for by a rollback
 * instead of a round trip.
 *
 * The shop's alert and the customer's confirmation are queued with the booking as it was stored,
 * to be rendered by the mail thread (decision 0011), so a stored booking always has its e-mails
 * and a refused one never does. `origin` is the site's public address, for the links in them;
 * `now` decides whether a confirmation text waits for the end of quiet hours.
 */
export async function createBooking(
  input: BookingInput,
  origin: string,
  now = new Date(),
): Promise<CreateBookingResult> {
  const db = await database();
  const hash = fingerprint(input);
  const existing = async () => {
    const [row] = await db
      .select()
      .from(bookings)
      .where(eq(bookings.submissionKey, input.submissionKey));
    if (!row) return undefined;
    return row.payloadHash === hash
      ? ({ outcome: "replayed", booking: row } as const)
      : ({ outcome: "key_reused" } as const);
  };

  let created: Booking | undefined;
  try {
    created = await db.transaction(async (tx) => {
      const stored = tx.$with("stored").as(
        tx
          .insert(bookings)
          .values({
            ...newBookingColumns(input),
            email: input.email,
            preferredDate: input.preferredDate,
            preferredTime: input.preferredTime,
            urgency: input.urgency,
            notifyBy: input.notifyBy,
            reviewOptIn: input.reviewOptIn,
            submissionKey: input.submissionKey,
            payloadHash: hash,
          })
          // A known key inserts nothing (and no event): the earlier booking is read afterwards.
          .onConflictDoNothing({ target: bookings.submissionKey })
          .returning(),
      );
      const history = tx.$with("history", {}).as(
        sql`insert into ${bookingEvents} (${sql.identifier(bookingEvents.bookingId.name)}, ${sql.identifier(bookingEvents.status.name)})
            select ${stored.id}, ${stored.status} from ${stored}`,
      );
      // The confirmation text, for a customer who chose texts, is rendered from the same facts.
      const queued = tx.$with("queued", {}).as(
        sql`insert into ${outbox} (kind, channel, booking_id, recipient, reply_to, facts, origin, next_attempt_at)
            select 'booking_alert'::outbox_kind, 'email'::outbox_channel, ${stored.id}, ${shopInboxes.bookings}, ${stored.email}, to_jsonb(${stored}), ${origin}, now() from ${stored}
            union all
            select 'booking_confirmation'::outbox_kind, 'email'::outbox_channel, ${stored.id}, ${stored.email}, null, to_jsonb(${stored}), ${origin}, now() from ${stored}
            union all
            select 'booking_confirmation'::outbox_kind, 'sms'::outbox_channel, ${stored.id}, ${smsNumber(phoneDigits(input.phone))}, null, to_jsonb(${stored}), ${origin}, ${textSendAfter(now).toISOString()}::timestamptz
            from ${stored} where ${stored.notifyBy} <> 'email'`,
      );
      const [, [taken], [row]] = await Promise.all([
        tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`slot:${input.preferredDate} ${input.preferredTime}`}))`,
        ),
        tx
          .select({ n: count() })
          .from(bookings)
          .where(
            and(
              eq(bookings.preferredDate, input.preferredDate),
              eq(bookings.preferredTime, input.preferredTime),
              holdsItsSlot,
            ),
          ),
        tx.with(stored, history, queued).select().from(stored),
      ]);
      if ((taken?.n ?? 0) >= slotCapacity()) throw new SlotFull();
      return row;
    });
  } catch (error) {
    if (!(error instanceof SlotFull)) throw error;
    // A retry of a booking that filled the slot still gets its booking back.
    return (await existing()) ?? { outcome: "slot_full" };
  }
  if (created) {
    wakeMailWorker();
    return { outcome: "created", booking: created };
  }
  const earlier = await existing();
  if (!earlier) throw new Error("booking vanished after a submission-key conflict");
  return earlier;
}

/**
 * A booking from either door: refused for a key that door does not accept, as spam or over the
 * limit, or stored (once per key and door).
 */
export function submitBooking(
  input: BookingInput,
  context: AppLoadContext,
  origin: string,
  door: SubmissionDoor,
): Promise<CreateBookingResult | Refusal> {
  return submitPublicForm(input, context, door, (keyed) => createBooking(keyed, origin));
}

export async function findBookingByToken(token: string): Promise<Booking | undefined> {
  if (!isTrackingToken(token)) return undefined;
  const db = await database();
  const [row] = await db.select().from(bookings).where(eq(bookings.trackingToken, token));
  return row;
}
