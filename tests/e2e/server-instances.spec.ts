import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { storedSubmissionKey } from "../../app/server/submission.server";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres";
import { bookingPayload } from "./support/api";
import { nextWeekday } from "./support/booking";
import { freePort, startServer, type ServerProcess } from "./support/server-process";
import { logInForCookie, postFormAs } from "./support/server-http";
import { staffVisitor } from "../html/support/html-page";

/** Two app processes on one Postgres, as behind a load balancer: they must agree on everything. */
test.describe.configure({ mode: "serial" });

let database: ThrowawayPostgres;
let a: ServerProcess;
let b: ServerProcess;
test.beforeAll(async () => {
  database = await startThrowawayPostgres(await freePort());
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: "shared-by-both-instances",
    RATE_LIMIT_TRACK_PER_MIN: "4",
    RATE_LIMIT_SUBMIT_PER_MIN: "1000",
    // Every test signs staff in afresh; the login limit is tested in tests/e2e/admin-auth.spec.ts.
    RATE_LIMIT_LOGIN_PER_MIN: "1000",
    BOOKING_LIMIT_PER_CUSTOMER: "2",
    RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "1",
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});
test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.destroy();
});

test("a staff cookie session started on one instance works on the other, and logout on one ends it on both", async () => {
  const cookie = await logInForCookie(a.url, "lifecycle", "lifecycle-password");
  for (const instance of [a, b]) {
    expect(
      (await fetch(`${instance.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" }))
        .status,
    ).toBe(200);
  }
  const logout = await fetch(`${b.url}/admin/logout`, {
    method: "POST",
    headers: { cookie, origin: b.url },
    redirect: "manual",
  });
  expect(logout.status).toBe(303);
  for (const instance of [a, b]) {
    const response = await fetch(`${instance.url}/admin/dashboard`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/admin\/login/);
  }
});

test("a bearer token from one instance works on the other until logout.php on either", async () => {
  const login = await fetch(`${a.url}/api/admin/login.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "lifecycle", password: "lifecycle-password" }),
  });
  const { token } = (await login.json()) as { token: string };
  const authorization = `Bearer ${token}`;
  expect(
    (await fetch(`${b.url}/api/admin/get_bookings.php`, { headers: { authorization } })).status,
  ).toBe(200);
  expect(
    (await fetch(`${b.url}/api/admin/logout.php`, { method: "POST", headers: { authorization } }))
      .status,
  ).toBe(200);
  expect(
    (await fetch(`${a.url}/api/admin/get_bookings.php`, { headers: { authorization } })).status,
  ).toBe(401);
});

test("rate limits count requests on both instances together", async () => {
  // The limit counts per minute: start well inside one so the window cannot turn mid-test.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    const instance = i % 2 ? b : a;
    statuses.push(
      (await fetch(`${instance.url}/api/endpoints/track_repair.php?repairId=WF-09999`)).status,
    );
  }
  // RATE_LIMIT_TRACK_PER_MIN=4 for the client, whichever instance it reaches.
  expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
});

test("the same booking submitted concurrently to both instances is stored once", async () => {
  const payload = JSON.stringify(bookingPayload({ firstName: "Twice" }));
  const key = `instances-${Date.now()}-duplicate-key`;
  const responses = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      fetch(`${(i % 2 ? b : a).url}/api/endpoints/submit_booking.php`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: payload,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id?: number } })),
    ),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(12).fill(201));
  expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from bookings where submission_key = ${storedSubmissionKey("api", key)!}`;
  await sql.end();
  expect(row!.n).toBe(1);
});

test("one customer's limits hold across both instances: upcoming bookings, and messages to one address", async () => {
  const times = ["10:00 AM", "10:30 AM", "11:30 AM", "12:00 PM", "12:30 PM", "1:00 PM"];
  const responses = await Promise.all(
    times.map((preferredTime, i) =>
      fetch(`${(i % 2 ? b : a).url}/api/endpoints/submit_booking.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(bookingPayload({ email: "limits@example.com", preferredTime })),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } })),
    ),
  );
  expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
  expect(responses.find((r) => r.status === 409)?.body.message).toBe(
    "This phone number or e-mail address already has 2 upcoming appointments with us. Please call us directly to book another.",
  );
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const confirmations = await sql<{ status: string }[]>`
    select status::text from outbox where kind = 'booking_confirmation' and recipient = 'limits@example.com'`;
  await sql.end();
  // Both bookings stand; the second confirmation went past one message an hour and was held back.
  expect(
    confirmations.map((row) => (row.status === "cancelled" ? "held back" : "let through")).sort(),
  ).toEqual(["held back", "let through"]);
});

test("two staff on two instances: a status saved from a page drawn before the other's change is refused, then applied on top", async () => {
  const booked = await fetch(`${a.url}/api/endpoints/submit_booking.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(bookingPayload({ firstName: "Versions" })),
  });
  const { id } = (await booked.json()) as { id: number };
  const counter = {
    url: a.url,
    cookie: await logInForCookie(a.url, "lifecycle", "lifecycle-password"),
  };
  const bench = {
    url: b.url,
    cookie: await logInForCookie(b.url, "lifecycle", "lifecycle-password"),
  };
  const page = async (who: typeof counter) =>
    (await fetch(`${who.url}/admin/repairs/${id}`, { headers: { cookie: who.cookie } })).text();
  const versionIn = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!;
  const save = (who: typeof counter, version: string, fields: Record<string, string>) =>
    postFormAs(who, `/admin/repairs/${id}`, {
      intent: "status",
      version,
      status: "pending",
      expectedDeliveryDate: "",
      internal_notes: "",
      shownStatus: "pending",
      shownDate: "",
      shownNote: "",
      ...fields,
    });

  const drawnAtCounter = versionIn(await page(counter));
  const ready = await save(bench, versionIn(await page(bench)), { status: "ready_for_pickup" });
  expect(ready.status).toBe(303);

  const refused = await save(counter, drawnAtCounter, { internal_notes: "Face ID fault noted." });
  expect(refused.status).toBe(409);
  const html = await refused.text();
  expect(html).toContain("was changed while you had it open, so nothing was saved");
  // Who changed it and what, in the list of changes (React puts comments between the parts).
  expect(html.replace(/<!-- -->/g, "")).toMatch(/lifecycle: WF-\d{5}: Pending → Ready for Pickup/);
  const applied = await save(counter, versionIn(html), {
    status: "ready_for_pickup",
    shownStatus: "ready_for_pickup",
    internal_notes: "Face ID fault noted.",
  });
  expect(applied.status).toBe(303);
  expect(await page(bench)).toContain("Face ID fault noted.");
});

test("two staff on two instances: a price edited from a dialog drawn before the other's change is refused, then applied on top", async () => {
  const staff = (url: string) => logInForCookie(url, "lifecycle", "lifecycle-password");
  const counter = { url: a.url, cookie: await staff(a.url) };
  const office = { url: b.url, cookie: await staff(b.url) };
  const token = (await (
    await fetch(`${b.url}/api/admin/login.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "lifecycle", password: "lifecycle-password" }),
    })
  ).json()) as { token: string };
  const entry = {
    deviceCategory: "mobile",
    brand: "OnePlus",
    model: "Nord Versions",
    issue: "Battery",
  };
  const added = await fetch(`${b.url}/api/admin/add_repair_item.php`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token.token}` },
    body: JSON.stringify({ ...entry, price: 69 }),
  });
  const { id } = (await added.json()) as { id: number };
  const dialog = async (who: typeof counter) =>
    (
      await fetch(`${who.url}/admin/repair-items/${id}/edit`, { headers: { cookie: who.cookie } })
    ).text();
  const hidden = (html: string, name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`).exec(html)![1]!.replace(/&quot;/g, '"');
  const save = (who: typeof counter, html: string, fields: Record<string, string>) =>
    postFormAs(who, `/admin/repair-items/${id}/edit`, {
      ...entry,
      price: "69.00",
      version: hidden(html, "version"),
      shown: hidden(html, "shown"),
      ...fields,
    });

  const atCounter = await dialog(counter);
  const renamed = await save(office, await dialog(office), { model: "Nord Versions 2" });
  expect(renamed.status).toBe(303);

  const refused = await save(counter, atCounter, { price: "74.50" });
  expect(refused.status).toBe(409);
  const html = (await refused.text()).replace(/<!-- -->/g, "");
  expect(html).toContain(
    "This repair item was changed while you had it open, so nothing was saved.",
  );
  expect(html).toContain(
    "lifecycle: OnePlus Nord Versions · Battery → OnePlus Nord Versions 2 · Battery: $69.00",
  );
  const applied = await save(counter, html, { model: "Nord Versions 2", price: "74.50" });
  expect(applied.status).toBe(303);
  expect(await dialog(office)).toContain('value="74.50"');
});

test("shop settings saved on one instance count on the other at once, and a save from a page drawn before is refused with what changed", async ({
  playwright,
}) => {
  const [counter, office] = await Promise.all(
    [a, b].map(async (instance) => {
      const context = await playwright.request.newContext({ baseURL: instance.url });
      return staffVisitor(context, "/admin/settings", {
        username: "lifecycle",
        password: "lifecycle-password",
      });
    }),
  );
  const form = "Save Settings";
  const atCounter = counter!.landed;
  expect(Object.fromEntries(atCounter.form(form).fields())).toMatchObject({
    bookingSlotCapacity: "3",
    bookingLimitPerCustomer: "2",
    quoteApprovalStartsRepair: "off",
  });

  const saved = await office!.landed.form(form).fill({ "Bookings per time": "1" }).submit(form);
  expect(saved.toast()).toEqual({
    type: "success",
    title: "Success",
    description: "Settings saved.",
  });
  expect(saved.text('[aria-labelledby="settings-changes-heading"]')).toContain(
    "Shop settings: bookings per time 1",
  );

  const refused = await atCounter
    .form(form)
    .fill({ "Upcoming bookings per customer": "4" })
    .submit(form);
  expect(refused.status).toBe(409);
  expect(refused.alerts().join(" ")).toMatch(
    /The shop settings were changed while you had this page open, so nothing was saved\..*lifecycle: Shop settings: bookings per time 1/,
  );
  expect(Object.fromEntries(refused.form(form).fields())).toMatchObject({
    bookingSlotCapacity: "1",
    bookingLimitPerCustomer: "4",
  });
  expect((await refused.form(form).submit(form)).toast()?.description).toBe("Settings saved.");

  // One booking fills a time on the instance that did not save anything.
  const book = (phone: string) =>
    fetch(`${a.url}/api/endpoints/submit_booking.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(bookingPayload({ phone, preferredTime: "4:30 PM" })),
    });
  expect((await book("(905) 555-0161")).status).toBe(201);
  const second = await book("(905) 555-0162");
  expect(second.status).toBe(409);
  expect(((await second.json()) as { message: string }).message).toBe(
    "This time slot is fully booked.",
  );
});

test("invoices issued at once on two instances take consecutive numbers, and one balance paid at once on both is paid once", async () => {
  const staff = await Promise.all(
    [a, b].map(async (instance) => ({
      url: instance.url,
      cookie: await logInForCookie(instance.url, "lifecycle", "lifecycle-password"),
    })),
  );
  // Eight repairs, each with a saved draft of $100.00 (v2), made on instance a.
  const times = [
    "10:00 AM",
    "10:30 AM",
    "11:00 AM",
    "11:30 AM",
    "1:00 PM",
    "1:30 PM",
    "2:00 PM",
    "2:30 PM",
  ];
  const repairs = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const booked = await fetch(`${a.url}/api/endpoints/submit_booking.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        // A mailbox and a time each: one customer holds two upcoming bookings at most here, and
        // a time one booking (the settings test before).
        body: JSON.stringify(
          bookingPayload({
            firstName: `Numbered${i}`,
            email: `numbered${i}@example.com`,
            preferredDate: nextWeekday(20),
            preferredTime: times[i],
          }),
        ),
      });
      expect(booked.status).toBe(201);
      return ((await booked.json()) as { id: number }).id;
    }),
  );
  for (const id of repairs) {
    const path = `/admin/repairs/${id}/invoice`;
    expect((await postFormAs(staff[0]!, path, { intent: "start" })).status).toBe(303);
    const saved = await postFormAs(staff[0]!, path, {
      intent: "save",
      version: "1",
      kind1: "repair",
      description1: "Screen replacement",
      quantity1: "1",
      unitPrice1: "100.00",
    });
    expect(saved.status).toBe(303);
  }
  const issued = await Promise.all(
    repairs.map((id, i) =>
      postFormAs(staff[i % 2]!, `/admin/repairs/${id}/invoice`, { intent: "issue", version: "2" }),
    ),
  );
  expect(issued.map((r) => r.status)).toEqual(Array(8).fill(303));
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    const numbers = (
      await sql<{ number: number }[]>`select number from invoices
        where booking_id in ${sql(repairs)} order by number`
    ).map((row) => row.number);
    const [counter] = await sql<
      { last: number }[]
    >`select last_number as last from invoice_numbers`;
    const last = counter!.last;
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => last - 7 + i));

    // Two clerks, one on each instance, take the same $113.00 balance with their own forms.
    const path = `/admin/repairs/${repairs[0]}/invoice`;
    const paid = await Promise.all(
      staff.map((who, i) =>
        postFormAs(who, path, {
          intent: "pay",
          method: i ? "debit" : "credit",
          amount: "113.00",
          submissionKey: `instances-pay-${i}-${Date.now()}`,
        }),
      ),
    );
    expect(paid.map((r) => r.status).sort()).toEqual([303, 409]);
    const [taken] = await sql<{ paidCents: number; payments: number }[]>`
      select i.paid_cents as "paidCents", (select count(*)::int from payments p where p.invoice_id = i.id) as payments
      from invoices i where i.booking_id = ${repairs[0]!}`;
    expect(taken).toEqual({ paidCents: 11_300, payments: 1 });
  } finally {
    await sql.end();
  }
});
