import type { Booking } from "~/types/booking";
import { getTableColumns } from "drizzle-orm";
import { bookings } from "#db/schema";
import type { OutboxAttachment, OutboxMessage } from "~/types/outbox";
import { bookingAlertMail } from "~/mail/booking-alert";
import { bookingConfirmationMail } from "~/mail/booking-confirmation";
import type { MailContent } from "~/mail/mail-layout";
import { calendarAttachment } from "~/utils/calendar";

export type OutboxContent = MailContent & { attachments: OutboxAttachment[] };

const bookingColumns = Object.entries(getTableColumns(bookings));

/** A booking as Postgres's to_jsonb wrote it, back in the shape a query returns it. */
export function bookingFromFacts(facts: Record<string, unknown>): Booking {
  return Object.fromEntries(
    bookingColumns.map(([key, column]) => {
      const value = facts[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Booking;
}

/**
 * Whether the booking was confirmed at once when it was stored (the shop's setting then, kept in
 * its confirmation's facts); "received" for facts written before the setting existed.
 */
export const confirmedAtOnceIn = (facts: Record<string, unknown>) =>
  facts.confirmed_at_once === true;

/**
 * A new booking's e-mails (a walk-in has only the customer's), rendered from the booking as it was
 * stored.
 */
function bookingMail(
  kind: "booking_alert" | "booking_confirmation",
  facts: Record<string, unknown>,
  origin: string,
): OutboxContent {
  const booking = bookingFromFacts(facts);
  if (kind === "booking_alert") return { ...bookingAlertMail(booking, origin), attachments: [] };
  const mail = bookingConfirmationMail(booking, origin, confirmedAtOnceIn(facts));
  // A walk-in's device is with the shop already: there is no appointment to put in a calendar.
  if (booking.source === "walk_in") return { ...mail, attachments: [] };
  return { ...mail, attachments: [calendarAttachment(booking, origin)] };
}

/**
 * What a queued message says: as stored, or rendered now from the facts it was queued with, which
 * gives the same message whenever it is rendered.
 */
export function outboxContent(row: OutboxMessage): OutboxContent {
  if (row.subject !== null && row.textBody !== null && row.htmlBody !== null) {
    return {
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      attachments: row.attachments,
    };
  }
  if (
    (row.kind === "booking_alert" || row.kind === "booking_confirmation") &&
    row.facts &&
    row.origin
  ) {
    return bookingMail(row.kind, row.facts, row.origin);
  }
  throw new Error(`outbox row ${row.id} has neither content nor facts to render`);
}
