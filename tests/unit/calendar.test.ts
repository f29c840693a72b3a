import { afterEach, describe, expect, it } from "vitest";
import {
  appointmentCalendar,
  bookingCalendar,
  calendarAttachment,
  type CalendarAppointment,
} from "~/utils/calendar";
import { vtimezone } from "~/utils/calendar-time-zone";

const appointment: CalendarAppointment = {
  uid: "WF-00042@wefix.example",
  reference: "WF-00042",
  date: "2026-11-24",
  time: "15:30",
  summary: "Samsung — Galaxy S24 — Screen Repair",
  trackingUrl: "https://wefix.example/track-repair/tok_abcdefghijklmnopqrstuv",
  stamp: new Date("2026-11-20T12:00:00Z"),
  sequence: 0,
  cancelled: false,
};

/**
 * Physical lines: the file as bytes, split on CRLF, each decoded strictly (a split UTF-8 sequence
 * throws).
 */
function physicalLines(ics: string): string[] {
  const bytes = Buffer.from(ics, "utf8");
  expect(bytes.subarray(-2).toString()).toBe("\r\n");
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i += 1) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      const line = bytes.subarray(start, i);
      expect(line.length, `line ${lines.length + 1} is over 75 octets`).toBeLessThanOrEqual(75);
      lines.push(new TextDecoder("utf-8", { fatal: true }).decode(line));
      start = i + 2;
      i += 1;
    }
  }
  expect(start).toBe(bytes.length);
  return lines;
}

/** Content lines (folds joined), each checked for bare CR, LF and U+FFFD. */
function contentLines(ics: string): string[] {
  const lines = physicalLines(ics);
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n\uFFFD]/);
  }
  return lines
    .join("\r\n")
    .split(/\r\n(?! )/)
    .map((line) => line.replace(/\r\n /g, ""));
}

const names = (lines: string[]) => lines.map((line) => /^[A-Z-]+/.exec(line)?.[0]);
const value = (lines: string[], name: string) =>
  lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
const unescapeText = (text: string) =>
  text.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === "n" ? "\n" : c));

const expectedNames = [
  ["BEGIN", "VERSION", "PRODID", "CALSCALE", "METHOD", "BEGIN", "TZID"],
  [
    "END",
    "BEGIN",
    "UID",
    "SEQUENCE",
    "DTSTAMP",
    "DTSTART",
    "DTEND",
    "SUMMARY",
    "LOCATION",
    "GEO",
    "DESCRIPTION",
  ],
  ["BEGIN", "ACTION", "TRIGGER", "DESCRIPTION", "END", "URL", "END", "END"],
];

/** The properties outside the VTIMEZONE, in order: what a field's content must never change. */
function structure(lines: string[]) {
  const zoneEnd = lines.indexOf("END:VTIMEZONE");
  return [
    names(lines.slice(0, 7)),
    names(lines.slice(zoneEnd, zoneEnd + 11)),
    names(lines.slice(zoneEnd + 11)),
  ];
}

const emoji = "😀";
const hostile = [
  "Galaxy\rATTENDEE:mailto:attacker@evil.example",
  "Galaxy\nATTENDEE:mailto:attacker@evil.example",
  "Galaxy\r\nATTENDEE:mailto:attacker@evil.example\r\n",
  "Galaxy\r\rEND:VEVENT\n\nBEGIN:VEVENT",
  "a;b,c\\d\\n\\;",
  "line\u2028sep\u0085nel\u000bvt\u0000nul",
];

describe("appointment calendar file", () => {
  it("writes the appointment in the shop's time zone with a reminder an hour before", () => {
    const lines = contentLines(appointmentCalendar(appointment));
    expect(structure(lines)).toEqual(expectedNames);
    expect(value(lines, "PRODID")).toBe("-//WeFix//Repair booking//EN");
    expect(value(lines, "METHOD")).toBe("PUBLISH");
    expect(value(lines, "UID")).toBe("WF-00042@wefix.example");
    expect(value(lines, "DTSTAMP")).toBe("20261120T120000Z");
    expect(lines).toContain("DTSTART;TZID=America/Toronto:20261124T153000");
    expect(lines).toContain("DTEND;TZID=America/Toronto:20261124T160000");
    expect(value(lines, "SUMMARY")).toBe("WeFix repair appointment (WF-00042)");
    expect(value(lines, "LOCATION")).toBe("WeFix\\, 240 Lakeshore Rd E\\, Oakville\\, ON L6J 1H8");
    expect(value(lines, "GEO")).toBe("43.4469;-79.6668");
    expect(unescapeText(value(lines, "DESCRIPTION")!)).toBe(
      "Samsung — Galaxy S24 — Screen Repair\nRepair ID: WF-00042\nTrack your repair: https://wefix.example/track-repair/tok_abcdefghijklmnopqrstuv\nQuestions? Call (905) 555-0142.",
    );
    expect(lines).toContain(
      "URL;VALUE=URI:https://wefix.example/track-repair/tok_abcdefghijklmnopqrstuv",
    );
    expect(lines).toContain("TRIGGER:-PT1H");
    expect(lines).toContain("ACTION:DISPLAY");
  });

  it("carries a VTIMEZONE whose observance on the day is the shop's offset", () => {
    const lines = contentLines(appointmentCalendar(appointment));
    const zone = lines.slice(lines.indexOf("BEGIN:VTIMEZONE"), lines.indexOf("END:VTIMEZONE") + 1);
    expect(zone).toContain("TZID:America/Toronto");
    // The last onset before 24 Nov 2026 is the return to standard time on 1 Nov at 02:00.
    expect(zone.join("\n")).toContain(
      "BEGIN:STANDARD\nDTSTART:20261101T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nTZNAME:EST\nEND:STANDARD",
    );
    expect(zone.join("\n")).toContain(
      "BEGIN:DAYLIGHT\nDTSTART:20260308T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400",
    );
  });

  it("describes a zone without changes of offset by one observance", () => {
    expect(vtimezone("Asia/Kolkata", new Date("2026-06-01T00:00:00Z")).split("\r\n")).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Kolkata",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0530",
      "TZOFFSETTO:+0530",
      "TZNAME:GMT+5:30",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  describe("whatever the server's own time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    for (const zone of [
      "UTC",
      "America/Toronto",
      "Asia/Kolkata",
      "Pacific/Chatham",
      "America/Los_Angeles",
    ]) {
      it(`keeps the shop's wall clock with TZ=${zone}`, () => {
        process.env.TZ = zone;
        const lines = contentLines(
          appointmentCalendar({ ...appointment, date: "2026-03-08", time: "17:30" }),
        );
        expect(lines).toContain("DTSTART;TZID=America/Toronto:20260308T173000");
        expect(lines).toContain("DTEND;TZID=America/Toronto:20260308T180000");
        expect(value(lines, "DTSTAMP")).toBe("20261120T120000Z");
      });
    }
  });

  for (const text of hostile) {
    it(`keeps ${JSON.stringify(text)} inside its own property`, () => {
      const ics = appointmentCalendar({
        ...appointment,
        summary: text,
        uid: `WF-00042@wefix.example${text}`,
        trackingUrl: `https://wefix.example/${text}`,
      });
      const lines = contentLines(ics);
      expect(structure(lines)).toEqual(expectedNames);
      expect(lines.filter((line) => line.startsWith("ATTENDEE"))).toEqual([]);
      expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
      const normalised = text
        .replace(/\r\n|[\r\n\u2028\u0085]/g, "\n")
        .replaceAll("\u0000", "")
        .replaceAll("\u000b", "");
      expect(unescapeText(value(lines, "DESCRIPTION")!)).toContain(
        `${normalised}\nRepair ID: WF-00042`,
      );
    });
  }

  it("never splits a character when folding at 75 octets", () => {
    for (let pad = 0; pad < 80; pad += 1) {
      const summary = `${"x".repeat(pad)}${emoji.repeat(30)}é€${emoji}👩‍👩‍👧‍👦;,\\`;
      const lines = contentLines(appointmentCalendar({ ...appointment, summary }));
      expect(structure(lines)).toEqual(expectedNames);
      expect(unescapeText(value(lines, "DESCRIPTION")!).split("\n")[0]).toBe(summary);
    }
  });
});

describe("booking calendar file", () => {
  it("names the booking after the origin it is given", () => {
    const ics = bookingCalendar(
      {
        id: 42,
        trackingToken: "tok_abcdefghijklmnopqrstuv",
        preferredDate: "2026-11-24",
        preferredTime: "15:30",
        deviceBrand: "Samsung",
        deviceModel: `Galaxy\rATTENDEE:mailto:attacker@evil.example ${emoji.repeat(20)}`,
        issueType: "Screen Repair",
        status: "pending",
        version: 1,
        updatedAt: new Date("2026-11-20T12:00:00Z"),
      },
      "https://wefix.example",
    );
    const lines = contentLines(ics);
    expect(structure(lines)).toEqual(expectedNames);
    expect(value(lines, "UID")).toBe("WF-00042@wefix.example");
    expect(lines).toContain(
      "URL;VALUE=URI:https://wefix.example/track-repair/tok_abcdefghijklmnopqrstuv",
    );
  });

  const booking = {
    id: 42,
    trackingToken: "tok_abcdefghijklmnopqrstuv",
    preferredDate: "2026-11-24",
    preferredTime: "15:30",
    deviceBrand: "Samsung",
    deviceModel: "Galaxy S24",
    issueType: "Screen Repair",
    status: "pending" as const,
    version: 1,
    updatedAt: new Date("2026-11-20T12:00:00Z"),
  };

  it("moves the appointment in a calendar that holds it: same UID, a higher SEQUENCE, the change's DTSTAMP", () => {
    const first = contentLines(bookingCalendar(booking, "https://wefix.example"));
    const moved = contentLines(
      bookingCalendar(
        {
          ...booking,
          preferredDate: "2026-11-27",
          preferredTime: "10:00",
          version: 3,
          updatedAt: new Date("2026-11-22T09:15:00Z"),
        },
        "https://wefix.example",
      ),
    );
    expect(value(first, "SEQUENCE")).toBe("0");
    expect(value(moved, "SEQUENCE")).toBe("2");
    expect(value(moved, "UID")).toBe(value(first, "UID"));
    expect(value(moved, "DTSTAMP")).toBe("20261122T091500Z");
    expect(moved).toContain("DTSTART;TZID=America/Toronto:20261127T100000");
    expect(value(moved, "METHOD")).toBe("PUBLISH");
    expect(structure(moved)).toEqual(expectedNames);
  });

  it("takes a cancelled appointment out of the calendar: METHOD:CANCEL, STATUS:CANCELLED, no reminder", () => {
    const lines = contentLines(
      bookingCalendar(
        {
          ...booking,
          status: "cancelled",
          version: 2,
          updatedAt: new Date("2026-11-21T15:00:00Z"),
        },
        "https://wefix.example",
      ),
    );
    expect(value(lines, "METHOD")).toBe("CANCEL");
    expect(value(lines, "STATUS")).toBe("CANCELLED");
    expect(value(lines, "SEQUENCE")).toBe("1");
    expect(value(lines, "UID")).toBe("WF-00042@wefix.example");
    expect(
      lines.some(
        (line) => line.startsWith("ORGANIZER") && line.endsWith(":mailto:repairs@wefix.example"),
      ),
    ).toBe(true);
    expect(lines).not.toContain("BEGIN:VALARM");
    expect(
      calendarAttachment({ ...booking, status: "cancelled" }, "https://wefix.example").contentType,
    ).toBe("text/calendar; charset=utf-8; method=CANCEL");
  });
});
