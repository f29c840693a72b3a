import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, outbox } from "../../db/schema";
import { outboxContent } from "~/mail/outbox-content.server";
import { action } from "~/routes/contact";
import { useSettings } from "../support/settings";
import { formPost, freshKey, testContext, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { dataOf, replyOf, responseOf, statusOf } from "../support/answers";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

const post = (fields: Record<string, string>, context = testContext()) =>
  action(routeArgs(formPost("/contact", fields), {}, context));

const storedMessages = async () =>
  (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n;

describe(`contact form on ${testDriver}`, () => {
  const valid = {
    name: "Dana Smith",
    email: "dana@example.com",
    phone: "905-555-0199",
    subject: "quote-request",
    message: "How much for an iPhone 13 screen?",
    submissionKey: freshKey(),
  };

  it("stores the message and redirects back with the success toast", async () => {
    const response = responseOf(await post(valid));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact");
    expect(response.headers.get("set-cookie")).toMatch(/^wf_toast=/);
    const [stored] = await handle.db.select().from(contactMessages);
    expect(stored).toMatchObject({
      name: "Dana Smith",
      email: "dana@example.com",
      subject: "quote-request",
      handled: false,
    });
  });

  it("stores a resubmission of the same form only once", async () => {
    await post(valid);
    expect(await storedMessages()).toBe(1);
  });

  it("answers 400 with field messages and the legacy site's toast, storing nothing", async () => {
    const context = testContext();
    const result = await post(
      { ...valid, email: "nope", message: " ", submissionKey: freshKey() },
      context,
    );
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error).toMatchObject({
      email: ["Please enter a valid e-mail address."],
      message: ["Please enter a message."],
    });
    expect(dataOf(result).toast?.description).toBe("Please fill in all required fields.");
    expect(context.toast?.title).toBe("Missing Information");
    expect(await storedMessages()).toBe(1);
  });

  it("stores nothing when the honeypot is filled, yet answers like a success", async () => {
    const response = responseOf(
      await post({
        ...valid,
        website: "http://spam.example",
        submissionKey: freshKey(),
      }),
    );
    expect(response.status).toBe(303);
    expect(await storedMessages()).toBe(1);
  });

  it("limits a client to five submissions a minute", async () => {
    const context = testContext("198.51.100.77");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const result = await post({ ...valid, submissionKey: freshKey() }, context);
      statuses.push(statusOf(result));
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  });

  describe("Send me a copy", () => {
    const queued = (messageId: number) =>
      handle.db
        .select()
        .from(outbox)
        .where(eq(outbox.contactMessageId, messageId))
        .orderBy(asc(outbox.id));
    const latestMessage = async () =>
      (await handle.db.select().from(contactMessages).orderBy(asc(contactMessages.id))).at(-1)!;

    it("queues a copy to the sender's address beside the shop's alert, once per submission", async () => {
      const fields = {
        ...valid,
        email: "copy.me@example.com",
        message: "Can you fix a cracked Pixel 8 screen today?",
        sendCopy: "on",
        submissionKey: freshKey(),
      };
      expect(statusOf(await post(fields))).toBe(303);
      expect(statusOf(await post(fields))).toBe(303);
      const message = await latestMessage();
      const rows = await queued(message.id);
      expect(rows.map((r) => [r.kind, r.recipient, r.status])).toEqual([
        ["contact_alert", "info@wefix.example", "pending"],
        ["contact_copy", "copy.me@example.com", "pending"],
      ]);
      const copy = outboxContent(rows[1]!);
      expect(copy.subject).toBe("Your message to WeFix");
      expect(copy.text).toContain("Can you fix a cracked Pixel 8 screen today?");
      expect(copy.text).toContain("We'll reply within 24 hours.");
    });

    it("sends no copy when the box is left unticked", async () => {
      await post({ ...valid, email: "no.copy@example.com", submissionKey: freshKey() });
      const rows = await queued((await latestMessage()).id);
      expect(rows.map((r) => r.kind)).toEqual(["contact_alert"]);
    });

    it("holds copies to one address back beyond the per-recipient limit, and still stores the messages", async () => {
      useSettings({ RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "2" });
      const statuses: string[] = [];
      for (let i = 0; i < 3; i++) {
        const response = responseOf(
          await post({
            ...valid,
            email: "Stranger@Example.com",
            message: `Message number ${i}`,
            sendCopy: "on",
            submissionKey: freshKey(),
          }),
        );
        expect(response.status).toBe(303);
        const rows = await queued((await latestMessage()).id);
        statuses.push(rows.find((r) => r.kind === "contact_copy")!.status);
      }
      expect(statuses).toEqual(["pending", "pending", "cancelled"]);
      const [held] = (await queued((await latestMessage()).id)).filter(
        (r) => r.kind === "contact_copy",
      );
      expect(held!.lastError).toMatch(/too many messages to this address/);
    });
  });
});
