import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { and, count, eq, gte, or, sql } from "drizzle-orm";
import { bookingEvents, bookings, outbox, repairItems } from "#db/schema";
import type { BookingInput } from "~/schemas/booking";
import type { Booking } from "~/types/booking";
import type { Assert, SameType } from "~/types/same-type";
import { isTrackingToken } from "~/utils/booking-reference";
import { database } from "~/server/db.server";
import { holdsItsSlot, slotCount, slotLock } from "~/models/booking-slot.server";
import {
  heldBackReason,
  limitedColumns,
  recipientLocks,
  shopInboxes,
  wakeMailWorker,
} from "~/models/outbox-message.server";
import { settings } from "~/server/env.server";
import { settingLimits } from "~/schemas/shop-settings";
import { confirmedAtOnceSql, shopSettingsNow } from "~/models/shop-settings.server";
import { calendarBetween } from "~/models/shop-calendar.server";
import { hoursRefusal } from "~/utils/slot-rules";
import { phoneDigits } from "~/utils/phone";
import { emailKey, phoneKey } from "~/utils/recipient-key";
import { shopToday } from "~/utils/shop-time";
import { textSendAfter } from "~/utils/sms-quiet-hours";
import { submitPublicForm, type Refusal } from "~/server/public-form.server";
import {
  contactKeys,
  customerFor,
  customerLocks,
  customerOfPhone,
} from "~/models/customer-match.server";
import { payloadHash, type SubmissionDoor } from "~/server/submission.server";

// The row type pages and e-mails use is written out in app/types/booking.ts; it must be this table's.
type _BookingIsTheRow = Assert<SameType<Booking, typeof bookings.$inferSelect>>;

/**
 * A reused key yields nothing of the booking stored under it: whoever sends a known key with other
 * details must not learn that booking's token or the customer's details.
 */
export type CreateBookingResult =
  | { outcome: "created" | "replayed"; booking: Booking }
  | { outcome: "key_reused" }
  | { outcome: "slot_full" }
  | { outcome: "too_many_bookings"; limit: number }
  /** The shop is closed that day or at that time (a statutory holiday, the owner's closure). */
  | { outcome: "closed"; refusal: NonNullable<ReturnType<typeof hoursRefusal>> };

/**
 * How far a customer's upcoming bookings are counted: past any limit the Settings page allows,
 * so the count is read in the same batch as the settings it is held against.
 */
const countedBookingsCap = () =>
  Math.max(settingLimits.bookingLimitPerCustomer, settings().bookingLimitPerCustomer);

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
> & { email?: string };

/**
 * The columns every new booking takes from its form, online or at the counter, and its secret
 * tracking token.
 */
export function newBookingColumns(input: CustomerAndDevice) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ?? null,
    emailKey: input.email ? emailKey(input.email) : null,
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

/**
 * The price list's price of the repair booked, when the list has one: the price the customer was
 * quoted when booking, which the confirmation and tracking show (docs/decisions/0057). Read in the
 * insert itself, so it costs no round trip; kept as it was if the list changes later, and staff may
 * change it on the repair's page as any quoted price.
 */
const listedPrice = (
  input: Pick<BookingInput, "deviceCategory" | "deviceBrand" | "deviceModel" | "issueType">,
) =>
  sql<string | null>`(select ${repairItems.price} from ${repairItems}
    where ${repairItems.category} = ${input.deviceCategory} and ${repairItems.brand} = ${input.deviceBrand ?? null}
      and ${repairItems.model} = ${input.deviceModel ?? null} and ${repairItems.repair} = ${input.issueType}
      and ${repairItems.price} is not null
    order by ${repairItems.sortOrder}, ${repairItems.id} limit 1)`;

/** Thrown inside the booking transaction to undo an insert that would overfill its slot. */
class SlotFull extends Error {}

/** Thrown inside the booking transaction to undo an insert beyond the customer's upcoming bookings. */
class TooManyBookings extends Error {}

/** Thrown inside the booking transaction to undo an insert on a day or at a time the shop is closed. */
class ShopClosed extends Error {
  constructor(readonly refusal: NonNullable<ReturnType<typeof hoursRefusal>>) {
    super(refusal.message);
  }
}

/**
 * A customer's bookings that still hold a place in the calendar, online ones from today on, found
 * by their number or their mailbox (either one is the customer).
 */
const upcomingOnlineBookingsOf = (digits: string, mailbox: string, today: string) =>
  and(
    eq(bookings.source, "online"),
    holdsItsSlot,
    gte(bookings.preferredDate, today),
    or(eq(bookings.phoneDigits, digits), eq(bookings.emailKey, mailbox)),
  );

/**
 * Stores a booking exactly once per submission key, as given: the doors reach it through
 * `submitBooking`, which stores a digest of their door and key instead. A retry of the same submission (double
 * click, lost response, back button) gets the first booking back; duplicates racing each other
 * are settled by the unique key, not by a read-then-write. A slot holds at most the shop's
 * slot capacity of bookings that are not cancelled and drop-offs of open trade-in offers
 * (`slotPlaces`), and one phone number or mailbox at most its
 * limit of upcoming online ones (both on the Settings page, read in the same batch); transaction locks on the slot and on the customer's number and mailbox
 * keep concurrent bookings from going past either.
 *
 * Round trips are what a booking costs under load (each is a write and a read on both sides), so
 * the transaction is BEGIN, one pipelined batch and COMMIT. The batch is seven statements sent
 * together: the locks; the slot's count and the customer's, statements of their own so that their
 * snapshots are taken once the locks are held and see every booking committed before; the
 * customer record found or created (`customerFor`, decision 0042); and the insert, attached to
 * that customer, with its first history event and its messages in the same statement; the
 * shop's settings the counts are held against; and the day's closures and special hours, which
 * with the statutory holidays say whether the shop is open then (decision 0054). The counts do not
 * see the insert, which would be undone if the shop turns out to be closed, the slot full or the
 * customer to hold too many bookings: a rare case, paid for by a rollback instead of a round trip.
 *
 * The shop's alert and the customer's confirmation are queued with the booking as it was stored,
 * to be rendered by the mail thread (decision 0011), so a stored booking always has its messages
 * and a refused one never does. The confirmation e-mail and text count against the per-recipient
 * limits (`heldBackReason`, under the same locks); beyond them they are stored marked not sent,
 * and the booking stands. `origin` is the site's public address, for the links in them; `now`
 * decides whether a confirmation text waits for the end of quiet hours, and which bookings are
 * upcoming.
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

  const digits = phoneDigits(input.phone);
  const mailbox = emailKey(input.email);
  const number = phoneKey(input.phone);
  const mailLimits = limitedColumns(sql.raw("mail_limit.reason"), mailbox, sql`now()`);
  const textLimits = limitedColumns(
    sql.raw("text_limit.reason"),
    number,
    sql`${textSendAfter(now).toISOString()}::timestamptz`,
  );

  let created: Booking | undefined;
  let limit = 0;
  try {
    created = await db.transaction(async (tx) => {
      const stored = tx.$with("stored").as(
        tx
          .insert(bookings)
          .values({
            ...newBookingColumns(input),
            preferredDate: input.preferredDate,
            preferredTime: input.preferredTime,
            urgency: input.urgency,
            quotedPrice: listedPrice(input),
            notifyBy: input.notifyBy,
            reviewOptIn: input.reviewOptIn,
            submissionKey: input.submissionKey,
            payloadHash: hash,
            customerId: customerOfPhone(input.phone),
          })
          // A known key inserts nothing (and no event): the earlier booking is read afterwards.
          .onConflictDoNothing({ target: bookings.submissionKey })
          .returning(),
      );
      const history = tx.$with("history", {}).as(
        sql`insert into ${bookingEvents} (${sql.identifier(bookingEvents.bookingId.name)}, ${sql.identifier(bookingEvents.status.name)})
            select ${stored.id}, ${stored.status} from ${stored}`,
      );
      // The shop's alert is never held back: the shop hears of every booking. The confirmation
      // text, for a customer who chose texts, is rendered from the same facts. Both say whether
      // the booking is received or confirmed as the settings said when it was stored.
      const confirmationFacts = sql`to_jsonb(${stored}) || jsonb_build_object('confirmed_at_once', ${confirmedAtOnceSql()})`;
      const queued = tx.$with("queued", {}).as(
        sql`insert into ${outbox} (kind, channel, booking_id, recipient, reply_to, facts, origin, next_attempt_at, status, last_error, recipient_key)
            select 'booking_alert'::outbox_kind, 'email'::outbox_channel, ${stored.id}, ${shopInboxes.bookings}, ${stored.email}, to_jsonb(${stored}), ${origin}, now(), 'pending'::outbox_status, null::text, null::text
            from ${stored}
            union all
            select 'booking_confirmation'::outbox_kind, 'email'::outbox_channel, ${stored.id}, ${stored.email}, null, ${confirmationFacts}, ${origin}, ${mailLimits.nextAttemptAt}, ${mailLimits.status}, ${mailLimits.lastError}, ${mailLimits.recipientKey}
            from ${stored} cross join lateral (select ${heldBackReason("email", mailbox)} as reason) as mail_limit
            union all
            select 'booking_confirmation'::outbox_kind, 'sms'::outbox_channel, ${stored.id}, ${number}, null, ${confirmationFacts}, ${origin}, ${textLimits.nextAttemptAt}, ${textLimits.status}, ${textLimits.lastError}, ${textLimits.recipientKey}
            from ${stored} cross join lateral (select ${heldBackReason("sms", number)} as reason) as text_limit
            where ${stored.notifyBy} <> 'email'`,
      );
      const [, [inSlot], [held], , [row], rules, calendar] = await Promise.all([
        tx.execute(
          sql`select ${slotLock(input.preferredDate, input.preferredTime)}, ${recipientLocks([mailbox, number])}, ${customerLocks(contactKeys(input))}`,
        ),
        slotCount(tx, input.preferredDate, input.preferredTime),
        // Counted no further than the limit, so a customer's long history costs nothing more.
        tx.select({ n: count() }).from(
          tx
            .select({ one: sql`1` })
            .from(bookings)
            .where(upcomingOnlineBookingsOf(digits, mailbox, shopToday(now)))
            .limit(countedBookingsCap())
            .as("held"),
        ),
        // The customer this booking belongs to, found or created (decision 0042); the insert
        // reads it from the phone's contact.
        tx.execute(customerFor(input)),
        tx.with(stored, history, queued).select().from(stored),
        shopSettingsNow(tx),
        // The day's closures and special hours as they stand now (decision 0054).
        calendarBetween(input.preferredDate, input.preferredDate, tx),
      ]);
      const closed = hoursRefusal(input.preferredDate, input.preferredTime, calendar);
      if (closed) throw new ShopClosed(closed);
      if ((inSlot?.n ?? 0) >= rules.bookingSlotCapacity) throw new SlotFull();
      limit = rules.bookingLimitPerCustomer;
      if ((held?.n ?? 0) >= limit) throw new TooManyBookings();
      return row;
    });
  } catch (error) {
    // A retry of a booking that filled the slot, or the customer's last place, still gets its
    // booking back.
    if (error instanceof SlotFull) return (await existing()) ?? { outcome: "slot_full" };
    if (error instanceof TooManyBookings)
      return (await existing()) ?? { outcome: "too_many_bookings", limit };
    if (error instanceof ShopClosed)
      return (await existing()) ?? { outcome: "closed", refusal: error.refusal };
    throw error;
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
