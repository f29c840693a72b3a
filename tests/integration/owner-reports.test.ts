import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateRepairStatus } from "~/models/booking-changes.server";
import { issueCreditNote } from "~/models/credit-note.server";
import { invoiceOfBooking, issueInvoice } from "~/models/invoice.server";
import { ownerReports } from "~/models/owner-reports.server";
import { recordPayment } from "~/models/payment.server";
import { ownerReportQuerySchema } from "~/schemas/owner-reports";
import { addDays, shopToday } from "~/utils/shop-time";
import { createTestStaff, insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let technicianId: number;
let ownerId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  technicianId = (await createTestStaff(handle.db, "bench.tech", "technician")).id;
  ownerId = (await createTestStaff(handle.db, "report.owner", "owner")).id;
});
afterAll(() => handle.drop());

/** A repair the technician marks ready (its invoice drafted from the price), then issued. */
async function repairDone(quotedPrice: string, issueType: string) {
  const booking = await insertBooking(handle.db, { quotedPrice, source: "walk_in", issueType });
  await updateRepairStatus(
    booking.id,
    { status: "ready_for_pickup", note: undefined, expectedDeliveryDate: undefined },
    technicianId,
  );
  const draft = (await invoiceOfBooking(booking.id))!;
  return (await issueInvoice(draft.id, draft.version, ownerId))!;
}

describe(`owner reports on ${testDriver}`, () => {
  it("sums revenue per period with credit notes off, the average ticket, turnaround and the technician's jobs", async () => {
    const screen = await repairDone("100.00", "Screen Repair");
    const battery = await repairDone("50.00", "Battery Replacement");
    await recordPayment(
      battery.id,
      { method: "cash", amountCents: 1_000, tenderedCents: 1_000, submissionKey: randomUUID() },
      ownerId,
    );
    await issueCreditNote(
      battery.id,
      battery.version + 1,
      { amountCents: 650, reason: "Goodwill" },
      ownerId,
    );

    const today = shopToday();
    const report = await ownerReports(
      ownerReportQuerySchema.parse({ from: addDays(today, -6), to: today, by: "day" }),
    );
    // $113.00 and $56.50, less the $6.50 credit note.
    expect(report).toMatchObject({ invoiced: 2, netCents: 16_300, averageTicketCents: 8_150 });
    expect(report.revenue).toEqual([
      expect.objectContaining({ period: today, invoices: 2, netCents: 16_300 }),
    ]);
    expect(report.turnaround.map((row) => [row.issueType, row.repairs]).sort()).toEqual([
      ["Battery Replacement", 1],
      ["Screen Repair", 1],
    ]);
    expect(report.technicians).toEqual([{ technician: "bench.tech", jobs: 2, netCents: 16_300 }]);
    expect(screen.number).toBeGreaterThan(0);

    const none = await ownerReports(
      ownerReportQuerySchema.parse({ from: addDays(today, -60), to: addDays(today, -31) }),
    );
    expect(none).toMatchObject({ invoiced: 0, netCents: 0, averageTicketCents: 0, revenue: [] });
  });

  it("reads a range the right way round, and a bad one as the last 30 days", () => {
    const today = shopToday();
    expect(ownerReportQuerySchema.parse({ from: today, to: addDays(today, -3) })).toEqual({
      from: addDays(today, -3),
      to: today,
      by: "week",
    });
    expect(ownerReportQuerySchema.parse({ from: "2026-02-31", by: "year" })).toEqual({
      from: addDays(today, -29),
      to: today,
      by: "week",
    });
  });
});
