import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warrantyClaims } from "../../db/schema";
import { updateRepairStatus } from "~/models/booking-changes.server";
import { draftInvoiceForBooking, invoiceOfBooking, issueInvoice } from "~/models/invoice.server";
import { ClaimRefused, openWarrantyClaim, warrantyLinks } from "~/models/warranty-claim.server";
import { issueFormKey } from "~/server/submission.server";
import { createTestStaff, insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staffId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "warranty.clerk")).id;
});
afterAll(() => handle.drop());

async function invoicedRepair() {
  const booking = await insertBooking(handle.db, { quotedPrice: "120.00", source: "walk_in" });
  const draft = (await draftInvoiceForBooking(booking.id, staffId))!;
  const issued = (await issueInvoice(draft.id, draft.version, staffId))!;
  return { booking, issued };
}

const claim = (covered: boolean, exclusion: string | null = null) => ({
  covered,
  exclusion,
  note: "Screen flickers again",
  submissionKey: issueFormKey(),
});

describe(`warranty claims on ${testDriver}`, () => {
  it("opens a covered claim as a repair of its own for the same customer, invoiced at no charge, linked both ways", async () => {
    const { booking } = await invoicedRepair();
    const opened = (await openWarrantyClaim(booking.id, claim(true), staffId))!;
    expect(opened.replayed).toBe(false);
    expect(opened.claim).toMatchObject({
      phoneDigits: booking.phoneDigits,
      deviceModel: booking.deviceModel,
      issueType: "Warranty Claim",
      issueDescription: "Screen flickers again",
      status: "pending",
      quotedPrice: "0.00",
    });
    expect(opened.claim.trackingToken).not.toBe(booking.trackingToken);
    const links = await warrantyLinks(booking.id);
    expect(links.claims.map((c) => c.claimBookingId)).toEqual([opened.claim.id]);
    expect((await warrantyLinks(opened.claim.id)).claimOf?.originalBookingId).toBe(booking.id);

    // Ready for pickup drafts its invoice at nothing, so it is handed over without payment.
    const move = (status: "ready_for_pickup" | "completed") =>
      updateRepairStatus(
        opened.claim.id,
        { status, note: undefined, expectedDeliveryDate: undefined },
        staffId,
      );
    await move("ready_for_pickup");
    expect(await invoiceOfBooking(opened.claim.id)).toMatchObject({ totalCents: 0 });
    expect((await move("completed"))!.booking.status).toBe("completed");
  });

  it("records a claim not covered with the exclusion, priced as any repair", async () => {
    const { booking } = await invoicedRepair();
    const opened = (await openWarrantyClaim(
      booking.id,
      claim(false, "Liquid damage after the repair"),
      staffId,
    ))!;
    expect(opened.claim.quotedPrice).toBeNull();
    const [row] = await handle.db
      .select()
      .from(warrantyClaims)
      .where(eq(warrantyClaims.claimBookingId, opened.claim.id));
    expect(row).toMatchObject({ covered: false, exclusion: "Liquid damage after the repair" });
  });

  it("refuses before the invoice, and covered once the warranty has ended; the same form twice opens one", async () => {
    const uninvoiced = await insertBooking(handle.db);
    await expect(openWarrantyClaim(uninvoiced.id, claim(true), staffId)).rejects.toThrow(
      /has no issued invoice, and its warranty starts on the invoice date\.$/,
    );
    const { booking } = await invoicedRepair();
    // Opened 91 days after the invoice: one day past the warranty.
    const later = new Date(Date.now() + 91 * 86_400_000);
    const late = await openWarrantyClaim(booking.id, claim(true), staffId, later).catch(
      (e: unknown) => e,
    );
    expect(late).toBeInstanceOf(ClaimRefused);
    expect((late as Error).message).toMatch(
      /^The warranty on WF-\d+ ended on \w{3} \d{1,2}, \d{4}: the claim is not covered\.$/,
    );

    const form = claim(false, "The warranty period had ended");
    const [first, second] = await Promise.all([
      openWarrantyClaim(booking.id, form, staffId),
      openWarrantyClaim(booking.id, form, staffId),
    ]);
    expect(first!.claim.id).toBe(second!.claim.id);
    expect([first!.replayed, second!.replayed].sort()).toEqual([false, true]);
    expect((await warrantyLinks(booking.id)).claims).toHaveLength(1);
  });

  it("keeps the warranty's length on the invoice when issued, never to change after", async () => {
    const { booking, issued } = await invoicedRepair();
    expect(issued.warrantyDays).toBe(90);
    expect((await warrantyLinks(booking.id)).start).toMatchObject({ warrantyDays: 90 });
    await expect(
      handle.db.execute(sql`update invoices set warranty_days = 30 where id = ${issued.id}`),
    ).rejects.toThrow();
    const draft = (await draftInvoiceForBooking((await insertBooking(handle.db)).id, staffId))!;
    expect(draft.warrantyDays).toBeNull();
  });
});
