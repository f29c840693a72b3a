// React 18.3's streaming renderer sent NUL bytes where a multi-byte character met the end of its
// 2 KB buffer (react#26228): the buffer went out whole, its unused bytes as U+0000. React 19 fixed
// it; this keeps it fixed. Bookings put customer text with é, — and 😀 across 2 KB edges of each
// page, data answer and JSON answer that shows it, the text moving one byte in each of 17
// bookings so that an edge falls at every byte of a character of each length; a price-list entry
// does the same in the content pages the cache keeps. Every answer, e-mail and kept copy is read
// for NULs and replacement characters (brokenText).
//
// Where React 18 put its edges depended on what it had written before (a long text, or the end of
// a flush, began a new buffer), not on the byte count alone, so the text around the runs is
// multi-byte too (dashes): against a build on react-dom 18.3.1 this spec finds NULs in both.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { bookingPayload } from "./support/api";
import { brokenText, groupBytes, multiByteRun } from "./support/broken-text";
import { logInForCookie, renderedSubmissionKey } from "./support/server-http";
import { startServer, type ServerProcess } from "./support/server-process";

test.describe.configure({ mode: "serial" });

const staff = { username: "nul-admin", password: "nul-admin-password-long" };
const edge = 2048;
/** Bookings 0…16: each moves the multi-byte runs one byte closer to the start of the answer. */
const shifts = 17;
/**
 * Where a run starts, before its edge, in the first booking, and how long it is: multi-byte
 * characters from 8 bytes before the edge to 8 after it in every booking, with bytes to spare for
 * what moves with the booking's id or the count of new bookings in the admin's menu.
 */
const before = 16;
const runBytes = 56;
/**
 * React 18 copied a text into its buffer only when it had at most this many UTF-16 units; a longer
 * one it wrote out whole, where no edge could cut it.
 */
const bufferedText = Math.floor(edge / 3);

let root: string;
let app: ServerProcess;
let cookie: string;
test.beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "wefix-no-nul-"));
  app = await startServer({
    PGLITE_DIR: "memory://",
    MAIL_DIR: path.join(root, "mail"),
    ADMIN_USERNAME: staff.username,
    ADMIN_PASSWORD: staff.password,
    RATE_LIMIT_SUBMIT_PER_MIN: "1000",
    RATE_LIMIT_TRACK_PER_MIN: "1000",
    RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "1000",
    RATE_LIMIT_LOGIN_PER_MIN: "1000",
    // Every booking takes the same slot, each as another customer.
    BOOKING_SLOT_CAPACITY: "1000",
  });
  cookie = await logInForCookie(app.url, staff.username, staff.password);
});
test.afterAll(async () => {
  await app?.stop();
  await rm(root, { recursive: true, force: true });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A GET whose body is decoded here, strictly (a cut gzip or brotli stream throws): fetch would
 * decode it out of sight, and forgive.
 */
function get(target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${app.url}${target}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const body =
            encoding === "gzip"
              ? zlib.gunzipSync(raw)
              : encoding === "br"
                ? zlib.brotliDecompressSync(raw)
                : encoding === "deflate"
                  ? zlib.inflateSync(raw)
                  : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** What a browser sends: the app's answers go through its compression as they would to one. */
const browser = { "accept-encoding": "gzip, deflate, br" };

/** React's escaping of text (escapeTextForBrowser): what a value becomes in a page. */
const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!,
  );
const bytes = (text: string) => Buffer.byteLength(text);

/** `n` bytes of dashes (3 bytes each) and ASCII. */
const dashes = (n: number) => "—".repeat(Math.floor(n / 3)) + "x".repeat(n % 3);

/**
 * Text `n` bytes long as a page shows it, in at most `units` UTF-16 units: dashes, and where they
 * would take too many, apostrophes.
 */
function pageFill(n: number, units: number) {
  let dashCount = Math.floor(n / 3);
  const ascii = n % 3;
  // Each apostrophe stands for two dashes: the same bytes, one unit fewer.
  const apostropheCount = Math.max(0, dashCount + ascii - units);
  dashCount -= 2 * apostropheCount;
  if (dashCount < 0) throw new Error(`${n} bytes do not fit in ${units} characters`);
  return "'".repeat(apostropheCount) + "—".repeat(dashCount) + "x".repeat(ascii);
}

/**
 * A text whose byte length is the same in every booking (or round): `rounds - 1 - shift` ASCII
 * letters, `body`, then `shift` more, so the body moves one byte each time and nothing after the
 * text moves.
 */
const shifted = (body: string, shift: number, rounds = shifts) =>
  "x".repeat(rounds - 1 - shift) + body + "x".repeat(shift);

/** The smallest 2 KB edge at or after `at`. */
const edgeFrom = (at: number) => Math.ceil(at / edge) * edge;

/** A run of é—😀 the description holds for one answer: where it starts as that answer writes it. */
type Run = { answer: string; start: number; length: number; page: boolean };

/**
 * Dashes and ASCII up to each run's start, then é—😀 for its length; runs that meet become one.
 * Past the last run for an answer that is not a page, apostrophes take the place of as many pairs
 * of dashes as keep the text within what React 18 buffered.
 */
function description(runs: Run[]) {
  // Up to here every answer writes the description byte for byte the same; runs further on are for
  // pages alone, their starts counted as pages write the text.
  const shared = Math.max(0, ...runs.filter((r) => !r.page).map((r) => r.start + r.length));
  const sorted = [...runs].sort((a, b) => a.start - b.start);
  const build = (unitsToSave: number) => {
    let text = "";
    let left = unitsToSave;
    for (const { start, length } of sorted) {
      const pagesOnly = start >= shared;
      const at = () => (pagesOnly ? bytes(html(text)) : bytes(text));
      const gap = start - at();
      if (gap > 0 && pagesOnly) {
        const asDashes = Math.floor(gap / 3) + (gap % 3);
        const fewest = Math.ceil(Math.floor(gap / 3) / 2) + (gap % 3);
        const saved = Math.min(left, asDashes - fewest);
        left -= saved;
        text += pageFill(gap, asDashes - saved);
      } else if (gap > 0) text += dashes(gap);
      if (start + length > at()) text += multiByteRun(start + length - at());
    }
    return text;
  };
  return build(Math.max(0, shifted(build(0), 0).length - bufferedText));
}

type Booking = {
  token: string;
  reference: string;
  phone: string;
  fields: Record<string, string>;
};

let sequence = 0;
/** A booking's fields, as a new customer whose e-mail and phone are as long as every other's. */
function customer(fields: Record<string, string>): Record<string, string> {
  sequence += 1;
  const n = String(sequence).padStart(2, "0");
  return {
    ...(bookingPayload() as Record<string, string>),
    firstName: "Zoé",
    lastName: "Ñúñez-Åström",
    email: `nul-${n}@example.com`,
    phone: `905-555-01${n}`,
    ...fields,
  };
}

/**
 * Books through the form as a browser without JavaScript does, with a submission key the form
 * rendered; returns the secret token of the confirmation's address.
 */
async function post(fields: Record<string, string>, submissionKey: string) {
  const response = await fetch(`${app.url}/book-appointment`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, submissionKey }),
  });
  const token = /^\/book-appointment\/confirmation\/([\w-]+)$/.exec(
    response.headers.get("location") ?? "",
  )?.[1];
  if (!token) throw new Error(`booking answered ${response.status}`);
  return token;
}

/** The booking, with the reference its confirmation page shows. */
async function booked(token: string, fields: Record<string, string>): Promise<Booking> {
  const confirmation = (await get(`/book-appointment/confirmation/${token}`)).body.toString();
  const reference = /data-testid="booking-reference">(WF-\d+)</.exec(confirmation)?.[1];
  if (!reference) throw new Error("no reference on the confirmation page");
  return { token, reference, phone: fields.phone!, fields };
}

async function book(fields: Record<string, string>) {
  const payload = customer(fields);
  return booked(
    await post(payload, await renderedSubmissionKey(app.url, "/book-appointment")),
    payload,
  );
}

const repairPath = (b: Booking) => `/admin/repairs/${Number(b.reference.slice(3))}`;

/**
 * Every answer that shows the booking's text, and the text it is given a run in, as it writes it:
 * the device line of the confirmation page (brand, model — issue), the issue description in the
 * others. `page`: written by React.
 */
const answers = [
  {
    name: "confirmation page",
    target: (b: Booking) => `/book-appointment/confirmation/${b.token}`,
    page: true,
    shows: (b: Booking) =>
      `${html(b.fields.deviceBrand!)} ${html(b.fields.deviceModel!)} — ${html(b.fields.issueType!)}`,
  },
  { name: "tracking page", target: (b: Booking) => `/track-repair/${b.token}`, page: true },
  { name: "tracking .data", target: (b: Booking) => `/track-repair/${b.token}.data` },
  { name: "admin repair page", target: repairPath, page: true, staff: true },
  {
    name: "admin repair .data",
    // The repair's own data only: the layout's (counts of new bookings) grows with every booking.
    target: (b: Booking) =>
      `${repairPath(b)}.data?_routes=${encodeURIComponent("routes/admin.repairs_.$id")}`,
    staff: true,
    // turbo-stream writes a value once and then refers to it by its index, so what comes before
    // the text here grows or shrinks by some bytes with the repair's id and whatever other value
    // it equals: the run is as much longer on each side, and where in a character the edge falls
    // is left to chance.
    drift: 48,
  },
  {
    name: "track_repair.php",
    target: (b: Booking) =>
      `/api/endpoints/track_repair.php?${new URLSearchParams({ repairId: b.reference, phoneNumber: b.phone })}`,
  },
].map((answer) => ({
  page: false,
  shows: (b: Booking) =>
    answer.page ? html(b.fields.issueDescription!) : b.fields.issueDescription!,
  staff: false,
  drift: 0,
  ...answer,
}));
type AnswerKind = (typeof answers)[number];

const fetchAnswer = async (kind: AnswerKind, b: Booking) => {
  const answer = await get(kind.target(b), { ...browser, ...(kind.staff ? { cookie } : {}) });
  if (answer.status !== 200) throw new Error(`${kind.name} answered ${answer.status}`);
  return answer.body;
};

/** Where each answer first shows its text, in a booking with those fields. */
async function placesIn(booking: Booking) {
  const places = new Map<string, number>();
  for (const kind of answers) {
    const at = (await fetchAnswer(kind, booking)).indexOf(kind.shows(booking));
    if (at < 0) throw new Error(`the ${kind.name} does not show its text as expected`);
    places.set(kind.name, at);
  }
  return places;
}

/**
 * The character an edge falls in, as "bytes:index" (3:1 is the second byte of a 3-byte
 * character); null unless every byte from 8 before the edge to 8 after it is in a multi-byte
 * character.
 */
function characterAt(body: Buffer, at: number): string | null {
  for (let i = at - 8; i <= at + 8; i++) if (!(body[i]! & 0x80)) return null;
  let lead = at;
  while ((body[lead]! & 0xc0) === 0x80) lead--;
  const length = body[lead]! >= 0xf0 ? 4 : body[lead]! >= 0xe0 ? 3 : 2;
  return `${length}:${at - lead}`;
}

/** The e-mails written to `dir`, once there are `count` of them. */
async function mailsIn(dir: string, count: number): Promise<{ raw: Buffer; mail: ParsedMail }[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) =>
      n.endsWith(".eml"),
    );
    // The last one may still be being written.
    if (names.length >= count) await new Promise((resolve) => setTimeout(resolve, 250));
    if (names.length >= count)
      return Promise.all(
        names.map(async (name) => {
          const raw = await readFile(path.join(dir, name));
          return { raw, mail: await simpleParser(raw) };
        }),
      );
    if (Date.now() > deadline) throw new Error(`${names.length} of ${count} e-mails written`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("text with multi-byte characters across 2 KB edges reaches pages, data, JSON and e-mails whole", async () => {
  // The confirmation page's device line (brand, model — issue): where does it start?
  const probe = await book({
    deviceBrand: "Brandprobe",
    deviceModel: "Modelprobe",
    issueType: "Issueprobe",
    issueDescription: "Descriptionprobe",
  });
  const lineAt = (await placesIn(probe)).get("confirmation page")!;
  // The brand, the model and the issue up to its run: dashes, or apostrophes where the edge is too
  // far for dashes in their limits of 100, 150 and 200 characters.
  const separators = bytes(" ") + bytes(" — ");
  // At least one byte each for the brand and the model, which the line would drop if empty.
  const lineEdge = edgeFrom(lineAt + separators + (shifts - 1) + before + 2);
  const lineBefore = lineEdge - before - lineAt - separators - (shifts - 1);
  const run = multiByteRun(runBytes);
  const limits = [100, 150, 200 - (shifts - 1) - run.length];
  const perUnit = limits.reduce((sum, units) => sum + 3 * units, 0) >= lineBefore ? 3 : 6;
  const brandBytes = Math.min(perUnit * limits[0]! - 5, lineBefore - 1);
  const modelBytes = Math.min(perUnit * limits[1]! - 5, lineBefore - brandBytes);
  const device = (shift: number) => ({
    deviceBrand: pageFill(brandBytes, limits[0]!),
    deviceModel: pageFill(modelBytes, limits[1]!),
    issueType: shifted(pageFill(lineBefore - brandBytes - modelBytes, limits[2]!) + run, shift),
  });

  // The issue description: where each other answer first shows it, now that the device line,
  // which comes before it in them, is set.
  const descriptionAt = await placesIn(
    await book({ ...device(0), issueDescription: "Descriptionprobe" }),
  );
  const edges = new Map([["confirmation page", lineEdge]]);
  let runs: Run[] = answers
    .filter((kind) => kind.name !== "confirmation page")
    .map((kind) => {
      const at = descriptionAt.get(kind.name)!;
      const edgeHere = edgeFrom(at + (shifts - 1) + before + kind.drift);
      edges.set(kind.name, edgeHere);
      return {
        answer: kind.name,
        start: edgeHere - before - (shifts - 1) - at - kind.drift,
        length: runBytes + 2 * kind.drift,
        page: kind.page,
      };
    });
  // The pages' runs first: were the description longer than React 18 buffered, it would have gone
  // out whole on them, uncut. An answer React does not write may do without its run then.
  let body = description(runs);
  while (shifted(body, 0).length > bufferedText) {
    const farthest = runs.filter((r) => !r.page).sort((a, b) => b.start - a.start)[0];
    if (!farthest) throw new Error(`the description (${body.length} characters) is too long`);
    test.info().annotations.push({
      type: "no run",
      description: `${farthest.answer}: the description would be too long with it`,
    });
    runs = runs.filter((r) => r !== farthest);
    edges.delete(farthest.answer);
    body = description(runs);
  }

  // One booking after another, so that the places in all of them move the same way (an id that
  // gains a digit moves what follows it by a byte).
  const keys = await Promise.all(
    Array.from({ length: shifts }, () => renderedSubmissionKey(app.url, "/book-appointment")),
  );
  const posted: [string, Record<string, string>][] = [];
  for (const [shift, key] of keys.entries()) {
    const fields = customer({ ...device(shift), issueDescription: shifted(body, shift) });
    posted.push([await post(fields, key), fields]);
  }
  const bookings = await Promise.all(posted.map(([token, fields]) => booked(token, fields)));

  const found: string[] = [];
  const edgeFalls = new Map([...edges.keys()].map((name) => [name, new Set<string>()]));
  await Promise.all(
    bookings.map(async (booking, shift) => {
      const sent = Object.values(booking.fields);
      for (const kind of answers) {
        const answer = await fetchAnswer(kind, booking);
        for (const problem of brokenText(answer, sent))
          found.push(`${kind.name} of booking ${shift}: ${problem}`);
        if (!answer.includes(kind.shows(booking)))
          found.push(`${kind.name} of booking ${shift}: its text is not there whole`);
        const edgeHere = edges.get(kind.name);
        if (edgeHere === undefined) continue;
        const fallsIn = characterAt(answer, edgeHere);
        if (fallsIn) edgeFalls.get(kind.name)!.add(fallsIn);
        else found.push(`${kind.name} of booking ${shift}: no run across ${edgeHere}`);
      }
    }),
  );

  // The e-mails: the shop's alert and the customer's confirmation of each booking.
  const mails = await mailsIn(path.join(root, "mail"), 2 * (bookings.length + 2));
  const sent = [...bookings, probe].flatMap((b) => Object.values(b.fields));
  for (const { raw, mail } of mails) {
    const parts = [
      raw,
      mail.subject ?? "",
      mail.text ?? "",
      typeof mail.html === "string" ? mail.html : "",
      ...mail.attachments.map((attachment) => attachment.content),
    ];
    for (const part of parts)
      for (const problem of brokenText(part, sent))
        found.push(`e-mail "${mail.subject}": ${problem}`);
  }
  const mailText = mails.map(({ mail }) => mail.text ?? "").join("\n");
  for (const [shift, booking] of bookings.entries())
    for (const field of ["issueDescription", "issueType"])
      if (!mailText.includes(booking.fields[field]!))
        found.push(`no e-mail shows the ${field} of booking ${shift} whole`);

  expect(found).toEqual([]);
  // Across the bookings each answer's edge fell at every byte of a 2-, 3- and 4-byte character;
  // where the answer drifts, in the middle of one at least.
  const everyByte = ["2:0", "2:1", "3:0", "3:1", "3:2", "4:0", "4:1", "4:2", "4:3"];
  for (const kind of answers) {
    if (!edges.has(kind.name)) continue;
    const falls = [...edgeFalls.get(kind.name)!].sort();
    const what = `${kind.name} at ${edges.get(kind.name)}: ${falls.join(" ")}`;
    if (kind.drift)
      expect(
        falls.some((fall) => !fall.endsWith(":0")),
        what,
      ).toBe(true);
    else expect(falls, what).toEqual(everyByte);
  }
});

/** Rounds of the price-list entry: a 9-byte é—😀 group's every byte meets a given edge once. */
const catalogueRounds = 9;

/**
 * A price-list entry in a brand of its own with é—😀 in every field up to its limit (100 characters
 * for the brand and the series, 150 for the model and the repair), moved one byte per round.
 */
const priceListEntry = (shift: number) => {
  const text = (units: number) =>
    shifted(
      multiByteRun(Math.floor((units - catalogueRounds + 1) / 4) * groupBytes),
      shift,
      catalogueRounds,
    );
  return {
    deviceCategory: "watch",
    brand: text(100),
    series: text(100),
    model: text(150),
    issue: text(150),
    price: "99.00",
  };
};

/** Asks the legacy staff API, with the bearer token its login (login.php) answered. */
async function staffApi(token: string, endpoint: string, body: unknown) {
  const answer = await fetch(`${app.url}/api/admin/${endpoint}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${endpoint} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as { id?: number; token?: string };
}

/**
 * A content page as the cache keeps it, as it is, gzipped and brotli-compressed: what is broken in
 * each copy, whether all three came from memory, and whether they differ (but for each response's
 * own nonce, request id and, on a form page, submission key).
 */
async function keptCopies(page: string, sent: string[] = []) {
  // The first answer renders the page and keeps it; the next ones come from memory.
  await get(page);
  const found: string[] = [];
  const copies = await Promise.all(
    ["identity", "gzip", "br"].map(async (encoding) => {
      const answer = await get(page, { "accept-encoding": encoding });
      if (answer.status !== 200) found.push(`${page} (${encoding}) answered ${answer.status}`);
      for (const problem of brokenText(answer.body, sent))
        found.push(`${page} (${encoding}): ${problem}`);
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
      let text = answer.body.toString();
      const formKey = /name="submissionKey" value="([^"]+)"/.exec(text)?.[1];
      for (const own of [nonce, answer.headers["x-request-id"], formKey])
        if (typeof own === "string" && own) text = text.replaceAll(own, "…");
      return { encoding, text, cache: answer.headers["x-page-cache"] };
    }),
  );
  const kept = copies.every((copy) => copy.cache === "hit");
  // A page not kept (one rendered for each visitor) differs from one answer to the next.
  if (kept)
    for (const copy of copies.slice(1))
      if (copy.text !== copies[0]!.text) found.push(`${page}: the ${copy.encoding} copy differs`);
  return { found, kept, text: copies[0]!.text };
}

test("every content page kept in memory, and its gzip and brotli copies, is whole", async () => {
  const found: string[] = [];
  // Staff's text on the smart watch price list and model picker, moved a byte at a time: each
  // change drops the kept pages, and the next visitor's render is kept.
  const { token } = await staffApi("", "login.php", staff);
  const { id } = await staffApi(token!, "add_repair_item.php", priceListEntry(0));
  for (let shift = 0; shift < catalogueRounds; shift++) {
    const entry = priceListEntry(shift);
    if (shift) await staffApi(token!, `update_repair_item.php?id=${id}`, entry);
    const sent = Object.values(entry);
    await Promise.all(
      ["/price-list/watch", "/services/watch"].map(async (page) => {
        const copies = await keptCopies(page, sent);
        found.push(...copies.found.map((problem) => `round ${shift}: ${problem}`));
        if (!copies.kept) found.push(`round ${shift}: ${page} was not kept`);
        for (const field of ["brand", "model", "issue"] as const)
          if (page.startsWith("/price-list") && !copies.text.includes(entry[field]))
            found.push(`round ${shift}: ${page} does not show the ${field} whole`);
      }),
    );
  }

  // Every content page: the fixed text of the others, as kept.
  const sitemap = (await get("/sitemap.xml")).body.toString();
  const paths = [
    ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
    "/offline",
  ];
  expect(paths.length).toBeGreaterThan(10);
  const kept: string[] = [];
  await Promise.all(
    paths.map(async (page) => {
      const copies = await keptCopies(page, Object.values(priceListEntry(catalogueRounds - 1)));
      found.push(...copies.found);
      if (copies.kept) kept.push(page);
    }),
  );
  expect(found).toEqual([]);
  // The content pages are kept, and the contact form with a key of its own (decision 0037; the
  // booking form's copy serves two seconds, which these parallel requests may outlast).
  for (const page of ["/", "/faq", "/about", "/price-list/mobile", "/services/laptop", "/contact"])
    expect(kept).toContain(page);
});
