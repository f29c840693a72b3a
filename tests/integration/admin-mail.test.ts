import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, outbox } from "../../db/schema";
import { startSession } from "~/models/staff-session.server";
import { describeMailError } from "~/models/outbox-message.server";
import { saveContactMessage } from "~/models/contact-message.server";
import { action as updateBookingApi } from "~/routes/api.admin.update_booking[.php]";
import { loader as layoutLoader } from "~/routes/admin";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin.messages";
import { action as outboxAction, loader as outboxLoader } from "~/routes/admin.outbox";
import { action as editAction } from "~/routes/admin.repairs_.$id";
import { action as loginAction } from "~/routes/admin_.login";
import { cookiesFrom, createTestStaff, insertBooking, staffPassword } from "../support/admin";
import { formPost, freshKey, testOrigin, routeArgs, type RouteHandler } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { responseOf, statusOf, thrownBy } from "../support/answers";

let handle: TestDatabase;
let staff: { id: number; username: string };
let cookie: string;

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await createTestStaff(handle.db, "mail-admin", "manager");
  const login = responseOf(
    await loginAction(
      routeArgs(formPost("/admin/login", { username: staff.username, password: staffPassword })),
    ),
  );
  cookie = cookiesFrom(login);
});
afterAll(() => handle.drop());
beforeEach(async () => {
  await handle.db.delete(outbox);
});

/**
 * Calls a route handler as the signed-in staff member's browser; thrown responses come back too.
 */
async function asStaff(
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
) {
  request.headers.set("cookie", cookie);
  return handler(routeArgs(request, params)).catch((thrown: unknown) => thrown);
}
const get = (url: string) => new Request(`http://localhost${url}`);

async function message(text: string) {
  await saveContactMessage(
    { name: "Lee", email: "lee@example.com", message: text, submissionKey: freshKey() },
    testOrigin,
  );
  const [row] = await handle.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.message, text));
  return row!;
}

describe(`the Messages page on ${testDriver}`, () => {
  it("lists unhandled messages, toggles them handled and back, and the menu counts the unhandled", async () => {
    const first = await message("Do you fix Pixel 8 screens?");
    await message("Are you open on holidays?");
    const counts = async () =>
      (
        (await asStaff(layoutLoader, get("/admin/messages"))) as {
          counts: { unhandledMessages: number };
        }
      ).counts.unhandledMessages;
    expect(await counts()).toBe(2);

    const list = (await asStaff(messagesLoader, get("/admin/messages"))) as {
      total: number;
      messages: { id: number; handled: boolean }[];
    };
    expect(list.total).toBe(2);

    const toggled = responseOf(
      await asStaff(
        messagesAction,
        formPost("/admin/messages?page=1", { id: String(first.id), handled: "true" }),
      ),
    );
    expect(toggled.status).toBe(303);
    expect(toggled.headers.get("location")).toBe("/admin/messages?page=1");
    expect(toggled.headers.get("set-cookie")).toContain("wf_toast");
    expect(await counts()).toBe(1);
    const [row] = await handle.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, first.id));
    expect(row).toMatchObject({ handled: true });
    expect(row!.handledAt).toBeInstanceOf(Date);

    const unhandled = (await asStaff(messagesLoader, get("/admin/messages"))) as {
      messages: { id: number }[];
    };
    expect(unhandled.messages.map((m) => m.id)).not.toContain(first.id);
    const all = (await asStaff(messagesLoader, get("/admin/messages?show=all"))) as {
      messages: { id: number }[];
    };
    expect(all.messages.map((m) => m.id)).toContain(first.id);

    await asStaff(
      messagesAction,
      formPost("/admin/messages", { id: String(first.id), handled: "false" }),
    );
    expect(await counts()).toBe(2);
  });

  it("answers bad input with 400, an unknown message with 404, and refuses other sites and visitors without a session", async () => {
    expect(
      statusOf(
        await asStaff(messagesAction, formPost("/admin/messages", { id: "abc", handled: "true" })),
      ),
    ).toBe(400);
    expect(
      statusOf(
        await asStaff(messagesAction, formPost("/admin/messages", { id: "5", handled: "maybe" })),
      ),
    ).toBe(400);
    expect(
      statusOf(
        await asStaff(
          messagesAction,
          formPost("/admin/messages", { id: "999999", handled: "true" }),
        ),
      ),
    ).toBe(404);

    const forged = formPost("/admin/messages", { id: "1", handled: "true" });
    forged.headers.set("origin", "https://evil.example");
    expect(statusOf(await asStaff(messagesAction, forged))).toBe(403);

    const anonymous = responseOf(
      await thrownBy(
        messagesAction(routeArgs(formPost("/admin/messages", { id: "1", handled: "true" }))),
      ),
    );
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe(`the Outbox page on ${testDriver}`, () => {
  it("lists unsent e-mails, failed first, and its Retry button queues a failed one again", async () => {
    await message("Retry me");
    await message("Still pending");
    const [failed] = await handle.db.select().from(outbox).orderBy(outbox.id);
    await handle.db
      .update(outbox)
      .set({ status: "failed", attempts: 10, lastError: "connect ECONNREFUSED" })
      .where(eq(outbox.id, failed!.id));

    const page = (await asStaff(outboxLoader, get("/admin/outbox"))) as {
      total: number;
      messages: { id: number; state: string; lastError: string | null }[];
    };
    expect(page.total).toBe(2);
    expect(page.messages[0]).toMatchObject({
      id: failed!.id,
      state: "Failed",
      lastError: "connect ECONNREFUSED",
    });
    expect(page.messages[1]).toMatchObject({ state: "Queued" });
    const layout = (await asStaff(layoutLoader, get("/admin/outbox"))) as {
      counts: { failedMail: number };
    };
    expect(layout.counts.failedMail).toBe(1);

    const retried = responseOf(
      await asStaff(outboxAction, formPost("/admin/outbox", { id: String(failed!.id) })),
    );
    expect(retried.status).toBe(303);
    expect(retried.headers.get("location")).toBe("/admin/outbox");
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(row).toMatchObject({ status: "pending", attempts: 0 });

    await handle.db.update(outbox).set({ status: "sent" }).where(eq(outbox.id, failed!.id));
    const again = responseOf(
      await asStaff(outboxAction, formPost("/admin/outbox", { id: String(failed!.id) })),
    );
    expect(again.status).toBe(303);
    const [sent] = await handle.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(sent?.status).toBe("sent");

    expect(statusOf(await asStaff(outboxAction, formPost("/admin/outbox", { id: "" })))).toBe(400);
    const anonymous = responseOf(await thrownBy(outboxLoader(routeArgs(get("/admin/outbox")))));
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
  });
});

describe(`Retry all failed and the failures in plain words on ${testDriver}`, () => {
  it("words each failure for staff, keeps the raw text, and queues every failed e-mail again in one go", async () => {
    await message("First failure");
    await message("Second failure");
    await message("Still pending");
    const [first, second, pending] = await handle.db.select().from(outbox).orderBy(outbox.id);
    await handle.db
      .update(outbox)
      .set({
        status: "failed",
        attempts: 5,
        lastError: "ENOTDIR: not a directory, open '/srv/mail/x.eml'",
      })
      .where(eq(outbox.id, first!.id));
    await handle.db
      .update(outbox)
      .set({
        status: "failed",
        attempts: 5,
        lastError:
          "Can't send mail - all recipients were rejected: 550 5.1.1 <x@example.com>: Recipient address rejected",
      })
      .where(eq(outbox.id, second!.id));

    const page = (await asStaff(outboxLoader, get("/admin/outbox"))) as {
      messages: { id: number; problem: string | null; lastError: string | null }[];
    };
    expect(page.messages.map((m) => [m.id, m.problem])).toEqual([
      [first!.id, "The mail folder is missing or not writable (ENOTDIR)"],
      [second!.id, "The mail server refused the address"],
      [pending!.id, null],
    ]);
    expect(page.messages[0]?.lastError).toContain("ENOTDIR: not a directory");

    const response = responseOf(
      await asStaff(outboxAction, formPost("/admin/outbox", { intent: "retry-all" })),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/outbox");
    const rows = await handle.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
      ["pending", pending!.attempts],
    ]);
    // Nothing failed any more: the button has nothing to do and says so.
    expect(
      statusOf(await asStaff(outboxAction, formPost("/admin/outbox", { intent: "retry-all" }))),
    ).toBe(303);
    expect(
      statusOf(
        await asStaff(outboxAction, formPost("/admin/outbox", { intent: "retry-everything" })),
      ),
    ).toBe(400);
  });

  it("has words for the usual mail failures", () => {
    expect(
      [
        "connect ECONNREFUSED 127.0.0.1:25",
        "getaddrinfo ENOTFOUND smtp.example.com",
        "Invalid login: 535 5.7.8 Authentication credentials invalid",
        "Greeting never received",
        "EACCES: permission denied, open '/var/mail/a.eml'",
        "451 4.7.1 Try again later",
        "something nobody expected",
      ].map(describeMailError),
    ).toEqual([
      "Could not reach the mail server (ECONNREFUSED)",
      "The mail server's name could not be found (ENOTFOUND)",
      "The mail server did not accept the shop's login",
      "Could not reach the mail server",
      "The mail folder is missing or not writable (EACCES)",
      "The mail server asked to try again later",
      "Sending failed for a reason the mail server did not explain",
    ]);
  });
});

describe(`"notify customer" on both doors on ${testDriver}`, () => {
  const statusMails = async () =>
    handle.db.select().from(outbox).where(eq(outbox.kind, "status_update"));

  it("the edit form e-mails the customer when the box is ticked, and not when it is left out", async () => {
    const booking = await insertBooking(handle.db);
    await asStaff(
      editAction,
      formPost(`/admin/repairs/${booking.id}`, { status: "in_progress", shownNote: "" }),
      { id: String(booking.id) },
    );
    expect(await statusMails()).toHaveLength(0);
    await asStaff(
      editAction,
      formPost(`/admin/repairs/${booking.id}`, {
        status: "completed",
        shownNote: "",
        notifyCustomer: "on",
      }),
      { id: String(booking.id) },
    );
    const [mail] = await statusMails();
    expect(mail).toMatchObject({ recipient: booking.email, bookingId: booking.id });
    expect(mail!.textBody).toContain(`http://localhost/track-repair/${booking.trackingToken}`);
  });

  it("the legacy endpoint e-mails by default, not with notifyCustomer false, and refuses a non-boolean", async () => {
    const booking = await insertBooking(handle.db);
    const token = await startSession(staff.id, "bearer");
    const post = (body: Record<string, unknown>) =>
      updateBookingApi(
        routeArgs(
          new Request("http://localhost/api/admin/update_booking.php", {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify({ id: booking.id, ...body }),
          }),
        ),
      );
    expect((await post({ status: "in_progress", notifyCustomer: "yes" })).status).toBe(422);
    expect((await post({ status: "in_progress", notifyCustomer: false })).status).toBe(200);
    expect(await statusMails()).toHaveLength(0);
    expect((await post({ status: "completed" })).status).toBe(200);
    expect(await statusMails()).toHaveLength(1);
  });
});
