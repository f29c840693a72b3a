import { expect, test } from "@playwright/test";
import { admin } from "../e2e/support/admin";
import { bookViaApi } from "../e2e/support/api";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/**
 * A repair's page without JavaScript: its forms post, the server answers with the page again (or
 * the list), its toast and its errors. tests/e2e/admin-repairs.spec.ts keeps what the script adds
 * (the note filled in as the status is chosen, the warnings before leaving) and the layout.
 */

const inProgressNote =
  "Your device is currently under repair. We will send you an update after the quality check.";

/** Signs in and lands on the repair's page, as from a link in the booking alert e-mail. */
const openRepair = (request: Parameters<typeof staffVisitor>[0], id: number) =>
  staffVisitor(request, `/admin/repairs/${id}`);

/** A section of the page by its heading. */
const region = (page: HtmlPage, title: string) => {
  const heading = page.visible("section h2").find((h) => page.$(h).text().trim() === title);
  if (!heading) throw new Error(`no section ${title} on ${page.url.pathname}`);
  return page.$(heading).closest("section");
};

const statusForm = (page: HtmlPage) => page.form("Update Status");
const statusBadge = (page: HtmlPage) => page.text('h1 [data-testid="status-badge"]');
const history = (page: HtmlPage) => page.texts('[data-testid="history-entry"]');

test.describe("a repair's page", () => {
  test("two staff on one repair: a save from a page opened before the other's change is refused, says what changed, and applies on top", async ({
    request,
    playwright,
  }) => {
    const booked = await bookViaApi(request);
    const { landed: counter } = await openRepair(request, booked.id);
    // The technician's phone: a second session, cookies of its own.
    const phone = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const { landed: bench } = await openRepair(phone, booked.id);
      const ready = await statusForm(bench)
        .fill({ "Repair Status": "ready_for_pickup" })
        .submit("Update Status");
      expect(statusBadge(ready)).toBe("Ready for Pickup");
    } finally {
      await phone.dispose();
    }

    const note = "Pre-existing Face ID fault noted at intake.";
    const refused = await statusForm(counter)
      .fill({ "Note to Customer": note })
      .submit("Update Status");
    expect(refused.status).toBe(409);
    const alert = refused.text('aside[aria-label="Update status"] [role="alert"]') ?? "";
    expect(alert).toContain(
      `${booked.reference} was changed while you had it open, so nothing was saved.`,
    );
    expect(alert).toContain(`admin: ${booked.reference}: Pending → Ready for Pickup`);
    expect(statusBadge(refused)).toBe("Ready for Pickup");
    const again = statusForm(refused);
    expect(again.fields()).toEqual(
      expect.arrayContaining([
        ["status", "ready_for_pickup"],
        ["internal_notes", note],
        ["shownStatus", "ready_for_pickup"],
      ]),
    );

    const saved = await again.submit("Update Status");
    expect(saved.status).toBe(200);
    // The note alone changed, with "Notify customer" ticked: it went to the customer.
    expect(saved.toast()?.description).toBe("Note saved and sent to the customer.");
    expect(statusBadge(saved)).toBe("Ready for Pickup");
    expect(history(saved).at(-1)).toContain(note);
  });

  test("shows the booking and its appointment, changes the status, records who did it, and the customer sees it", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const { landed: repair } = await openRepair(request, booked.id);

    expect(repair.text("h1")).toContain(booked.reference);
    const appointment = region(repair, "Appointment");
    expect(appointment.text()).toContain("11:00 AM");
    expect(appointment.find('[data-testid="urgency"]').text().trim()).toBe("Urgent (Same day)");
    const customer = region(repair, "Customer & Device");
    const hrefs = customer
      .find("a")
      .toArray()
      .map((a) => [repair.$(a).text().trim(), repair.$(a).attr("href")]);
    expect(hrefs).toContainEqual(["sam.tremblay@example.com", "mailto:sam.tremblay@example.com"]);
    const digits = booked.phone.replace(/\D/g, "");
    expect(hrefs.map(([name]) => name)).toContain(
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    );
    expect(customer.text()).toContain("MacBook Air 13-inch (M1, 2020)");
    expect(customer.text()).toContain("Several keys stopped working after a spill.");
    expect(repair.$(repair.control("Customer's tracking link")).attr("value")).toMatch(
      /\/track-repair\/[\w-]{20,}$/,
    );
    expect(repair.link("Print ticket and label")).toBe(`/admin/repairs/${booked.id}/print`);
    expect(history(repair)).toHaveLength(1);
    expect(history(repair)[0]).toContain("by Customer (online booking)");
    expect(repair.texts('[data-testid="booking-message"]').length).toBeGreaterThan(0);

    // Without JavaScript the hint says the server puts in the usual message, and the note stays
    // empty until it does.
    expect(repair.text('aside[aria-label="Update status"]')).toContain(
      "If you leave the note unchanged, the usual message for the new status is sent",
    );
    const form = statusForm(repair).fill({
      "Repair Status": "in_progress",
      "Expected Delivery Date": "2030-01-15",
    });
    expect(form.fields()).toContainEqual(["internal_notes", ""]);
    const updated = await form.submit("Update Status");

    expect(updated.toast()?.description ?? updated.toast()?.title).toContain(
      "Repair status updated successfully.",
    );
    expect(updated.url.pathname + updated.url.search).toBe(`/admin/repairs/${booked.id}`);
    expect(statusBadge(updated)).toBe("In Progress");
    expect(region(updated, "Appointment").text()).toContain("Tue, Jan 15, 2030");
    const entries = history(updated);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toContain("In Progress");
    expect(entries[1]).toContain(`by ${admin.username}`);
    expect(updated.$('[data-testid="history-entry"]').last().find("time").text()).toMatch(
      /\d{4}, \d{1,2}:\d{2}/,
    );
    expect(entries[1]).toContain(inProgressNote);

    const tracked = await (
      await visitor(request).open("/track-repair")
    )
      .form("Track Repair")
      .fill({ "Repair ID": booked.reference })
      .submit("Track Repair");
    expect(tracked.text('[data-testid="status-badge"]')).toBe("In Progress");
    expect(tracked.text('[data-testid="customer-note"]')).toContain(inProgressNote);
  });

  test("refuses an expected delivery before the booking date and keeps what was typed", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const { landed } = await openRepair(request, booked.id);
    const refused = await statusForm(landed)
      .fill({
        "Repair Status": "completed",
        "Note to Customer": "All done, come by after 3 pm.",
        "Expected Delivery Date": "2020-01-01",
      })
      .submit("Update Status");

    expect(refused.errorOf("Expected Delivery Date")).toMatch(
      /^Expected delivery cannot be before the booking date \(\w{3}, \w{3} \d{1,2}, \d{4}\)\.$/,
    );
    const date = refused.$(refused.control("Expected Delivery Date"));
    expect(date.attr("aria-invalid")).toBe("true");
    const kept = statusForm(refused).fields();
    expect(kept).toContainEqual(["internal_notes", "All done, come by after 3 pm."]);
    expect(kept).toContainEqual(["status", "completed"]);
    expect(statusBadge(refused)).toBe("Pending");
    expect(history(refused)).toHaveLength(1);
  });

  test("corrects the customer's details, and the history says who did", async ({ request }) => {
    const booked = await bookViaApi(request, { deviceModel: "MacBook Ari" });
    const { landed } = await openRepair(request, booked.id);
    // The form sits in a closed <details>; without JavaScript it is sent all the same.
    const refused = await landed
      .form("Save Details")
      .fill({ Model: "MacBook Air (M2, 2022)", "E-mail": "" })
      .submit("Save Details");
    // An online booking keeps its e-mail address: the customer's updates go there.
    expect(refused.text("details")).toMatch(/online booking needs the customer's e-mail/);
    expect(refused.$("details").first().attr("open")).toBeDefined();

    const saved = await refused
      .form("Save Details")
      .fill({ "E-mail": "sam.t@example.com" })
      .submit("Save Details");
    expect(saved.toast()?.description ?? saved.toast()?.title).toContain(
      "Customer and device details updated.",
    );
    const customer = region(saved, "Customer & Device");
    expect(customer.text()).toContain("MacBook Air (M2, 2022)");
    expect(
      customer
        .find("a")
        .toArray()
        .map((a) => saved.$(a).text().trim()),
    ).toContain("sam.t@example.com");
    const last = history(saved).at(-1);
    expect(last).toContain("Details corrected");
    expect(last).toContain(`by ${admin.username}`);
    expect(last).toContain("Model: MacBook Ari → MacBook Air (M2, 2022)");
  });
});

test.describe("repair requests", () => {
  test("searches by phone and filters by status through the URL", async ({ request }) => {
    // An address of its own: the default one makes every test booking one customer, whose repairs
    // a search by any of their phones finds.
    const booked = await bookViaApi(request, { email: `phone.${Date.now()}@example.com` });
    const { landed } = await staffVisitor(request, "/admin/repairs");
    const found = await landed
      .form("Search")
      .fill({ Search: booked.phone, Status: "pending" })
      .submit("Search");
    expect(found.url.searchParams.get("status")).toBe("pending");
    const rows = found.texts('[data-testid="repair-row"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(booked.reference);

    const none = await found.form("Search").fill({ Status: "cancelled" }).submit("Search");
    expect(none.text("main")).toContain("No repair requests found.");
  });
});
