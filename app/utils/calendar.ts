import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { address, booking, brand, contact, timeZone } from "~/config/shop";
import { bookingReference, trackingUrl } from "~/utils/booking-reference";
import type { BookingStatus } from "~/types/booking";
import type { OutboxAttachment } from "~/types/outbox";
import { vtimezone } from "~/utils/calendar-time-zone";

export type CalendarAppointment = {
  uid: string;
  reference: string;
  date: string;
  time: string;
  summary: string;
  trackingUrl: string;
  /** When this version of the appointment was made (DTSTAMP): the booking's last change. */
  stamp: Date;
  /**
   * One more with every change of the booking (SEQUENCE): a calendar that holds the appointment
   * takes a file with a higher one as the newer, so a moved time replaces the old one.
   */
  sequence: number;
  /** Cancelled: the file withdraws the appointment (METHOD:CANCEL, STATUS:CANCELLED). */
  cancelled: boolean;
};

/**
 * Text as one logical line may carry it: every line break (CRLF, a lone CR or LF, NEL, U+2028/9)
 * becomes "\n", which the writer escapes, and other control characters are dropped. A raw CR or LF
 * inside a value would end the content line and start a property of the visitor's choosing.
 */
function plainText(value: string): string {
  let text = "";
  for (const char of value.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, "\n")) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\n" || char === "\t" || (code >= 0x20 && code !== 0x7f)) text += char;
  }
  return text;
}

/** A value the writer puts out verbatim (UID, PRODID) or as a URI: no line break of any kind. */
const oneLine = (value: string) => plainText(value).replaceAll("\n", "");

/**
 * The shop's wall clock as ical-generator reads it once the event names a time zone: from a Date's
 * local fields. Built from local fields here, so the server's own time zone cancels out.
 */
function wallClock(date: string, time: string, plusMinutes = 0): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return new Date(year, month - 1, day, hour, minute + plusMinutes);
}

/**
 * An .ics file for one appointment, in the shop's time zone, with a reminder an hour before; for
 * a cancelled one, the file that takes it out of the calendar (same UID, next SEQUENCE, no
 * reminder; the shop as its ORGANIZER, which a cancellation names).
 */
export function appointmentCalendar(appointment: CalendarAppointment): string {
  const start = wallClock(appointment.date, appointment.time);
  const calendar = ical({
    prodId: { company: oneLine(brand.name), product: "Repair booking", language: "EN" },
    method: appointment.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
    // No calendar-wide zone (it would write DTSTAMP as local time); only the event's TZID gets a
    // VTIMEZONE.
    timezone: { name: null, generator: (zone) => vtimezone(zone, start) },
  });
  calendar.createEvent({
    id: oneLine(appointment.uid),
    sequence: appointment.sequence,
    stamp: appointment.stamp,
    start,
    end: wallClock(appointment.date, appointment.time, booking.slotLengthMinutes),
    timezone: timeZone,
    summary: plainText(`${brand.name} repair appointment (${appointment.reference})`),
    description: plainText(
      `${appointment.summary}\nRepair ID: ${appointment.reference}\nTrack your repair: ${appointment.trackingUrl}\nQuestions? Call ${contact.phone.display}.`,
    ),
    location: {
      title: plainText(`${brand.name}, ${address.full}`),
      geo: { lat: address.geo.latitude, lon: address.geo.longitude },
    },
    url: oneLine(appointment.trackingUrl),
    ...(appointment.cancelled
      ? {
          status: ICalEventStatus.CANCELLED,
          organizer: { name: plainText(brand.name), email: oneLine(contact.emails.repairs) },
        }
      : {
          alarms: [
            {
              type: ICalAlarmType.display,
              trigger: 60 * 60,
              description: plainText(`${brand.name} repair appointment`),
            },
          ],
        }),
  });
  return `${calendar.toString()}\r\n`;
}

export type CalendarBooking = {
  id: number;
  trackingToken: string;
  preferredDate: string;
  preferredTime: string;
  deviceBrand: string | null;
  deviceModel: string | null;
  issueType: string;
  status: BookingStatus;
  version: number;
  updatedAt: Date;
};

/**
 * The .ics of a stored booking as it is now: the confirmation page's download, and the attachment
 * of the confirmation e-mail and of the message about a moved or cancelled appointment. Every
 * change of the booking raises its version, so the file's SEQUENCE (version - 1: a new booking's
 * file is 0, as before there was one) only grows, and its DTSTAMP is the change's time.
 */
export function bookingCalendar(found: CalendarBooking, origin: string): string {
  const reference = bookingReference(found.id);
  return appointmentCalendar({
    uid: `${reference}@${new URL(origin).host}`,
    reference,
    date: found.preferredDate,
    time: found.preferredTime,
    summary: [found.deviceBrand, found.deviceModel, found.issueType].filter(Boolean).join(" — "),
    trackingUrl: trackingUrl(origin, found.trackingToken),
    stamp: found.updatedAt,
    sequence: found.version - 1,
    cancelled: found.status === "cancelled",
  });
}

/** The booking's calendar file as an e-mail carries it, its method named in the content type. */
export function calendarAttachment(booking: CalendarBooking, origin: string): OutboxAttachment {
  return {
    filename: `${bookingReference(booking.id)}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${booking.status === "cancelled" ? "CANCEL" : "PUBLISH"}`,
    content: bookingCalendar(booking, origin),
  };
}
