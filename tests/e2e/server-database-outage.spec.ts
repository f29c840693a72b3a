import { expect, test } from "@playwright/test";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres";
import { bookingPayload } from "./support/api";
import {
  adminPostAnswer,
  bookingFormAnswer,
  getAnswer,
  legacyBookingAnswer,
  outageAdminActions,
  outageAdminPages,
  outagePages,
} from "./support/database-outage";
import { freePort, startServer, type ServerProcess } from "./support/server-process";
import { bookThroughForm, logInForCookie, renderedSubmissionKey } from "./support/server-http";

test.describe.configure({ mode: "serial" });

let postgres: ThrowawayPostgres;
let app: ServerProcess;
test.beforeAll(async () => {
  postgres = await startThrowawayPostgres(await freePort());
  app = await startServer({
    DATABASE_URL: postgres.url,
    RATE_LIMIT_SUBMIT_PER_MIN: "1000",
    RATE_LIMIT_TRACK_PER_MIN: "1000",
  });
});
test.afterAll(async () => {
  await app?.stop();
  await postgres?.destroy();
});

// How long these answers take (the budget is 5 s each) is measured by `npm run bench:outage`
// against the same requests with the database up, not asserted here.
for (const outage of ["stopped", "killed"] as const) {
  test(`Postgres ${outage}: pages answer 503 with the request id, forms keep their input, and the app recovers alone`, async () => {
    const cookie = await logInForCookie(app.url, "lifecycle", "lifecycle-password");
    const staff = { url: app.url, cookie };
    expect((await legacyBookingAnswer(app.url)).status).toBe(201);
    const submissionKey = await renderedSubmissionKey(app.url, "/book-appointment");
    const token = await bookThroughForm(
      app.url,
      bookingPayload({
        firstName: "Tracked",
        phone: "905-555-0188",
        preferredTime: "3:00 PM",
      }) as Record<string, string>,
    );

    if (outage === "stopped") await postgres.stop();
    else postgres.kill();

    expect((await getAnswer(app.url, "/healthz")).status).toBe(503);

    for (const path of [...outagePages, ...outageAdminPages]) {
      const page = await getAnswer(app.url, path, cookie);
      expect(page.status, path).toBe(503);
      expect(page.requestId).toMatch(/^[0-9a-f]{8}$/);
      expect(page.body, path).toContain(`${page.requestId}`);
      if (!path.startsWith("/admin")) expect(page.body).toContain("We&#x27;ll be right back");
    }

    for (const action of outageAdminActions) {
      const answer = await adminPostAnswer(staff, action);
      expect(answer.status, `POST ${action.path}`).toBe(503);
      expect(answer.body, `POST ${action.path}`).toContain(`${answer.requestId}`);
    }

    // A browser without JavaScript posting the booking form: the Booking Failed toast, input kept.
    const fields = {
      ...bookingPayload({ firstName: "Outage", phone: "905-555-0199", preferredTime: "14:00" }),
      submissionKey,
    } as Record<string, string>;
    const form = await bookingFormAnswer(app.url, fields);
    expect(form.status).toBe(503);
    expect(form.body).toContain("Booking Failed");
    expect(form.body).toContain('value="Outage"');
    expect(form.body).toContain('value="905-555-0199"');

    // The secret link: its token is a parameter of the failing query, which no log line prints.
    const link = await getAnswer(app.url, `/track-repair/${token}`);
    expect(link.status).toBe(503);
    expect(link.body).toContain(`${link.requestId}`);

    expect((await legacyBookingAnswer(app.url)).status).toBe(503);

    await postgres.start();
    // No restart of the app: the next requests simply reach the database again.
    await expect
      .poll(async () => (await fetch(`${app.url}/healthz`)).status, { timeout: 15_000 })
      .toBe(200);
    // Each page's queries may open more of the pool's connections to a server that has only just
    // started; on a loaded machine one may time out and answer 503 once, as it should.
    for (const path of outagePages)
      await expect
        .poll(async () => (await fetch(`${app.url}${path}`)).status, {
          timeout: 10_000,
          message: path,
        })
        .toBe(200);
    await expect
      .poll(
        async () =>
          (await fetch(`${app.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" }))
            .status,
        {
          timeout: 10_000,
          message: "the dashboard after recovery",
        },
      )
      .toBe(200);
    const retried = await bookingFormAnswer(app.url, fields);
    expect(retried.status).toBe(303);
    expect(retried.location).toMatch(/^\/book-appointment\/confirmation\//);
    expect(app.child.exitCode).toBeNull();
    // Each failure above was logged with its request id, and none with what was sent.
    expect(app.output()).toContain('"message":"database unavailable"');
    for (const value of [token, "Outage", "Tracked", "555-0199", "9055550199", "555-0188"])
      expect(app.output(), value).not.toContain(value);
  });
}
