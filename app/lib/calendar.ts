import { address, booking, brand, contact, timeZone } from "~/config/shop";
import { bookingReference, trackingUrl } from "./booking-reference";

export type CalendarAppointment = {
  uid: string;
  reference: string;
  date: string;
  time: string;
  summary: string;
  trackingUrl: string;
  createdAt: Date;
};

/** RFC 5545 text: escape backslash, semicolon, comma and newlines. */
function escapeText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space. */
function fold(line: string) {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut -= 1;
    parts.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  parts.push(rest);
  return parts.join("\r\n");
}

const localStamp = (date: string, time: string) => `${date.replaceAll("-", "")}T${time.replace(":", "")}00`;
const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

function addMinutes(date: string, time: string, minutes: number) {
  const [h, m] = time.split(":").map(Number);
  const total = (h ?? 0) * 60 + (m ?? 0) + minutes;
  return { date, time: `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}` };
}

/** An .ics file for one appointment, in the shop's time zone, with a reminder an hour before. */
export function appointmentCalendar(appointment: CalendarAppointment): string {
  const end = addMinutes(appointment.date, appointment.time, booking.slotLengthMinutes);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${brand.name}//Repair booking//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${appointment.uid}`,
    `DTSTAMP:${utcStamp(appointment.createdAt)}`,
    `DTSTART;TZID=${timeZone}:${localStamp(appointment.date, appointment.time)}`,
    `DTEND;TZID=${timeZone}:${localStamp(end.date, end.time)}`,
    `SUMMARY:${escapeText(`${brand.name} repair appointment (${appointment.reference})`)}`,
    `DESCRIPTION:${escapeText(
      `${appointment.summary}\nReference: ${appointment.reference}\nTrack your repair: ${appointment.trackingUrl}\nQuestions? Call ${contact.phone.display}.`,
    )}`,
    `LOCATION:${escapeText(`${brand.name}, ${address.full}`)}`,
    `GEO:${address.geo.latitude};${address.geo.longitude}`,
    `URL:${appointment.trackingUrl}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${escapeText(`${brand.name} repair appointment`)}`,
    "TRIGGER:-PT1H",
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

export type CalendarBooking = {
  id: number;
  trackingToken: string;
  preferredDate: string;
  preferredTime: string;
  deviceBrand: string | null;
  deviceModel: string | null;
  issueType: string;
  createdAt: Date;
};

/** The .ics of a stored booking: the confirmation page's download and the confirmation e-mail's attachment. */
export function bookingCalendar(found: CalendarBooking, origin: string): string {
  const reference = bookingReference(found.id);
  return appointmentCalendar({
    uid: `${reference}@${new URL(origin).host}`,
    reference,
    date: found.preferredDate,
    time: found.preferredTime,
    summary: [found.deviceBrand, found.deviceModel, found.issueType].filter(Boolean).join(" — "),
    trackingUrl: trackingUrl(origin, found.trackingToken),
    createdAt: found.createdAt,
  });
}
