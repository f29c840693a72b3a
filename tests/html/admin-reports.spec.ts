import { expect, test } from "@playwright/test";
import { staffVisitor } from "./support/html-page";

/**
 * The owner's reports without JavaScript: the range and period in the address, every report with
 * its table or what it found none of. The sums are tested in tests/integration/owner-reports.test.ts.
 */
test.describe("reports", () => {
  test("the owner's reports: totals, revenue by month, turnaround and technicians; a bad range reads as the last 30 days", async ({
    request,
  }) => {
    const staff = await staffVisitor(request);
    const page = await staff.open("/admin/reports?from=2026-01-01&to=2026-11-28&by=month");
    expect(page.status).toBe(200);
    expect(page.text("h1")).toBe("Reports");
    expect(page.headings(2)).toEqual(
      expect.arrayContaining([
        "Revenue",
        "Turnaround by repair type",
        "Jobs and revenue per technician",
      ]),
    );
    expect(page.text('dl[aria-label="Totals"]')).toContain("Average ticket");
    expect(page.$('select[name="by"] option[selected]').attr("value")).toBe("month");
    const odd = await staff.open("/admin/reports?from=nonsense&by=fortnight");
    expect(odd.status).toBe(200);
    expect(odd.$('select[name="by"] option[selected]').attr("value")).toBe("week");
  });
});
