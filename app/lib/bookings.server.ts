import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { bookingEvents, bookings } from "#db/schema";
import { booking as bookingRules } from "~/config/shop";
import type { BookingInput } from "~/schemas/booking";
import { isTrackingToken } from "./booking-reference";
import { database } from "./db.server";
import { queueBookingMails, wakeMailWorker } from "./outbox.server";
import { positiveIntFromEnv } from "./env.server";
import { phoneDigits } from "./phone";
import { refuseSubmission, type Refusal } from "./public-form.server";
import { payloadHash } from "./submission.server";

export type StoredBooking = typeof bookings.$inferSelect;

export type CreateBookingResult =
  | { outcome: "created" | "replayed"; booking: StoredBooking }
  | { outcome: "key_reused"; booking: StoredBooking }
  | { outcome: "slot_full" };

export const slotCapacity = () => positiveIntFromEnv("BOOKING_SLOT_CAPACITY", bookingRules.defaultSlotCapacity);

/** What identifies the request's content, so a retry can be told from a different booking. */
function fingerprint({ submissionKey: _key, website: _honeypot, ...fields }: BookingInput) {
  return payloadHash(fields);
}

/**
 * Stores a booking exactly once per submission key. A retry of the same submission (double
 * click, lost response, back button) gets the first booking back; duplicates racing each other
 * are settled by the unique key, not by a read-then-write. A slot holds at most `slotCapacity()`
 * bookings that are not cancelled; a per-slot transaction lock keeps concurrent bookings from
 * overfilling it. The shop's alert and the customer's confirmation are queued in the same
 * transaction, so a stored booking always has its e-mails and a refused one never does.
 * `origin` is the site's public address, for the links in those e-mails.
 */
export async function createBooking(input: BookingInput, origin: string): Promise<CreateBookingResult> {
  const db = await database();
  const hash = fingerprint(input);
  const result = await db.transaction(async (tx) => {
    const existing = async () => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.submissionKey, input.submissionKey));
      if (!row) return undefined;
      return { outcome: row.payloadHash === hash ? "replayed" : "key_reused", booking: row } as const;
    };

    // A retry is rare, so the key is not looked up first: the insert below does nothing on a
    // known key and the earlier booking is read then. One round trip fewer per new booking.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slot:${input.preferredDate} ${input.preferredTime}`}))`);
    const [taken] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.preferredDate, input.preferredDate), eq(bookings.preferredTime, input.preferredTime), ne(bookings.status, "cancelled")));
    // A retry of a booking that filled the slot still gets its booking back.
    if ((taken?.n ?? 0) >= slotCapacity()) return (await existing()) ?? ({ outcome: "slot_full" } as const);

    const [created] = await tx
      .insert(bookings)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        phoneDigits: phoneDigits(input.phone),
        deviceCategory: input.deviceCategory,
        deviceBrand: input.deviceBrand ?? null,
        deviceModel: input.deviceModel ?? null,
        issueType: input.issueType,
        issueDescription: input.issueDescription ?? null,
        preferredDate: input.preferredDate,
        preferredTime: input.preferredTime,
        urgency: input.urgency,
        trackingToken: randomBytes(24).toString("base64url"),
        submissionKey: input.submissionKey,
        payloadHash: hash,
      })
      .onConflictDoNothing({ target: bookings.submissionKey })
      .returning();
    if (!created) {
      const earlier = await existing();
      if (!earlier) throw new Error("booking vanished after a submission-key conflict");
      return earlier;
    }
    await tx.insert(bookingEvents).values({ bookingId: created.id, status: created.status });
    await queueBookingMails(tx, created, origin);
    return { outcome: "created", booking: created } as const;
  });
  if (result.outcome === "created") wakeMailWorker();
  return result;
}

/** A booking from either door: refused as spam or over the limit, or stored (once). */
export async function submitBooking(input: BookingInput, context: AppLoadContext, origin: string): Promise<CreateBookingResult | Refusal> {
  return (await refuseSubmission(input.website, context)) ?? createBooking(input, origin);
}

export async function findBookingByToken(token: string): Promise<StoredBooking | undefined> {
  if (!isTrackingToken(token)) return undefined;
  const db = await database();
  const [row] = await db.select().from(bookings).where(eq(bookings.trackingToken, token));
  return row;
}

