import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import { action } from "~/routes/contact";
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
});
