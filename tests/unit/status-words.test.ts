import { describe, expect, it } from "vitest";
import { address, brand } from "~/config/shop";
import { bookingTexts } from "~/mail/sms-content.server";
import { bookingStatuses, parseStatus, statusColours, statusLabels } from "~/utils/booking-status";
import { cannedNotes, noteAfterUpdate } from "~/utils/canned-notes";

/** The status words customers and staff read, as the counter works (decision 0041). */
describe("status words", () => {
  it("lists the statuses in workflow order everywhere they are listed", () => {
    const workflow = [
      "pending",
      "in_progress",
      "waiting_parts",
      "ready_for_pickup",
      "completed",
      "cancelled",
    ];
    expect(bookingStatuses).toEqual(workflow);
    expect(Object.keys(statusLabels)).toEqual(workflow);
    expect(Object.keys(statusColours)).toEqual(workflow);
    expect(Object.keys(cannedNotes)).toEqual(workflow);
    expect(Object.values(statusLabels)).toEqual([
      "Pending",
      "In Progress",
      "Waiting for Parts",
      "Ready for Pickup",
      "Completed",
      "Cancelled",
    ]);
    expect(parseStatus("Ready for Pickup")).toBe("ready_for_pickup");
  });

  it("brings the customer in at Ready for Pickup, and thanks them once it is handed back", () => {
    expect(cannedNotes.ready_for_pickup).toContain("ready for pickup");
    expect(cannedNotes.ready_for_pickup).toContain(`${address.street}, ${address.city}`);
    expect(cannedNotes.completed).toContain("handed back");
    expect(cannedNotes.completed).toContain(`Thank you for choosing ${brand.name}`);
    expect(cannedNotes.completed).not.toMatch(/pickup/i);
  });

  it("fills an untouched note with the pickup message, and never clears it", () => {
    const moved = (
      currentStatus: "waiting_parts" | "ready_for_pickup",
      newStatus: "ready_for_pickup" | "completed",
    ) =>
      noteAfterUpdate({ currentStatus, currentNote: "old", newStatus, submittedNote: undefined });
    expect(moved("waiting_parts", "ready_for_pickup")).toBe(cannedNotes.ready_for_pickup);
    expect(moved("ready_for_pickup", "completed")).toBe(cannedNotes.completed);
  });

  it("texts a new note without its words: a phone's lock screen shows them", () => {
    const booking = {
      id: 7,
      trackingToken: "t0ken",
      preferredDate: "2026-06-15",
      preferredTime: "11:00",
      status: "in_progress" as const,
    };
    expect(bookingTexts.status_update(booking, "https://wefix.example", "note")).toBe(
      "WeFix: a new note on repair WF-00007 (In Progress). Details: https://wefix.example/track-repair/t0ken",
    );
    expect(bookingTexts.status_update(booking, "https://wefix.example")).toBe(
      "WeFix: repair WF-00007 is now In Progress. Details: https://wefix.example/track-repair/t0ken",
    );
  });
});
