import { expect, test } from "@playwright/test";
import { admin, apiToken } from "../e2e/support/admin";
import { bookViaApi } from "../e2e/support/api";
import { waitForMail } from "../e2e/support/mail";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/**
 * Private notes on a repair's page without JavaScript (docs/decisions/0040): the form posts, the
 * page comes back with the note in the timeline; and the note reaches nothing the customer reads.
 */

const notesForm = (page: HtmlPage) => page.form("Add Note");
const notes = (page: HtmlPage) => page.texts('[data-testid="private-note"]');
/** A word no other page holds, so finding it anywhere means the note got there. */
const marker = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

test.describe("a repair's private notes", () => {
  test("a note added without JavaScript shows in the timeline with its author, newest first", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const { landed } = await staffVisitor(request, `/admin/repairs/${booked.id}`);
    const section = landed.text('section[aria-labelledby="private-notes-heading"]') ?? "";
    expect(section).toContain("Only staff see these notes.");
    expect(section).toContain("No private notes on this repair yet.");

    const first = await notesForm(landed)
      .fill({ "New private note": "Pre-existing Face ID fault.\nTold the customer." })
      .submit("Add Note");
    expect(first.url.pathname).toBe(`/admin/repairs/${booked.id}`);
    expect(first.toast()?.description ?? first.toast()?.title).toBe("Private note added.");
    const second = await notesForm(first)
      .fill({ "New private note": "Screen ordered, supplier order PO-7731." })
      .submit("Add Note");

    const entries = notes(second);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain("Screen ordered, supplier order PO-7731.");
    expect(entries[0]).toContain(admin.username);
    expect(entries[1]).toContain("Pre-existing Face ID fault.");
    // The line break stays as written; the page shows it (whitespace-pre-line).
    const body = second.$('[data-testid="private-note"]').last().find("p").last().text();
    expect(body).toBe("Pre-existing Face ID fault.\nTold the customer.");
    expect(second.$('[data-testid="private-note"] time').first().text()).toMatch(
      /\d{4}, \d{1,2}:\d{2}/,
    );
    // The form is empty again for the next note.
    expect(notesForm(second).fields()).toContainEqual(["privateNote", ""]);
  });

  test("an empty or too long note is refused with its message and the input kept", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const { landed } = await staffVisitor(request, `/admin/repairs/${booked.id}`);

    // A browser would not send it empty (required); a crafted post gets the server's word.
    const empty = await notesForm(landed)
      .fill({ "New private note": "   " })
      .submit("Add Note", { unchecked: true });
    expect(empty.status).toBe(400);
    expect(empty.errorOf("New private note")).toBe("Please write the note.");

    const long = `Long ${"x".repeat(2000)}`;
    const tooLong = await notesForm(empty)
      .fill({ "New private note": long })
      .submit("Add Note", { unchecked: true });
    expect(tooLong.status).toBe(400);
    expect(tooLong.errorOf("New private note")).toBe("Please keep a note under 2,000 characters.");
    expect(tooLong.$(tooLong.control("New private note")).attr("aria-invalid")).toBe("true");
    expect(notesForm(tooLong).fields()).toContainEqual(["privateNote", long.slice(0, 2000)]);
    expect(notes(tooLong)).toEqual([]);
  });

  test("stays off the tracking page, the legacy JSON, the CSV export and the status e-mail", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const word = marker();
    const { landed } = await staffVisitor(request, `/admin/repairs/${booked.id}`);
    const noted = await notesForm(landed)
      .fill({ "New private note": `Private: ${word}` })
      .submit("Add Note");
    expect(notes(noted)[0]).toContain(word);

    // Staff find the repair by it.
    const list = await visitor(request).open(`/admin/repairs?q=${word}`);
    expect(list.html).toContain(booked.reference);
    const none = await visitor(request).open(`/admin/repairs?q=${word}x`);
    expect(none.html).not.toContain(booked.reference);

    const ready = await noted
      .form("Update Status")
      .fill({ "Repair Status": "ready_for_pickup", "Notify customer": true })
      .submit("Update Status");
    expect(ready.toast()?.description).toBe("Repair status updated successfully.");
    const mail = await waitForMail(
      (m) => m.subject === `WeFix repair ${booked.reference}: Ready for Pickup`,
    );
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain(word);

    const trackingLink = noted.$(noted.control("Customer's tracking link")).attr("value")!;
    const customer = visitor(request);
    const byLink = await customer.open(new URL(trackingLink).pathname);
    expect(byLink.text()).toContain(booked.reference);
    expect(byLink.html).not.toContain(word);

    const byReference = await (
      await customer.open("/track-repair")
    )
      .form("Track Repair")
      .fill({ "Repair ID": booked.reference, "Phone Number": booked.phone })
      .submit("Track Repair");
    expect(byReference.text('[data-testid="status-badge"]')).toBe("Ready for Pickup");
    expect(byReference.html).not.toContain(word);

    const json = await request.get(
      `/api/endpoints/track_repair.php?${new URLSearchParams({ repairId: booked.reference, phoneNumber: booked.phone })}`,
    );
    expect(await json.text()).toContain(booked.reference);
    const legacy = await request.get("/api/admin/get_bookings.php", {
      headers: { authorization: `Bearer ${await apiToken(request)}` },
    });
    const legacyText = await legacy.text();
    expect(legacyText).toContain(booked.reference);
    expect(legacyText).not.toContain(word);

    const csv = await request.get(`/admin/repairs.csv?q=${word}`);
    const csvText = await csv.text();
    expect(csvText).toContain(booked.reference);
    expect(csvText).not.toContain(word);
  });
});
