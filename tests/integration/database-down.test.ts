import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { installDatabase } from "~/server/db.server";
import { action as bookAction } from "~/routes/book-appointment";
import { action as contactAction } from "~/routes/contact";
import { action as trackAction } from "~/routes/track-repair";
import { formPost, freshKey, testContext, validBooking, routeArgs } from "../support/forms";
import { dataOf, replyOf, statusOf } from "../support/answers";

/** Nothing listens on port 1: every query fails at once, as when Postgres is down. */
let unreachable: DatabaseHandle;
beforeAll(async () => {
  unreachable = await openDatabase({
    driver: "postgres",
    url: "postgres://nobody@127.0.0.1:1/none",
  });
  installDatabase(unreachable);
});
afterAll(() => unreachable.close());

describe("with the database down", () => {
  it("booking answers 503 with the Booking Failed toast and keeps the input", async () => {
    const context = testContext();
    const fields = validBooking();
    const result = await bookAction(routeArgs(formPost("/book-appointment", fields), {}, context));
    expect(statusOf(result)).toBe(503);
    expect(dataOf(result).toast).toEqual({
      type: "destructive",
      title: "Booking Failed",
      description:
        "There was an error booking your appointment. Please try again or call us directly.",
    });
    expect(context.toast?.title).toBe("Booking Failed");
    expect(replyOf(result).initialValue).toMatchObject({
      firstName: fields.firstName,
      phone: fields.phone,
      submissionKey: fields.submissionKey,
    });
  });

  it("contact answers 503 with the Failed to Send Message toast", async () => {
    const fields = {
      name: "Ann",
      email: "ann@example.com",
      message: "Hi",
      submissionKey: freshKey(),
    };
    const result = await contactAction(routeArgs(formPost("/contact", fields)));
    expect(statusOf(result)).toBe(503);
    expect(dataOf(result).toast?.title).toBe("Failed to Send Message");
    expect(replyOf(result).initialValue).toMatchObject({ message: "Hi" });
  });

  it("tracking answers 503 with the Tracking Failed toast", async () => {
    const result = await trackAction(
      routeArgs(formPost("/track-repair", { repairId: "WF-00001" })),
    );
    expect(statusOf(result)).toBe(503);
    expect(dataOf(result).toast).toMatchObject({
      title: "Tracking Failed",
      description: "An unexpected error occurred. Please try again later.",
    });
  });
});
