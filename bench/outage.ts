// npm run bench:outage — how long the production server takes to answer while its Postgres is
// down. The requests of tests/e2e/server-database-outage.spec.ts (the health check, the public
// pages, the staff pages and forms, the booking form without JavaScript, a tracking link, the
// legacy JSON booking) are timed to their last byte with the database up (the baseline, same run),
// then with it stopped (a clean shutdown), then killed (SIGKILL to every Postgres process). Each
// request is sent in `rounds` passes per state and its slowest answer is reported. Every outage
// answer must be a 503 and the slowest must come within the budget.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { bookingPayload } from "../tests/e2e/support/api";
import {
  adminPostAnswer,
  bookingFormAnswer,
  getAnswer,
  legacyBookingAnswer,
  outageAdminActions,
  outageAdminPages,
  outagePages,
  type OutageAnswer,
} from "../tests/e2e/support/database-outage";
import { freePort, startServer } from "../tests/e2e/support/server-process";
import {
  bookThroughForm,
  logInForCookie,
  renderedSubmissionKey,
} from "../tests/e2e/support/server-http";
import { startThrowawayPostgres } from "../tests/support/throwaway-postgres";

/**
 * Decision 0006: a request fails within 5 s when the database is down or stuck (db/client.ts: 3 s
 * to connect, 4 s for a statement).
 */
const budgetMs = 5_000;
const rounds = 3;
const states = ["up", "stopped", "killed"] as const;
type State = (typeof states)[number];

if (
  !existsSync("build/start-server.js") &&
  spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0
)
  process.exit(1);

type Measured = { ms: number; status: number | "error" };
const results = new Map<string, Record<State, Measured[]>>();
let failed = false;

const postgres = await startThrowawayPostgres(await freePort());
try {
  const app = await startServer({
    DATABASE_URL: postgres.url,
    LOG_LEVEL: "silent",
    // Every booking of the baseline books, none is refused for a full slot.
    BOOKING_SLOT_CAPACITY: "1000000",
    RATE_LIMIT_SUBMIT_PER_MIN: "1000000",
    RATE_LIMIT_TRACK_PER_MIN: "1000000",
  });
  try {
    const cookie = await logInForCookie(app.url, "lifecycle", "lifecycle-password");
    const token = await bookThroughForm(app.url, bookingPayload() as Record<string, string>);
    // The booking form posts the submission key it was rendered with, which books once: while the
    // database is up each pass renders a fresh one, so each post is a new booking; an outage posts
    // the one rendered before it, as a customer's open page would.
    let bookingFields: Record<string, string> = {};
    const renderBookingForm = async () => {
      bookingFields = {
        ...(bookingPayload({ preferredTime: "14:00" }) as Record<string, string>),
        submissionKey: await renderedSubmissionKey(app.url, "/book-appointment"),
      };
    };

    const requests: { what: string; send: () => Promise<OutageAnswer> }[] = [
      { what: "GET /healthz", send: () => getAnswer(app.url, "/healthz") },
      ...outagePages.map((path) => ({
        what: `GET ${path}`,
        send: () => getAnswer(app.url, path),
      })),
      ...outageAdminPages.map((path) => ({
        what: `GET ${path} (staff)`,
        send: () => getAnswer(app.url, path, cookie),
      })),
      ...outageAdminActions.map((action) => ({
        what: `POST ${action.path} (staff)`,
        send: () => adminPostAnswer({ url: app.url, cookie }, action),
      })),
      {
        what: "POST /book-appointment (no JavaScript)",
        send: () => bookingFormAnswer(app.url, bookingFields),
      },
      { what: "GET /track-repair/…", send: () => getAnswer(app.url, `/track-repair/${token}`) },
      {
        what: "POST /api/endpoints/submit_booking.php",
        send: () => legacyBookingAnswer(app.url),
      },
    ];
    for (const { what } of requests) results.set(what, { up: [], stopped: [], killed: [] });

    const pass = async (state: State | undefined) => {
      if (state === "up" || state === undefined) await renderBookingForm();
      for (const { what, send } of requests) {
        const started = performance.now();
        const status = await send().then(
          (answer) => answer.status,
          () => "error" as const,
        );
        if (state) results.get(what)![state].push({ ms: performance.now() - started, status });
      }
    };

    /** Until the health check, the public pages and the dashboard answer 200 again, without a restart. */
    const recovered = async () => {
      const deadline = Date.now() + 30_000;
      for (const [path, staff] of [
        ["/healthz", undefined],
        ...outagePages.map((path) => [path, undefined] as const),
        ["/admin/dashboard", cookie],
      ] as const)
        while ((await getAnswer(app.url, path, staff).catch(() => undefined))?.status !== 200) {
          if (Date.now() > deadline) throw new Error(`${path} did not recover within 30 s`);
          await sleep(200);
        }
    };

    // An unmeasured pass first: a page's first render compiles its code.
    await pass(undefined);
    for (let round = 0; round < rounds; round++) await pass("up");

    await postgres.stop();
    for (let round = 0; round < rounds; round++) await pass("stopped");
    await postgres.start();
    await recovered();
    await pass(undefined);

    postgres.kill();
    for (let round = 0; round < rounds; round++) await pass("killed");
    await postgres.start();
    await recovered();
    if (app.child.exitCode !== null) throw new Error("the server exited during the outage");
  } finally {
    await app.stop();
  }
} finally {
  await postgres.destroy();
}

const slowest = (measured: Measured[]) => Math.max(...measured.map(({ ms }) => ms));
const statuses = (measured: Measured[]) =>
  [...new Set(measured.map(({ status }) => status))].join(", ");
const [load1, load5] = os.loadavg();
console.log(
  `\n## Database outage (budget: every answer a 503 within ${budgetMs.toLocaleString("en")} ms; slowest of ${rounds} per request; load average ${load1!.toFixed(1)}, ${load5!.toFixed(1)})\n`,
);
console.log(
  "| request | up ms | stopped ms | killed ms | statuses (up / stopped / killed) |\n|---|---:|---:|---:|---|",
);
let slowestOutage = 0;
for (const [what, measured] of results) {
  const outage = [...measured.stopped, ...measured.killed];
  const ok = outage.every(({ status, ms }) => status === 503 && ms <= budgetMs);
  failed ||= !ok;
  slowestOutage = Math.max(slowestOutage, slowest(outage));
  console.log(
    `| ${what} | ${states.map((state) => slowest(measured[state]).toFixed(1)).join(" | ")} | ${states.map((state) => statuses(measured[state])).join(" / ")} |${ok ? "" : " FAILED"}`,
  );
}
console.log(
  `\nSlowest answer during the outage: ${slowestOutage.toFixed(1)} ms (budget ${budgetMs.toLocaleString("en")} ms)`,
);
if (failed || slowestOutage > budgetMs) {
  console.error("An answer during the outage was not a 503, or came later than the budget.");
  process.exit(1);
}
