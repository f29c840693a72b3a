import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { installDatabase } from "~/server/db.server";
import { action as bookAction } from "~/routes/book-appointment";
import { action as contactAction } from "~/routes/contact";
import { action as trackAction } from "~/routes/track-repair";
import { loader as homeLoader } from "~/routes/_index";
import { loader as aboutLoader } from "~/routes/about";
import { heroPlace, storefrontPlace } from "~/config/photo-places";
import { formPost, freshKey, testContext, validBooking, routeArgs } from "../support/forms";
import { dataOf, headersOf, replyOf, statusOf } from "../support/answers";

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

  it("the home and About pages open with the drawings, kept by no cache, while the shop's photos cannot be read", async () => {
    const home = await homeLoader(routeArgs(new Request("http://localhost/")));
    expect(statusOf(home)).toBe(200);
    expect(headersOf(home).get("cache-control")).toBe("no-store");
    expect(dataOf(home).hero.map((picture) => picture.key)).toEqual(
      heroPlace.drawings.map((slot) => slot.name),
    );
    const about = await aboutLoader(routeArgs(new Request("http://localhost/about")));
    expect(headersOf(about).get("cache-control")).toBe("no-store");
    expect(dataOf(about).storefront.key).toBe(storefrontPlace.drawings[0]!.name);
  });
});
