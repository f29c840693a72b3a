import type { ContactMessage } from "~/types/contact-message";

import type { Booking } from "~/types/booking";

import { describe, expect, it } from "vitest";

import { address, contact, openingHoursText } from "~/config/shop";

import { bookingAlertMail } from "~/mail/booking-alert";

import { bookingConfirmationMail } from "~/mail/booking-confirmation";
import { contactCopyMail } from "~/mail/contact-copy";

import { contactAlertMail } from "~/mail/contact-alert";

import type { MailContent } from "~/mail/mail-layout";

import { statusUpdateMail } from "~/mail/status-update";

const origin = "https://wefix.example";
const hostile = `<img src=x onerror="alert(1)"> & "quotes"`;

const booking: Booking = {
  id: 42,
  firstName: `Ann ${hostile}`,
  lastName: "O'Neil",
  email: "ann@example.com",
  emailKey: "ann@example.com",
  phone: "(905) 555-0100",
  phoneDigits: "9055550100",
  deviceCategory: "mobile",
  deviceBrand: "Apple",
  deviceModel: `iPhone ${hostile}`,
  issueType: "Screen Repair",
  issueDescription: `Cracked.\n${hostile}`,
  preferredDate: "2026-06-15",
  preferredTime: "14:30",
  urgency: "urgent",
  status: "waiting_parts",
  notifyBy: "email",
  reviewOptIn: false,
  customerNote: `Part ordered ${hostile}`,
  expectedDeliveryDate: "2026-06-20",
  trackingToken: "tok_abcdefghijklmnopqrstuv",
  submissionKey: "k".repeat(24),
  payloadHash: "0".repeat(64),
  source: "online",
  quotedPrice: null,
  deviceCondition: null,
  accessories: null,
  passcodeWithheld: null,
  createdByStaffId: null,
  customerId: null,
  deviceId: null,
  intakeChecklist: null,
  version: 1,
  statusChangedAt: new Date("2026-06-10T14:00:00Z"),
  searchText: null,
  createdAt: new Date("2026-06-10T14:00:00Z"),
  updatedAt: new Date("2026-06-10T14:00:00Z"),
};

const message: ContactMessage = {
  id: 7,
  name: `Jo ${hostile}`,
  email: "jo@example.com",
  phone: null,
  subject: "warranty-claim",
  message: `My screen flickers ${hostile}`,
  submissionKey: "m".repeat(24),
  payloadHash: "0".repeat(64),
  handled: false,
  handledAt: null,
  createdAt: new Date("2026-06-10T14:00:00Z"),
};

const mails: [string, MailContent][] = [
  ["booking confirmation", bookingConfirmationMail(booking, origin)],
  ["booking alert", bookingAlertMail(booking, origin)],
  ["contact alert", contactAlertMail(message, origin)],
  ["contact copy", contactCopyMail(message)],
  ["status update", statusUpdateMail(booking, origin)],
];

describe.each(mails)("the %s e-mail", (_name, mail) => {
  it("escapes every customer-supplied value in the HTML and keeps it verbatim in the text", () => {
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain(
      "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;quotes&quot;",
    );
    expect(mail.text).toContain(hostile);
  });

  it("is a phone-sized HTML document and a text part, both with the shop's contact details", () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(mail.html).toContain('name="viewport"');
    expect(mail.html).toContain("max-width:600px");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(contact.phone.display);
      expect(part).toContain(contact.emails.info);
      expect(part).toContain(openingHoursText[0]!.hours);
    }
    expect(mail.text).toContain(address.full);
  });

  it("keeps customer data out of the subject, the one part the logs show", () => {
    for (const secret of ["Ann", "Jo", "ann@example.com", "jo@example.com", "iPhone", "905", "<"])
      expect(mail.subject).not.toContain(secret);
  });
});

describe("what each e-mail says", () => {
  it("confirms the booking with its reference, time, private tracking link, what to bring and where to come", () => {
    const { subject, text, html } = bookingConfirmationMail(booking, origin);
    expect(subject).toBe("Your WeFix booking WF-00042 is received");
    expect(text).toContain("Repair ID: WF-00042");
    expect(text).toContain("Monday, June 15, 2026 at 2:30 PM");
    expect(text).toContain(`${origin}/track-repair/${booking.trackingToken}`);
    expect(html).toContain(`href="${origin}/track-repair/${booking.trackingToken}"`);
    expect(text).toContain("What to bring:");
    expect(text).toContain(
      "Your booking WF-00042 is received. We'll contact you within 1 hour during opening hours to confirm your appointment.",
    );
    expect(html).toContain(address.full);
  });

  it("says a booking is confirmed, and only that, when the shop confirms bookings at once", () => {
    const { subject, text } = bookingConfirmationMail(booking, origin, true);
    expect(subject).toBe("Your WeFix booking WF-00042 is confirmed");
    expect(text).toContain("Your booking WF-00042 is confirmed. Your appointment is confirmed.");
    expect(text).toContain("within 1 hour during opening hours");
    expect(text).not.toContain("received");
  });

  it("gives the sender a copy of their message, and says what to do if they did not write", () => {
    const { subject, text } = contactCopyMail(message);
    expect(subject).toBe("Your message to WeFix");
    expect(text).toContain(`Message:\n${message.message}`);
    expect(text).toContain("Subject: Warranty Claim");
    expect(text).toContain("We'll reply within 24 hours.");
    expect(text).toContain("If you didn't write to us");
  });

  it("gives the shop every detail of a booking and a link to edit it", () => {
    const { subject, text } = bookingAlertMail(booking, origin);
    expect(subject).toBe(
      "New booking WF-00042 (Urgent (Same day)) for Monday, June 15, 2026 at 2:30 PM",
    );
    for (const value of [
      "O'Neil",
      "ann@example.com",
      "(905) 555-0100",
      "Mobile Repair Service",
      "Screen Repair",
      "Cracked.",
    ])
      expect(text).toContain(value);
    expect(text).toContain(`${origin}/admin/repairs/42`);
  });

  it("gives the shop the message and the sender's details", () => {
    const { subject, text } = contactAlertMail(message, origin);
    expect(subject).toBe("New message #7: Warranty Claim");
    expect(text).toContain("jo@example.com");
    expect(text).toContain("within 24 hours");
    expect(text).not.toContain("Phone:");
  });

  it("tells the customer the new status, the note, the expected date and the tracking link", () => {
    const { subject, text } = statusUpdateMail(booking, origin);
    expect(subject).toBe("WeFix repair WF-00042: Waiting for Parts");
    expect(text).toContain("Status: Waiting for Parts");
    expect(text).toContain(`Note from us: Part ordered ${hostile}`);
    expect(text).toContain("Expected ready: Saturday, June 20, 2026");
    expect(text).toContain(`${origin}/track-repair/${booking.trackingToken}`);
  });

  it("tells the customer of a new note on the same status, with the status, the note and the link", () => {
    const { subject, text } = statusUpdateMail(booking, origin, "note");
    expect(subject).toBe("WeFix repair WF-00042: a note from us");
    expect(text).toContain("A note about your repair");
    expect(text).toContain("Status: Waiting for Parts");
    expect(text).toContain(`Note from us: Part ordered ${hostile}`);
    expect(text).toContain(`${origin}/track-repair/${booking.trackingToken}`);
  });
});
