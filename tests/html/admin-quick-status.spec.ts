import { expect, test, type APIRequestContext } from "@playwright/test";
import { admin } from "../e2e/support/admin";
import { bookViaApi } from "../e2e/support/api";
import { nextWeekday } from "../e2e/support/booking";
import { addDays, shopToday } from "~/utils/shop-time";
import { staffVisitor, visitor, HtmlForm, type HtmlPage } from "./support/html-page";

/**
 * A repair's status changed from a row of the list, the agenda or the dashboard without
 * JavaScript (docs/decisions/0047): a small form per row posts to the page, which comes back with
 * its toast; a row drawn before someone else's change is refused with what changed and applies on
 * top when pressed again; the customer's number calls them; the label's link sends staff to the
 * repair's page and anyone else to its tracking page. The fetcher with JavaScript and the phone
 * layout: tests/e2e/admin-quick-status.spec.ts.
 */

/** A row's status form, by the repair it names (the list draws a table row and a card: the first). */
function rowForm(page: HtmlPage, reference: string) {
  const [form] = page.visible(`form[aria-label="Status of ${reference}"]`);
  if (!form) throw new Error(`no status form for ${reference} on ${page.url.pathname}`);
  return new HtmlForm(page, form);
}

const changeStatus = (page: HtmlPage, reference: string, status: string) =>
  rowForm(page, reference)
    .fill({ [`New status of ${reference}`]: status })
    .submit("Update");

/**
 * Sends a row's form as the browser does, without following the redirect: the answer and where
 * it leads.
 */
async function postRow(request: APIRequestContext, form: HtmlForm, page: HtmlPage) {
  const action = new URL(page.$(form.element).attr("action") ?? "", page.url);
  const answer = await request.post(`${action.pathname}${action.search}`, {
    form: Object.fromEntries(form.fields()),
    headers: { origin: action.origin, "sec-fetch-site": "same-origin" },
    maxRedirects: 0,
  });
  return { answer, location: answer.headers()["location"] ?? "" };
}

const toastText = (page: HtmlPage) => page.toast()?.description ?? page.toast()?.title;

/** The badge in the list's card for this repair. */
const cardStatus = (page: HtmlPage, reference: string) =>
  page
    .$('[data-testid="repair-card"]')
    .filter((_, card) => page.$(card).find("a").first().text().includes(reference))
    .find('[data-testid="status-badge"]')
    .text();

/** The number as a phone dials it: +1 and the ten digits. */
const e164 = (phone: string) => `+1${phone.replace(/\D/g, "").slice(-10)}`;

const searchFor = (lastName: string) => `/admin/repairs?${new URLSearchParams({ q: lastName })}`;

/** A booking under a surname of its own, and staff signed in on the list searched for it. */
async function bookAndList(request: APIRequestContext, prefix: string) {
  const lastName = `${prefix}${Date.now().toString(36)}`;
  const booked = await bookViaApi(request, { lastName });
  const { landed } = await staffVisitor(request, searchFor(lastName));
  return { booked, lastName, list: landed };
}

/** A booking on a weekday ahead, and staff signed in on that day's agenda. */
async function bookOnAgenda(request: APIRequestContext) {
  const day = nextWeekday(6);
  const booked = await bookViaApi(request, { preferredDate: day });
  const agendaPath = `/admin/agenda?view=day&date=${day}`;
  const { landed: agenda } = await staffVisitor(request, agendaPath);
  return { booked, agendaPath, agenda };
}

test.describe("status in one action from a row", () => {
  test("the list: the row's form changes the status through the repair's rules, tells the customer, and the page stays the list", async ({
    request,
  }) => {
    const { booked, lastName, list } = await bookAndList(request, "Rowe");

    // Compact: a select naming the repair, its status chosen, the version the row was drawn at.
    const form = rowForm(list, booked.reference);
    expect(form.fields()).toEqual(
      expect.arrayContaining([
        ["repair", String(booked.id)],
        ["version", "1"],
        ["shownStatus", "pending"],
        ["status", "pending"],
      ]),
    );
    // The card's number calls the customer.
    const card = list
      .$('[data-testid="repair-card"]')
      .filter((_, c) => list.$(c).text().includes(booked.reference));
    expect(card.find('a[href^="tel:"]').attr("href")).toBe(`tel:${e164(booked.phone)}`);

    const ready = await changeStatus(list, booked.reference, "Ready for Pickup");
    expect(ready.status).toBe(200);
    // Back on the list as it was (the search kept), with what happened.
    expect(`${ready.url.pathname}${ready.url.search}`).toBe(searchFor(lastName));
    expect(toastText(ready)).toBe(
      `${booked.reference} is now Ready for Pickup; the customer was notified.`,
    );
    expect(cardStatus(ready, booked.reference)).toBe("Ready for Pickup");
    expect(rowForm(ready, booked.reference).fields()).toEqual(
      expect.arrayContaining([
        ["version", "2"],
        ["shownStatus", "ready_for_pickup"],
      ]),
    );

    // The repair page's rules: the usual note for the new status, the history, the audit trail.
    const { open } = visitor(request);
    const repair = await open(`/admin/repairs/${booked.id}`);
    expect(repair.texts('[data-testid="history-entry"]').at(-1)).toContain(
      "Your repair is complete and your device is ready for pickup",
    );
    expect(repair.texts('[data-testid="booking-message"]').join(" ")).toMatch(/status/i);
    const audit = await open("/admin/audit");
    expect(audit.text()).toContain(`${booked.reference}: Pending → Ready for Pickup`);

    // The same status again changes nothing and says so.
    const same = await changeStatus(ready, booked.reference, "Ready for Pickup");
    expect(toastText(same)).toBe(
      `${booked.reference} was already Ready for Pickup; nothing changed.`,
    );
  });

  test("two staff: a row drawn before the other's change is refused with what changed, by whom and when, and applies on top when pressed again", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const { booked, lastName, list: counter } = await bookAndList(request, "Stale");

    // The technician's phone: a session of its own moves the repair on from its own list.
    const phone = await playwright.request.newContext({ baseURL });
    try {
      const { landed: bench } = await staffVisitor(phone, searchFor(lastName));
      await changeStatus(bench, booked.reference, "Ready for Pickup");
    } finally {
      await phone.dispose();
    }

    const refused = await changeStatus(counter, booked.reference, "In Progress");
    expect(refused.status).toBe(409);
    const alert = refused.alerts().find((text) => text.includes("nothing was saved")) ?? "";
    expect(alert).toContain(
      `${booked.reference} was changed while you had it open, so nothing was saved.`,
    );
    expect(alert).toMatch(
      new RegExp(
        `\\d{1,2}:\\d{2} [AP]M, ${admin.username}: ${booked.reference}: Pending → Ready for Pickup`,
      ),
    );
    // Nothing stored; the row shows the repair as it is now, with the counter's choice on top.
    expect(cardStatus(refused, booked.reference)).toBe("Ready for Pickup");
    const again = rowForm(refused, booked.reference);
    expect(again.fields()).toEqual(
      expect.arrayContaining([
        ["version", "2"],
        ["shownStatus", "ready_for_pickup"],
        ["status", "in_progress"],
      ]),
    );

    const applied = await again.submit("Update");
    expect(applied.status).toBe(200);
    expect(toastText(applied)).toBe(
      `${booked.reference} is now In Progress; the customer was notified.`,
    );
    expect(cardStatus(applied, booked.reference)).toBe("In Progress");
  });

  test("the agenda: a card's form changes the status and the agenda stays on its day; the number calls", async ({
    request,
  }) => {
    const { booked, agendaPath, agenda } = await bookOnAgenda(request);

    const card = agenda
      .$('[data-testid="agenda-item"]')
      .filter((_, c) => agenda.$(c).text().includes(booked.reference));
    expect(card.find('a[href^="tel:"]').attr("href")).toBe(`tel:${e164(booked.phone)}`);

    const moved = await changeStatus(agenda, booked.reference, "Waiting for Parts");
    expect(`${moved.url.pathname}${moved.url.search}`).toBe(agendaPath);
    expect(toastText(moved)).toBe(
      `${booked.reference} is now Waiting for Parts; the customer was notified.`,
    );
    const after = moved
      .$('[data-testid="agenda-item"]')
      .filter((_, c) => moved.$(c).text().includes(booked.reference));
    expect(after.find('[data-testid="status-badge"]').text()).toBe("Waiting for Parts");
  });

  test("the dashboard: today's cards carry the form, and a change posted there comes back to the dashboard", async ({
    request,
  }) => {
    const { booked, list } = await bookAndList(request, "Dash");
    const { open } = visitor(request);
    const dashboard = await open("/admin/dashboard");

    // Every card of today's appointments names its repair, status and version.
    for (const form of dashboard.visible('section[aria-labelledby="today-heading"] form')) {
      const fields = new HtmlForm(dashboard, form).fields().map(([name]) => name);
      expect(fields).toEqual(["repair", "version", "shownStatus", "row", "status"]);
    }
    // Today's list holds whoever booked today; ours is a week ahead, so its row's form is the
    // list's, posted to the dashboard as a dashboard card's form would post it.
    const fields = rowForm(list, booked.reference)
      .fill({ [`New status of ${booked.reference}`]: "Cancelled" })
      .fields();
    const cancelled = await dashboard.send("post", new URL("/admin/dashboard", list.url), fields);
    expect(cancelled.url.pathname).toBe("/admin/dashboard");
    expect(toastText(cancelled)).toBe(
      `${booked.reference} is now Cancelled; the customer was notified.`,
    );
  });

  test("the label's link opens the repair's page for signed-in staff and the tracking page for anyone else", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const booked = await bookViaApi(request);
    const { landed: repair } = await staffVisitor(request, `/admin/repairs/${booked.id}`);
    const tracking = repair.$(repair.control("Customer's tracking link")).attr("value")!;
    const token = tracking.split("/").at(-1)!;

    const staffLanding = await visitor(request).open(`/r/${token}`);
    expect(staffLanding.url.pathname).toBe(`/admin/repairs/${booked.id}`);
    expect(staffLanding.text("h1")).toContain(booked.reference);

    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const answer = await stranger.get(`/r/${token}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toBe(`/track-repair/${token}`);
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
      const page = await visitor(stranger).open(`/r/${token}`);
      expect(page.url.pathname).toBe(`/track-repair/${token}`);
      expect(page.headings()).toContain(booked.reference);

      // A token that is no repair's gets the same answer: nothing is looked up for a stranger.
      const made = `${token.slice(0, -4)}zzzz`;
      const unknown = await stranger.get(`/r/${made}`, { maxRedirects: 0 });
      expect(unknown.status()).toBe(302);
      expect(unknown.headers().location).toBe(`/track-repair/${made}`);
    } finally {
      await stranger.dispose();
    }
  });
});

test.describe("back at the row after a change without JavaScript", () => {
  test("the list: each row has an id, its form names it, and the answer leads back to it with the search and sort kept", async ({
    request,
  }) => {
    const { booked, lastName } = await bookAndList(request, "Anchor");
    const listPath = `${searchFor(lastName)}&sort=created&dir=asc`;
    const { open } = visitor(request);
    const list = await open(listPath);

    // The table's row and the card (one shown at a time) each have an id of their own.
    for (const [place, element] of [
      ["repair", "tr"],
      ["card", "li"],
    ] as const) {
      const anchor = `${place}-${booked.reference}`;
      const row = list.$(`${element}[id="${anchor}"]`);
      expect(row.attr("tabindex"), anchor).toBe("-1");
      const form = new HtmlForm(list, row.find("form").get(0)!);
      expect(form.fields()).toContainEqual(["row", anchor]);
      // A refusal drawn by the answer itself lands at the row too: the form's address has it.
      expect(list.$(form.element).attr("action")).toBe(`${listPath}#${anchor}`);
    }

    const form = rowForm(list, booked.reference).fill({
      [`New status of ${booked.reference}`]: "In Progress",
    });
    const { answer, location } = await postRow(request, form, list);
    expect(answer.status()).toBe(303);
    expect(location).toBe(`${listPath}#repair-${booked.reference}`);
    const back = await open(location.split("#")[0]!);
    expect(back.$(`tr[id="repair-${booked.reference}"] [data-testid="status-badge"]`).text()).toBe(
      "In Progress",
    );
    expect(toastText(back)).toBe(
      `${booked.reference} is now In Progress; the customer was notified.`,
    );
  });

  test("the agenda's day leads back to its card; a row id that is no row's is refused", async ({
    request,
  }) => {
    const { booked, agendaPath, agenda } = await bookOnAgenda(request);
    const anchor = `agenda-${booked.reference}`;
    expect(agenda.$(`li[id="${anchor}"]`).attr("tabindex")).toBe("-1");
    const form = rowForm(agenda, booked.reference).fill({
      [`New status of ${booked.reference}`]: "Waiting for Parts",
    });
    const { location } = await postRow(request, form, agenda);
    expect(location).toBe(`${agendaPath}#${anchor}`);

    // A crafted post naming something else than a row: refused, nothing changed.
    const moved = await visitor(request).open(agendaPath);
    const fields = rowForm(moved, booked.reference)
      .fill({ [`New status of ${booked.reference}`]: "Completed" })
      .fields()
      .map(([name, value]): [string, string] => [
        name,
        name === "row" ? "x\r\nSet-Cookie: a=b" : value,
      ]);
    const refused = await moved.send("post", new URL(agendaPath, moved.url), fields);
    expect(refused.status).toBe(400);
    expect(refused.alerts().join(" ")).toContain("That row is not on this page.");
    const after = await visitor(request).open(agendaPath);
    expect(after.$(`li[id="${anchor}"] [data-testid="status-badge"]`).text()).toBe(
      "Waiting for Parts",
    );
  });

  test("the dashboard's quotes: each row has the repair's status form, and a change comes back to the quote's row", async ({
    request,
  }) => {
    const { id, reference } = await bookViaApi(request);
    const staff = await staffVisitor(request, `/admin/repairs/${id}`);
    await staff.landed
      .form("Send Quote")
      .fill({
        "Amount (CAD, before tax)": "89.50",
        "What it covers": "Battery and seal",
        "Valid until": addDays(shopToday(), 7),
      })
      .submit("Send Quote");

    const dashboard = await staff.open("/admin/dashboard");
    const [row] = dashboard
      .visible('[data-testid="dashboard-quote"]')
      .filter((li) => dashboard.$(li).text().includes(reference));
    const anchor = dashboard.$(row!).attr("id")!;
    expect(anchor).toMatch(/^quote-\d+$/);
    expect(dashboard.$(row!).attr("tabindex")).toBe("-1");
    const form = new HtmlForm(dashboard, dashboard.$(row!).find("form").get(0)!);
    expect(form.fields()).toEqual([
      ["repair", String(id)],
      ["version", "1"],
      ["shownStatus", "pending"],
      ["row", anchor],
      ["status", "pending"],
    ]);

    form.fill({ [`New status of ${reference}`]: "In Progress" });
    const { answer, location } = await postRow(request, form, dashboard);
    expect(answer.status()).toBe(303);
    expect(location).toBe(`/admin/dashboard#${anchor}`);
    const back = await staff.open("/admin/dashboard");
    expect(toastText(back)).toBe(`${reference} is now In Progress; the customer was notified.`);
    const again = new HtmlForm(back, back.$(`li[id="${anchor}"] form`).get(0)!);
    expect(again.fields()).toEqual(
      expect.arrayContaining([
        ["version", "2"],
        ["shownStatus", "in_progress"],
        ["status", "in_progress"],
      ]),
    );
  });
});
