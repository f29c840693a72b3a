import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { bookingEvents, bookings, invoices, warrantyClaims } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { shopClock } from "~/models/booking-walk-in.server";
import { database } from "~/server/db.server";
import { payloadHash, storedSubmissionKey } from "~/server/submission.server";
import type { Booking } from "~/types/booking";
import { bookingReference } from "~/utils/booking-reference";
import { formatCalendarDate, shopToday } from "~/utils/shop-time";
import { invoiceWarranty } from "~/utils/warranty";

export type ClaimInput = {
  covered: boolean;
  /** Why not covered; null when covered. */
  exclusion: string | null;
  /** What the customer reports, or what staff found. */
  note: string;
  /** The form's key: the same form sent twice opens one claim. */
  submissionKey: string;
};

/** A claim the rules refuse (no invoice yet, covered after the warranty ended); nothing stored. */
export class ClaimRefused extends Error {}

/** The issued invoice's date, from which the repair's warranty runs; undefined before one. */
async function warrantyStart(tx: Pick<Awaited<ReturnType<typeof database>>, "select">, id: number) {
  const [issued] = await tx
    .select({ issuedAt: invoices.issuedAt, warrantyDays: invoices.warrantyDays })
    .from(invoices)
    .where(and(eq(invoices.bookingId, id), eq(invoices.status, "issued")));
  return issued?.issuedAt ? { ...issued, issuedAt: issued.issuedAt } : undefined;
}

/**
 * Opens a warranty claim on a repair: a new repair for the same customer and device, Pending,
 * linked to it. Covered, its price is nothing (its invoice comes to $0.00); not covered, the
 * exclusion is recorded and the repair is priced as any other. Refused before the repair is
 * invoiced (the warranty starts on the invoice date) and, as covered, after the warranty ended.
 * The same form sent twice opens one claim. Undefined when there is no such repair.
 */
export async function openWarrantyClaim(
  originalId: number,
  input: ClaimInput,
  staffId: number,
  now = new Date(),
): Promise<{ claim: Booking; replayed: boolean } | undefined> {
  const submissionKey = storedSubmissionKey("form", input.submissionKey);
  if (!submissionKey) throw new ClaimRefused("This form has expired. Please send it again.");
  const db = await database();
  const hash = payloadHash({ door: "warranty_claim", originalId, ...input, submissionKey: null });
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(bookings).where(eq(bookings.id, originalId));
    if (!original) return undefined;
    const reference = bookingReference(originalId);
    const start = await warrantyStart(tx, originalId);
    if (!start)
      throw new ClaimRefused(
        `${reference} has no issued invoice, and its warranty starts on the invoice date.`,
      );
    const warranty = invoiceWarranty(start, now);
    if (input.covered && warranty.daysLeft < 0)
      throw new ClaimRefused(
        `The warranty on ${reference} ended on ${formatCalendarDate(warranty.until)}: the claim is not covered.`,
      );
    const [claim] = await tx
      .insert(bookings)
      .values({
        customerId: original.customerId,
        deviceId: original.deviceId,
        source: "walk_in",
        createdByStaffId: staffId,
        firstName: original.firstName,
        lastName: original.lastName,
        email: original.email,
        emailKey: original.emailKey,
        phone: original.phone,
        phoneDigits: original.phoneDigits,
        deviceCategory: original.deviceCategory,
        deviceBrand: original.deviceBrand,
        deviceModel: original.deviceModel,
        issueType: "Warranty Claim",
        issueDescription: input.note || null,
        trackingToken: randomBytes(24).toString("base64url"),
        preferredDate: shopToday(now),
        preferredTime: shopClock(now),
        quotedPrice: input.covered ? "0.00" : null,
        notifyBy: original.notifyBy,
        submissionKey,
        payloadHash: hash,
      })
      // The same form sent twice: the first one's claim, once it is committed.
      .onConflictDoNothing({ target: bookings.submissionKey })
      .returning();
    if (!claim) {
      const [earlier] = await tx
        .select()
        .from(bookings)
        .where(eq(bookings.submissionKey, submissionKey));
      return earlier && { claim: earlier, replayed: true };
    }
    await tx
      .insert(bookingEvents)
      .values({ bookingId: claim.id, status: claim.status, staffUserId: staffId });
    await tx.insert(warrantyClaims).values({
      originalBookingId: originalId,
      claimBookingId: claim.id,
      covered: input.covered,
      exclusion: input.covered ? null : input.exclusion,
      note: input.note,
      decidedBy: staffId,
    });
    await recordAudit(tx, staffId, {
      action: "warranty.claim",
      entity: "booking",
      entityId: claim.id,
      summary: `${bookingReference(claim.id)}: warranty claim on ${reference}, ${input.covered ? "covered, no charge" : `not covered (${input.exclusion})`}`,
    });
    return { claim: claim, replayed: false };
  });
}

/** The claims made on a repair's warranty, oldest first, and the claim the repair itself is. */
export async function warrantyLinks(bookingId: number) {
  const db = await database();
  const [claims, [claimOf], start] = await Promise.all([
    db
      .select()
      .from(warrantyClaims)
      .where(eq(warrantyClaims.originalBookingId, bookingId))
      .orderBy(asc(warrantyClaims.createdAt), asc(warrantyClaims.id)),
    db.select().from(warrantyClaims).where(eq(warrantyClaims.claimBookingId, bookingId)),
    warrantyStart(db, bookingId),
  ]);
  return { claims, claimOf, start };
}
