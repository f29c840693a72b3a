import { describe, expect, it } from "vitest";
import type { BookingStatus } from "~/utils/booking-status";
import { appointmentReminderKey, optOutReason, withdrawalReason } from "~/utils/message-withdrawal";

const today = "2026-11-26";
const booking = (
  overrides: Partial<{
    status: BookingStatus;
    reviewOptIn: boolean;
    preferredDate: string;
    preferredTime: string;
  }> = {},
) => ({
  status: "pending" as BookingStatus,
  reviewOptIn: true,
  preferredDate: "2026-11-27",
  preferredTime: "14:30",
  ...overrides,
});
const reminderKey = appointmentReminderKey({
  id: 7,
  preferredDate: "2026-11-27",
  preferredTime: "14:30",
});
const message = (
  kind: "appointment_reminder" | "pickup_reminder" | "review_request" | "status_update",
  channel: "email" | "sms" = "sms",
) => ({
  kind,
  channel,
  bookingId: 7,
  dedupeKey: kind === "appointment_reminder" ? `${reminderKey}:${channel}` : null,
});
const reason = (
  m: ReturnType<typeof message>,
  b: ReturnType<typeof booking> | null,
  optedOut = false,
) => withdrawalReason(m, b, { optedOut, today });

describe("withdrawalReason", () => {
  it("lets through messages that are still true", () => {
    expect(reason(message("appointment_reminder"), booking())).toBeNull();
    expect(reason(message("appointment_reminder", "email"), booking())).toBeNull();
    expect(reason(message("pickup_reminder"), booking({ status: "ready_for_pickup" }))).toBeNull();
    expect(reason(message("review_request"), booking({ status: "completed" }))).toBeNull();
    expect(reason(message("status_update"), booking({ status: "cancelled" }))).toBeNull();
    // The appointment day itself: a reminder held through the night still goes in the morning.
    expect(
      reason(
        {
          ...message("appointment_reminder"),
          dedupeKey: `appointment_reminder:7:${today}:10:00:sms`,
        },
        booking({ preferredDate: today, preferredTime: "10:00" }),
      ),
    ).toBeNull();
  });

  it("withdraws every text, scheduled or not, to a number that replied STOP, and no e-mail", () => {
    for (const kind of ["appointment_reminder", "status_update"] as const) {
      expect(reason(message(kind), booking(), true)).toBe(optOutReason);
      expect(reason(message(kind, "email"), booking(), true)).toBeNull();
    }
  });

  it.each([
    ["cancelled", booking({ status: "cancelled" }), /booking was cancelled/],
    ["started", booking({ status: "in_progress" }), /already started \(now In Progress\)/],
    ["moved to another day", booking({ preferredDate: "2026-11-30" }), /appointment was moved/],
    ["moved to another time", booking({ preferredTime: "16:00" }), /appointment was moved/],
    ["deleted", null, /repair was deleted/],
  ])("withdraws an appointment reminder when the booking was %s", (_, now, expected) => {
    expect(reason(message("appointment_reminder"), now)).toMatch(expected);
  });

  it("withdraws an appointment reminder whose day has passed (held through an outage)", () => {
    expect(
      reason(
        {
          ...message("appointment_reminder"),
          dedupeKey: "appointment_reminder:7:2026-11-25:14:30:sms",
        },
        booking({ preferredDate: "2026-11-25" }),
      ),
    ).toMatch(/day had passed/);
  });

  it.each(["completed", "cancelled", "in_progress"] as const)(
    "withdraws a pickup reminder once the repair is %s",
    (status) =>
      expect(reason(message("pickup_reminder"), booking({ status }))).toMatch(
        /no longer ready for pickup/,
      ),
  );

  it("withdraws a review request when the repair is no longer completed or consent was withdrawn", () => {
    expect(reason(message("review_request"), booking({ status: "ready_for_pickup" }))).toMatch(
      /no longer completed \(now Ready for Pickup\)/,
    );
    expect(
      reason(
        message("review_request", "email"),
        booking({ status: "completed", reviewOptIn: false }),
      ),
    ).toBe("The customer withdrew consent to a review request.");
  });
});
