/**
 * VTIMEZONE components from the runtime's own time-zone data (Intl), so a calendar file that names
 * `TZID=America/Toronto` also carries the offsets that zone keeps, as iCalendar requires, and
 * stays right for whatever zone the shop's configuration names.
 */

const WEEK = 7 * 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

type Transition = { at: number; from: number; to: number; name: string };

const formats = new Map<string, { offset: Intl.DateTimeFormat; name: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      offset: new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }),
      name: new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

const zonePart = (format: Intl.DateTimeFormat, at: number) =>
  format.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "";

/** Minutes east of UTC: "GMT-04:00" → -240, "GMT" → 0. */
function offsetAt(timeZone: string, at: number): number {
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(zonePart(formatsFor(timeZone).offset, at));
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/**
 * Every change of offset in [start, end): weekly steps (zones never change twice a week), then to
 * the minute.
 */
function transitions(timeZone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  for (let low = start; low < end; low += WEEK) {
    const from = offsetAt(timeZone, low);
    let high = Math.min(low + WEEK, end);
    if (offsetAt(timeZone, high) === from) continue;
    let before = low;
    while (high - before > MINUTE) {
      const middle = before + Math.floor((high - before) / MINUTE / 2) * MINUTE;
      if (offsetAt(timeZone, middle) === from) before = middle;
      else high = middle;
    }
    found.push({
      at: high,
      from,
      to: offsetAt(timeZone, high),
      name: zonePart(formatsFor(timeZone).name, high),
    });
  }
  return found;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** +hhmm / -hhmm */
function utcOffset(minutes: number) {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The wall-clock time, in the offset that was in force, written as iCalendar local time. */
function localStamp(at: number, offset: number) {
  const d = new Date(at + offset * MINUTE);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

function observance(
  kind: "STANDARD" | "DAYLIGHT",
  start: string,
  from: number,
  to: number,
  name: string,
) {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ];
}

/**
 * A VTIMEZONE for `timeZone` listing the changes of offset from the start of the year before `around`
 * to the end of its year, so the observance in force at `around` is always among them.
 */
export function vtimezone(timeZone: string, around: Date): string {
  const year = around.getUTCFullYear();
  const start = Date.UTC(year - 1, 0, 1);
  const changes = transitions(timeZone, start, Date.UTC(year + 1, 0, 1));
  const lines = changes.length
    ? changes.flatMap((c) =>
        observance(
          c.to > c.from ? "DAYLIGHT" : "STANDARD",
          localStamp(c.at, c.from),
          c.from,
          c.to,
          c.name,
        ),
      )
    : observance(
        "STANDARD",
        "19700101T000000",
        offsetAt(timeZone, start),
        offsetAt(timeZone, start),
        zonePart(formatsFor(timeZone).name, start),
      );
  return ["BEGIN:VTIMEZONE", `TZID:${timeZone}`, ...lines, "END:VTIMEZONE"].join("\r\n");
}
