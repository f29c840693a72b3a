import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import { action } from "~/routes/contact";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

function post(fields: Record<string, string>) {
  const request = new Request("http://localhost/contact", { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: { requestId: "test", clientIp: "203.0.113.7" } });
}

const storedMessages = async () => (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n;

describe(`contact form on ${testDriver}`, () => {
  const valid = {
    name: "Dana Smith",
    email: "dana@example.com",
    phone: "905-555-0199",
    subject: "quote-request",
    message: "How much for an iPhone 13 screen?",
    submissionKey: "k".repeat(24),
  };

  it("stores the message and redirects back with the success toast", async () => {
    const response = (await post(valid)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact");
    expect(response.headers.get("set-cookie")).toMatch(/^wf_toast=/);
    expect(await storedMessages()).toBe(1);
  });

  it("stores a resubmission of the same form only once", async () => {
    await post(valid);
    expect(await storedMessages()).toBe(1);
  });

  it("answers 400 with field messages and stores nothing for bad input", async () => {
    const result = (await post({ ...valid, email: "nope", message: " ", submissionKey: "x".repeat(24) })) as {
      data: { status: string; error: Record<string, string[]> };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data.error).toMatchObject({
      email: ["Please enter a valid e-mail address."],
      message: ["Please enter a message."],
    });
    expect(await storedMessages()).toBe(1);
  });
});
