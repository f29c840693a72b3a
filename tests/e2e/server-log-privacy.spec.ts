import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { bookingPayload } from "./support/api";
import { bookThroughForm, renderedSubmissionKey } from "./support/server-http";
import { startServer, type ServerProcess } from "./support/server-process";

test.describe.configure({ mode: "serial" });

let app: ServerProcess;
test.beforeAll(async () => {
  app = await startServer({
    PGLITE_DIR: "memory://",
    LOG_LEVEL: "info",
    RATE_LIMIT_SUBMIT_PER_MIN: "1000",
    RATE_LIMIT_TRACK_PER_MIN: "1000",
    RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "1000",
  });
});
test.afterAll(() => app?.stop());

/** The log lines the server writes while `run` runs (and for a moment after, for late ones). */
async function linesDuring(run: () => Promise<void>): Promise<string[]> {
  const start = app.output().length;
  await run();
  await new Promise((resolve) => setTimeout(resolve, 500));
  return app
    .output()
    .slice(start)
    .split("\n")
    .filter((line) => line.trim());
}

const status = (path: string, init?: RequestInit) =>
  fetch(`${app.url}${path}`, { redirect: "manual", ...init }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

/** A request the client gives up on: `raw` is written, then the connection is dropped. */
function abandoned(raw: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(app.url).port), "127.0.0.1", () => {
      socket.write(raw);
      setTimeout(() => (socket.destroy(), resolve()), afterMs);
    });
  });
}

test("nothing a visitor sends writes a line above info, and every answer is below 500", async () => {
  const gets = [
    "/about?_data=root",
    "/?_data=root",
    "/about?_data=routes%2Fabout",
    "/about?_data=nonexistent",
    "/about.data",
    "/about.data?_routes=nonexistent",
    "/no-such-page.data",
    "/no-such-page",
    "/blog/no-such-post",
    "/services/nonexistent",
    "/price-list/nonexistent",
    "/track-repair/not-a-token",
    "/book-appointment/confirmation/not-a-token",
    "/book-appointment/confirmation/not-a-token/appointment.ics",
    "/admin/repairs/999999",
    "/about.data?_routes=nonexistent",
    "/nonexistent.data",
    "/.data",
    "/_root.data",
    "/track-repair.data?_routes=routes%2Fadmin",
    "/__manifest?version=nonexistent&p=%2Fabout",
    "/__manifest?p=%ZZ",
    "/%E0%A4%A",
    "/blog/%ZZ",
    "/track-repair/%",
    "/assets/%ZZ",
    "/assets/nonexistent.js",
    "/favicon.ico/nonexistent",
    "/admin/repairs.csv?status=%ZZ",
    "/track-repair?repairId=%ZZ",
    "/book-appointment/landed",
  ];
  const sends: [string, string][] = [
    ["POST", "/about"],
    ["PUT", "/"],
    ["DELETE", "/faq"],
    ["PATCH", "/api/endpoints/track_repair.php"],
    ["OPTIONS", "/"],
    ["POST", "/about.data"],
    ["POST", "/nonexistent.data"],
    ["POST", "/no-such-page"],
    ["POST", "/healthz"],
    ["POST", "/about?_data=routes%2Fabout"],
    ["POST", "/book-appointment/confirmation/not-a-token/appointment.ics"],
    ["POST", "/book-appointment/landed"],
    ["POST", "/contact/landed"],
  ];
  const answers: string[] = [];
  const lines = await linesDuring(async () => {
    for (const path of gets) answers.push(`${await status(path)} GET ${path}`);
    for (const [method, path] of sends)
      answers.push(
        `${await status(path, {
          method,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "a=1",
        })} ${method} ${path}`,
      );
    await abandoned(
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=Ann",
      200,
    );
    await abandoned("GET /price-list/mobile HTTP/1.1\r\nHost: localhost\r\n\r\n", 5);
  });
  expect(answers.filter((answer) => answer.startsWith("5"))).toEqual([]);
  expect(lines.filter((line) => !line.startsWith("{"))).toEqual([]);
  expect(lines.filter((line) => /"level":"(warn|error)"/.test(line))).toEqual([]);
});

test("a secret link's token never reaches the log, however its address is spelt", async () => {
  const payload = bookingPayload({ firstName: "Evangeline", email: "evangeline@example.net" });
  const token = await bookThroughForm(app.url, payload as Record<string, string>);
  const encoded = [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
  // Each of these reaches the repair's own page, data or calendar file.
  const served = [
    `/track-repair/${token}`,
    `/TRACK-REPAIR/${token}`,
    `/%74rack-repair/${token}`,
    `/track-repair/${encoded}`,
    `/track-repair/${token}.data`,
    `/book-appointment/confirmation/${token}`,
    `/book-appointment/Confirmation/${token}`,
    `/BOOK-APPOINTMENT/CONFIRMATION/${token}.data`,
    `/book-appointment/confirmation/${token}/appointment.ics`,
    `/track-repair/${token}?_data=routes%2Ftrack-repair_.%24token`,
  ];
  const answers: string[] = [];
  const lines = await linesDuring(async () => {
    for (const path of served) answers.push(`${await status(path)} ${path}`);
    // The quote page, and a mistyped address: the token is in them too.
    for (const path of [`/Track-Repair/${token}/quote`, `/track-repairs/${token}`])
      answers.push(`${await status(path)} ${path}`);
  });
  expect(answers.slice(0, served.length)).toEqual(served.map((path) => `200 ${path}`));
  const log = lines.join("\n");
  expect(log).toContain('"path":"/TRACK-REPAIR/:token"');
  expect(log).toContain('"path":"/%74rack-repair/:token"');
  expect(log).toContain('"path":"/track-repairs/:token"');
  for (const value of [token, encoded.slice(0, 30)]) expect(log).not.toContain(value);
  // Nor the customer, in anything logged since the booking (its e-mails among them).
  for (const value of ["Evangeline", "evangeline@example.net"])
    expect(app.output()).not.toContain(value);
});

test("asking whether a booking landed logs neither its key nor where it shows", async () => {
  const submissionKey = await renderedSubmissionKey(app.url, "/book-appointment");
  const booked = await fetch(`${app.url}/book-appointment`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      ...(bookingPayload({ firstName: "Philippa" }) as Record<string, string>),
      submissionKey,
    }),
  });
  const confirmation = booked.headers.get("location")!;
  const answers: unknown[] = [];
  const lines = await linesDuring(async () => {
    for (const path of ["/book-appointment/landed", "/contact/landed"]) {
      const response = await fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ submissionKey }),
      });
      answers.push(await response.json());
    }
  });
  expect(answers).toEqual([{ landed: true, location: confirmation }, { landed: false }]);
  const log = lines.join("\n");
  expect(log).toContain('"path":"/book-appointment/landed"');
  for (const value of [submissionKey, confirmation.split("/").pop()!, "Philippa"])
    expect(log).not.toContain(value);
});
