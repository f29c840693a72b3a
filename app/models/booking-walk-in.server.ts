import { deviceName } from "~/utils/booking-description";
import { data, type Params } from "react-router";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  bookingEvents,
  bookings,
  devices,
  invoices,
  outbox,
  payments,
  staffUsers,
} from "#db/schema";
import type { WalkInInput } from "~/schemas/walk-in";
import { checklistOf } from "~/schemas/intake";
import { checklistLines } from "~/utils/intake-checklist";
import type { PrintFacts } from "~/types/repairs";
import { adminMessages } from "~/content/messages/admin-messages";
import { recordAudit } from "~/models/audit.server";
import type { Staff } from "~/models/staff-session.server";
import { describeBooking } from "~/mail/booking-details";
import { bookingReference } from "~/utils/booking-reference";
import { newBookingColumns } from "~/models/booking.server";
import type { Booking } from "~/types/booking";
import { statusLabels } from "~/utils/booking-status";
import { database } from "~/server/db.server";
import { customerChannels, textRow, wakeMailWorker } from "~/models/outbox-message.server";
import { bookingTexts } from "~/mail/sms-content.server";
import { formatPhone } from "~/utils/phone";
import { formatShopDate, formatShopDateTime, shopMinutesNow, shopToday } from "~/utils/shop-time";
import { parseRecordId } from "~/utils/record-id";
import { payloadHash, storedSubmissionKey } from "~/server/submission.server";
import { labelQr, trackingQr } from "~/server/tracking-qr.server";
import { deviceFor, matchCustomer } from "~/models/customer-match.server";
import { deviceLine } from "~/models/customer.server";
import { takeDepositAtIntake } from "~/models/payment.server";
import { formatCents } from "~/utils/invoice-totals";
import { paymentMethodWords } from "~/utils/payment-methods";

/** "IMEI 35 209900 176148 1", as the ticket and label print it. */
function deviceLabelLine(device: typeof devices.$inferSelect) {
  const line = deviceLine(device);
  return `${line.identifierLabel} ${line.identifier}`;
}

/**
 * `replayed`: the same form was submitted again (double click, back and resubmit) and its booking
 * is returned; `key_reused`: the form's key already holds a walk-in with other details;
 * `key_refused`: the key is not one this server rendered.
 */
type CreateWalkInResult =
  | { outcome: "created" | "replayed"; booking: Booking }
  | { outcome: "key_reused"; booking: Booking }
  | { outcome: "key_refused" };

/** "HH:MM" on the shop's clock. */
export function shopClock(now: Date): string {
  const minutes = shopMinutesNow(now);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * What identifies the form's content; the drop-off time is left out, so a retry a minute later
 * still matches.
 */
const fingerprint = ({ submissionKey: _key, priceItem: _pick, ...fields }: WalkInInput) =>
  payloadHash({ door: "walk_in", ...fields });

/**
 * A repair dropped off at the counter: stored once per rendered form, with its first history
 * event, the audit record and (only when the customer gave an e-mail address and staff kept the
 * box ticked) the customer's confirmation, all in one transaction. The shop gets no alert: staff
 * made it. The appointment is the drop-off, now on the shop's clock, whatever the slots allow.
 */
export async function createWalkIn(
  input: WalkInInput,
  staff: Pick<Staff, "id">,
  origin: string,
  now = new Date(),
): Promise<CreateWalkInResult> {
  const submissionKey = storedSubmissionKey("form", input.submissionKey);
  if (!submissionKey) return { outcome: "key_refused" };
  const db = await database();
  const hash = fingerprint(input);
  const emailed = input.email !== undefined && input.sendConfirmation;

  const created = await db.transaction(async (tx) => {
    // The customer found by phone or e-mail, or a new one; the device by its IMEI or serial
    // number, now theirs (decision 0042).
    const customerId = await matchCustomer(tx, input);
    const deviceId = input.deviceIdentifier
      ? await deviceFor(tx, customerId, {
          identifier: input.deviceIdentifier,
          category: input.deviceCategory,
          brand: input.deviceBrand ?? null,
          model: input.deviceModel ?? null,
        })
      : null;
    const [row] = await tx
      .insert(bookings)
      .values({
        customerId,
        deviceId,
        source: "walk_in",
        createdByStaffId: staff.id,
        ...newBookingColumns(input),
        preferredDate: shopToday(now),
        preferredTime: shopClock(now),
        urgency: input.urgency,
        status: input.status,
        expectedDeliveryDate: input.expectedDeliveryDate ?? null,
        quotedPrice: input.quotedPrice ?? null,
        deviceCondition: input.deviceCondition ?? null,
        accessories: input.accessories ?? null,
        passcodeWithheld: input.passcode === "withheld",
        intakeChecklist: checklistOf(input),
        notifyBy: input.notifyBy,
        reviewOptIn: input.reviewOptIn,
        submissionKey,
        payloadHash: hash,
      })
      // A known key inserts nothing: the earlier walk-in is read after the transaction.
      .onConflictDoNothing({ target: bookings.submissionKey })
      .returning();
    if (!row) return undefined;
    await tx
      .insert(bookingEvents)
      .values({ bookingId: row.id, status: row.status, staffUserId: staff.id });
    if (emailed) {
      // The facts as Postgres writes them, as for an online booking, so the mail thread renders
      // both alike.
      await tx.execute(
        sql`insert into ${outbox} (kind, booking_id, recipient, facts, origin)
            select 'booking_confirmation'::outbox_kind, ${bookings.id}, ${bookings.email}, to_jsonb(${bookings}), ${origin}
            from ${bookings} where ${bookings.id} = ${row.id}`,
      );
    }
    const texted = customerChannels(row).sms;
    if (texted)
      await tx
        .insert(outbox)
        .values(
          textRow(row, "booking_confirmation", bookingTexts.walk_in_confirmation(row, origin), now),
        );
    const device = deviceName(row.deviceBrand, row.deviceModel);
    const deposit =
      input.deposit &&
      (await takeDepositAtIntake(
        tx,
        row,
        { ...input.deposit, submissionKey: `walk_in:${submissionKey}` },
        staff.id,
        now,
      ));
    await recordAudit(tx, staff.id, {
      action: "walk_in.create",
      entity: "booking",
      entityId: row.id,
      summary: `${bookingReference(row.id)}: walk-in for ${row.firstName} ${row.lastName}${device ? `, ${device}` : ""}`,
      details: {
        status: row.status,
        issueType: row.issueType,
        quotedPrice: row.quotedPrice,
        expectedDeliveryDate: row.expectedDeliveryDate,
        confirmationEmailed: emailed,
        confirmationTexted: texted,
        depositCents: deposit ? deposit.amountCents : null,
      },
    });
    return row;
  });

  if (created) {
    if (emailed || customerChannels(created).sms) wakeMailWorker();
    return { outcome: "created", booking: created };
  }
  const [earlier] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.submissionKey, submissionKey));
  if (!earlier) throw new Error("walk-in vanished after a submission-key conflict");
  return { outcome: earlier.payloadHash === hash ? "replayed" : "key_reused", booking: earlier };
}

/** The deposits on the repair's invoice that is not void, as the ticket prints them. */
async function depositsOf(bookingId: number) {
  const db = await database();
  const rows = await db
    .select({ amountCents: payments.amountCents, method: payments.method })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      and(
        eq(invoices.bookingId, bookingId),
        ne(invoices.status, "void"),
        eq(payments.deposit, true),
      ),
    )
    .orderBy(asc(payments.id));
  return rows.map((row) => `${formatCents(row.amountCents)} by ${paymentMethodWords[row.method]}`);
}

type PrintableBooking = Booking & {
  createdByName: string | null;
  device: typeof devices.$inferSelect | null;
};

/** A booking for its intake ticket or device label, with the staff member who took it in. */
async function printableBooking(id: number): Promise<PrintableBooking | undefined> {
  const db = await database();
  const [row] = await db
    .select({ booking: bookings, createdByName: staffUsers.username, device: devices })
    .from(bookings)
    .leftJoin(staffUsers, eq(staffUsers.id, bookings.createdByStaffId))
    .leftJoin(devices, eq(devices.id, bookings.deviceId))
    .where(eq(bookings.id, id));
  return row && { ...row.booking, createdByName: row.createdByName, device: row.device };
}

/**
 * A booking's printed facts (online bookings print too, with their appointment), or undefined when
 * it does not exist.
 */
async function printFacts(id: number): Promise<PrintFacts | undefined> {
  const booking = await printableBooking(id);
  if (!booking) return undefined;
  const words = describeBooking(booking);
  return {
    id: booking.id,
    reference: words.reference,
    walkIn: words.walkIn,
    when: { label: words.walkIn ? "Dropped off" : "Appointment", value: words.appointment },
    takenIn: formatShopDateTime(booking.createdAt),
    takenOn: formatShopDate(booking.createdAt),
    takenBy: booking.createdByName,
    customer: {
      name: `${booking.firstName} ${booking.lastName}`,
      phone: formatPhone(booking.phoneDigits),
      lastFour: booking.phoneDigits.slice(-4),
      email: booking.email,
    },
    device: {
      category: words.category,
      name: words.device,
      identifier: booking.device ? deviceLabelLine(booking.device) : null,
    },
    issueType: booking.issueType,
    issueDescription: booking.issueDescription,
    condition: booking.deviceCondition,
    accessories: booking.accessories,
    passcode:
      booking.passcodeWithheld === null
        ? null
        : booking.passcodeWithheld
          ? "Kept by the customer"
          : "Given to the technician",
    checklist: checklistLines(booking.intakeChecklist),
    quote: words.quote,
    deposits: await depositsOf(booking.id),
    expectedDelivery: words.expectedDelivery ?? null,
    urgency: words.urgency,
    status: statusLabels[booking.status],
    tracking: await trackingQr(booking.trackingToken),
    label: await labelQr(booking.trackingToken),
  };
}

/** The printed facts of the repair `/admin/repairs/:id/…` names; a 404 when there is none. */
export async function requirePrintFacts(params: Params): Promise<PrintFacts> {
  const id = parseRecordId(params.id);
  const facts = id === undefined ? undefined : await printFacts(id);
  if (!facts) throw data(adminMessages.bookingNotFound, { status: 404 });
  return facts;
}
