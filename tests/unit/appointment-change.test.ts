import { describe, expect, it } from "vitest";
import { contact } from "~/config/shop";
import { changeDeadline, closedMessage } from "~/content/messages/appointment-messages";
import { bookingTexts, maxTextLength } from "~/mail/sms-content.server";
import { appointmentChangeWindow, appointmentShort } from "~/utils/appointment-change";
import { progressStep, progressSteps } from "~/utils/repair-progress";
import { shopInstant } from "~/utils/shop-time";

const appointment = {
  status: "pending",
  source: "online",
  preferredDate: "2026-12-04",
  preferredTime: "14:00",
} as const;
const at = (hours: number, minutes = 0) => shopInstant("2026-12-04", hours * 60 + minutes);

describe("when a customer may change their appointment online (decision 0056)", () => {
  it("is open until the cut-off before the appointment, then says to call, then that it has passed", () => {
    expect(appointmentChangeWindow(appointment, 2, at(11, 59))).toEqual({
      open: true,
      cutoffHours: 2,
    });
    expect(appointmentChangeWindow(appointment, 2, at(12, 0))).toEqual({
      open: false,
      reason: "cutoff",
      cutoffHours: 2,
    });
    expect(appointmentChangeWindow(appointment, 0, at(13, 59))).toMatchObject({ open: true });
    expect(appointmentChangeWindow(appointment, 0, at(14, 0))).toMatchObject({ reason: "passed" });
    expect(appointmentChangeWindow(appointment, 2, at(15))).toMatchObject({ reason: "passed" });
  });

  it("counts the cut-off in hours that pass, across the night the clocks go back", () => {
    // On 2026-11-01 the shop's clock shows 01:00 twice: 10 hours before 11:00 EST is the second.
    const sunday = { ...appointment, preferredDate: "2026-11-01", preferredTime: "11:00" };
    const cutoff = new Date("2026-11-01T06:00:00Z");
    expect(appointmentChangeWindow(sunday, 10, new Date(cutoff.getTime() - 1))).toMatchObject({
      open: true,
    });
    expect(appointmentChangeWindow(sunday, 10, cutoff)).toMatchObject({ reason: "cutoff" });
  });

  it("is the shop's for a repair under way, a walk-in and a cancelled booking, whatever the time", () => {
    const early = at(8);
    for (const status of ["in_progress", "waiting_parts", "ready_for_pickup", "completed"] as const)
      expect(appointmentChangeWindow({ ...appointment, status }, 2, early)).toMatchObject({
        reason: "started",
      });
    expect(appointmentChangeWindow({ ...appointment, source: "walk_in" }, 2, early)).toMatchObject({
      reason: "walk_in",
    });
    expect(
      appointmentChangeWindow({ ...appointment, status: "cancelled" }, 2, early),
    ).toMatchObject({ reason: "cancelled" });
  });

  it("says why in words, with the shop's number where calling is the way", () => {
    expect(changeDeadline(2)).toBe("until 2 hours before it");
    expect(changeDeadline(1)).toBe("until 1 hour before it");
    expect(changeDeadline(0)).toBe("until it starts");
    expect(closedMessage("cutoff", 1)).toBe(
      `Your appointment is less than 1 hour away, so it can't be changed online any more. To move or cancel it, please call us at ${contact.phone.display}.`,
    );
    for (const reason of ["passed", "started", "walk_in"] as const)
      expect(closedMessage(reason, 2)).toContain(contact.phone.display);
    expect(closedMessage("cancelled", 2)).toBe(
      "This booking is cancelled. To come in another time, please make a new booking.",
    );
    expect(appointmentShort("2026-12-04", "14:00")).toBe("Fri, Dec 4, 2:00 PM");
  });

  it("texts the change, and offers it in the confirmation and the reminder, within two segments, with the tracking link whole", () => {
    const origin = "https://repairs.wefix-oakville.example";
    const booking = { ...appointment, id: 99999, trackingToken: "t".repeat(32) };
    for (const status of ["pending", "cancelled"] as const) {
      const text = bookingTexts.booking_change({ ...booking, status }, origin);
      expect(text.length).toBeLessThanOrEqual(maxTextLength);
      expect(text).toContain(`${origin}/track-repair/${"t".repeat(32)}`);
    }
    for (const text of [
      bookingTexts.booking_confirmation(booking, origin),
      bookingTexts.appointment_reminder(booking, origin),
    ]) {
      expect(text.length).toBeLessThanOrEqual(maxTextLength);
      expect(text).toMatch(/change or cancel( it)?: /);
    }
  });
});

describe("the repair's steps on the tracking page (decision 0057)", () => {
  it("reads the status, and a quote for the diagnosis", () => {
    const label = (...args: Parameters<typeof progressStep>) => {
      const step = progressStep(...args);
      return step === null ? null : progressSteps[step];
    };
    expect(progressSteps).toEqual(["Received", "Diagnosing", "Repairing", "Ready", "Picked up"]);
    expect(label("pending", null)).toBe("Received");
    expect(label("pending", "pending")).toBe("Diagnosing");
    expect(label("in_progress", null)).toBe("Repairing");
    expect(label("in_progress", "pending")).toBe("Diagnosing");
    expect(label("in_progress", "declined")).toBe("Diagnosing");
    expect(label("in_progress", "approved")).toBe("Repairing");
    expect(label("waiting_parts", "pending")).toBe("Repairing");
    expect(label("ready_for_pickup", null)).toBe("Ready");
    expect(label("completed", "approved")).toBe("Picked up");
    expect(label("cancelled", null)).toBeNull();
  });
});
