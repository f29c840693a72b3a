import { expect, test, type APIRequestContext } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * A repair's warranty without JavaScript: how long it has left once invoiced, a claim opened as a
 * repair of its own (covered at no charge, or not covered with the terms' exclusion), and the
 * links both repairs show. The rules and the races are tested in
 * tests/integration/warranty-claims.test.ts.
 */

/** A booked repair, invoiced at $80 and issued: its warranty runs from today. */
async function invoicedRepair(request: APIRequestContext) {
  const booked = await bookViaApi(request);
  const staff = await staffVisitor(request);
  let page = await staff.open(`/admin/repairs/${booked.id}/invoice`);
  page = await page.form("Start invoice").submit("Start invoice");
  page = await page
    .form("Save draft")
    .fillNamed({ description1: "Screen replacement", unitPrice1: "80" })
    .submit("Save draft");
  await page.form("Issue invoice").submit("Issue invoice");
  return { booked, staff };
}

const claimForm = (page: HtmlPage) => page.form("Open warranty claim");

test.describe("warranty", () => {
  test("no warranty before the invoice: the page says when it starts and offers no claim", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const staff = await staffVisitor(request);
    const repair = await staff.open(`/admin/repairs/${booked.id}`);
    const page = await repair.follow("Warranty");
    expect(page.text('[data-testid="warranty-status"]')).toBe(
      "No issued invoice yet: the warranty starts on the invoice date.",
    );
    expect(() => claimForm(page)).toThrow();
  });

  test("a claim refused for bad input, then opened covered: a new repair at no charge, linked both ways", async ({
    request,
  }) => {
    const { booked, staff } = await invoicedRepair(request);
    let page = await staff.open(`/admin/repairs/${booked.id}/warranty`);
    expect(page.text('[data-testid="warranty-status"]')).toMatch(
      /^Warranty until \w{3} \d{1,2}, \d{4} \(90 days left\)$/,
    );

    const empty = await claimForm(page).submit("Open warranty claim", { unchecked: true });
    expect(empty.status).toBe(400);
    expect(empty.alerts().join(" ")).toContain("Please say whether the warranty covers it.");
    expect(empty.errorOf("What is wrong with the device now")).toBe(
      "Please describe what is wrong with the device now.",
    );

    const noReason = await claimForm(empty)
      .fill({ "Not covered": true, "What is wrong with the device now": "Water inside" })
      .submit("Open warranty claim");
    expect(noReason.status).toBe(400);
    expect(noReason.errorOf("If not covered, why")).toBe(
      "Please choose why the warranty does not cover it.",
    );

    page = await claimForm(noReason)
      .fill({
        "Covered: repair at no charge": true,
        "What is wrong with the device now": "Touch stops working at the top edge",
      })
      .submit("Open warranty claim");
    const toast = page.toast()?.description ?? "";
    const claimReference = /^(WF-\d+) opened/.exec(toast)?.[1];
    expect(toast).toBe(
      `${claimReference} opened: a warranty claim on ${booked.reference}, covered at no charge.`,
    );
    expect(page.text("h1")).toContain(claimReference);
    expect(page.text('[data-testid="warranty-links"]')).toBe(
      `Warranty claim on ${booked.reference} (covered, no charge).`,
    );
    const original = await staff.open(`/admin/repairs/${booked.id}`);
    expect(original.text('[data-testid="warranty-links"]')).toBe(
      `Warranty claims: ${claimReference} (covered, no charge).`,
    );
  });

  test("a claim not covered records the terms' exclusion and the note", async ({ request }) => {
    const { booked, staff } = await invoicedRepair(request);
    const page = await claimForm(await staff.open(`/admin/repairs/${booked.id}/warranty`))
      .fill({
        "Not covered": true,
        "If not covered, why": "Liquid damage after the repair",
        "What is wrong with the device now": "Dropped in the lake",
      })
      .submit("Open warranty claim");
    expect(page.toast()?.description).toMatch(/not covered\.$/);
    const warranty = await staff.open(`/admin/repairs/${booked.id}/warranty`);
    expect(warranty.text('ul[aria-label="Claims"]')).toMatch(
      /WF-\d+, \w{3} \d{1,2}, \d{4}: not covered: Liquid damage after the repairDropped in the lake/,
    );
  });
});
