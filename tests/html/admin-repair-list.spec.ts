import { expect, test } from "@playwright/test";
import { parseCsv } from "../support/csv";
import { bookViaApi } from "../e2e/support/api";
import { nextWeekday } from "../e2e/support/booking";
import { bookThree, setStatus, uniqueSurname } from "./support/admin-repair-list";
import { staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * The repair list without JavaScript: its sort links, filters, search and page numbers are plain
 * links and a GET form, so the URL holds every choice; the export is a plain link. The layout on a
 * phone and a laptop, and the list with the router's navigations, are in
 * tests/e2e/admin-repair-list.spec.ts.
 */

/** The first cells' text: each reference is a link named "Open WF-…". */
const references = (page: HtmlPage) => page.texts('[data-testid="repair-row"] td:first-child');
const opening = (...bookings: { reference: string }[]) =>
  bookings.map((booking) => `Open ${booking.reference}`);

test.describe("repair list", () => {
  test("sorts by a header link, filters and searches through the URL", async ({ request }) => {
    const surname = uniqueSurname();
    const { iphone, galaxy, pixel } = await bookThree(request, surname);
    await setStatus(request, galaxy.id, "in_progress");
    const staff = await staffVisitor(request, `/admin/repairs?q=${surname}`);
    const list = staff.landed;
    // Newest first by default.
    expect(references(list)).toEqual(opening(pixel, galaxy, iphone));

    const ascending = await list.follow("Appointment", "thead");
    expect(ascending.url.search).toMatch(/sort=appointment&dir=asc/);
    expect(ascending.$('th[aria-sort="ascending"]').text()).toMatch(/^Appointment/);
    expect(references(ascending)).toEqual(opening(iphone, galaxy, pixel));
    const descending = await ascending.follow("Appointment", "thead");
    expect(descending.url.search).toMatch(/sort=appointment&dir=desc/);
    expect(descending.$('th[aria-sort="descending"]').text()).toMatch(/^Appointment/);
    expect(references(descending)).toEqual(opening(pixel, galaxy, iphone));

    // Filters from the form keep the sort.
    const inProgress = await descending
      .form("Search")
      .fill({ Status: "in_progress" })
      .submit("Search");
    expect(inProgress.url.searchParams.get("status")).toBe("in_progress");
    expect(inProgress.url.searchParams.get("sort")).toBe("appointment");
    expect(references(inProgress)).toEqual(opening(galaxy));
    expect(inProgress.texts('[data-testid="repair-row"] [data-testid="status-badge"]')).toEqual([
      "In Progress",
    ]);

    const searched = await (
      await staff.open(`/admin/repairs?q=${surname}`)
    )
      .form("Search")
      .fill({ Search: `iPhone 13 ${surname}` })
      .submit("Search");
    expect(references(searched)).toEqual(opening(iphone));
    expect(searched.text('[data-testid="repair-row"]')).toContain("Emergency");

    const byDates = await (
      await staff.open(`/admin/repairs?q=${surname}`)
    )
      .form("Search")
      .fill({ "Dates by": "appointment", From: nextWeekday(9), To: nextWeekday(21) })
      .submit("Search");
    expect(references(byDates)).toEqual(opening(pixel, galaxy));

    const byPhone = await staff.open(`/admin/repairs?q=${iphone.phone}`);
    expect(references(byPhone)).toEqual(opening(iphone));
    const opened = await byPhone.follow(`Open ${iphone.reference}`, '[data-testid="repair-row"]');
    expect(opened.url.pathname).toBe(`/admin/repairs/${iphone.id}`);
  });

  test("shows each repair's issue, and since when a repair has been ready, in the table and the cards", async ({
    request,
  }) => {
    const surname = uniqueSurname();
    const { iphone, galaxy } = await bookThree(request, surname);
    await setStatus(request, iphone.id, "ready_for_pickup");
    await setStatus(request, galaxy.id, "in_progress");
    const { landed: list } = await staffVisitor(request, `/admin/repairs?q=${surname}`);
    expect(list.texts("thead th")).toContain("Issue");
    // Made ready just now: ready since today, in the shop's calendar.
    const today = new Intl.DateTimeFormat("en-CA", {
      dateStyle: "medium",
      timeZone: "America/Toronto",
    }).format(new Date());
    for (const selector of ['[data-testid="repair-row"]', '[data-testid="repair-card"]']) {
      const [pixelRow, galaxyRow, iphoneRow] = list.texts(selector);
      expect(iphoneRow, selector).toContain("Keyboard Replacement");
      expect(iphoneRow, selector).toContain(`Ready since ${today}`);
      for (const other of [pixelRow, galaxyRow])
        expect(other, selector).not.toContain("Ready since");
    }
  });

  test("offers page numbers", async ({ request }) => {
    const surname = uniqueSurname();
    for (let i = 0; i < 21; i++)
      await bookViaApi(request, { lastName: surname, firstName: `Page${i}` });
    const { landed } = await staffVisitor(request, `/admin/repairs?q=${surname}&sort=customer`);
    expect(landed.text('nav[aria-label="Pagination"]')).toContain(
      "Showing 1–20 of 21 repair requests",
    );
    const second = await landed.follow("Page 2", 'nav[aria-label="Pagination"]');
    expect(second.url.searchParams.get("page")).toBe("2");
    expect(second.url.searchParams.get("sort")).toBe("customer");
    const rows = second.texts('[data-testid="repair-row"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Page9");
  });

  // A plain link with `download`: the browser saves the file with or without JavaScript.
  test("exports the filtered list as a CSV file", async ({ request }) => {
    const surname = uniqueSurname();
    const { iphone, galaxy, pixel } = await bookThree(request, surname);
    const { landed } = await staffVisitor(request, `/admin/repairs?q=${surname}&urgency=normal`);
    expect(landed.texts('[data-testid="repair-row"]')).toHaveLength(1);
    expect(landed.visible("main a[download]").map((a) => landed.$(a).text().trim())).toContain(
      "Export CSV",
    );
    const file = await request.get(landed.link("Export CSV", "main"));
    expect(file.headers()["content-disposition"]).toMatch(
      /^attachment; filename="repairs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = await file.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(new TextDecoder().decode(bytes));
    expect(header?.slice(0, 5)).toEqual([
      "Reference",
      "Created",
      "First name",
      "Last name",
      "Phone",
    ]);
    expect(records.map((r) => [r[0], r[2], r[3], r[8], r[13]])).toEqual([
      [galaxy.reference, "Zoë", surname, "Galaxy S21", "Normal"],
    ]);
    expect(records.map((r) => r[0])).not.toContain(iphone.reference);
    expect(records.map((r) => r[0])).not.toContain(pixel.reference);
  });
});
