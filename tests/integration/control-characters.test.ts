import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWalkIn } from "~/models/booking-walk-in.server";
import { walkInSchema } from "~/schemas/walk-in";
import { loader as customerListLoader } from "~/routes/admin.customers";
import { loader as customerLookupLoader } from "~/routes/admin.customers_.lookup";
import { action as repairAction } from "~/routes/admin.repairs_.$id";
import { action as walkInAction } from "~/routes/admin.repairs_.new";
import { loader as priceChoicesLoader } from "~/routes/admin.repairs_.new_.prices";
import { loader as photoLoader } from "~/routes/photos.$publicId";
import { action as trackingAction, loader as trackingLoader } from "~/routes/track-repair_.$token";
import { loader as customerPhotoLoader } from "~/routes/track-repair_.$token_.photos.$publicId";
import { dataOf, dataWith, replyOf, statusOf, thrownBy } from "../support/answers";
import { insertBooking, signedInStaff } from "../support/admin";
import { formPost, freshKey, routeArgs, testOrigin } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/*
 * Postgres refuses text with a NUL in it (SQLSTATE 22021), so a NUL that reached a query made a
 * 500. Every form field refuses control characters in its schema; these are the lookups and
 * addresses that read text outside a form's fields, found by the hostile-input fuzz
 * (tests/e2e/server-hostile-input.spec.ts). Each answers as for any other text that finds
 * nothing.
 */

const nul = "\u0000";
let handle: TestDatabase;
let tech: Awaited<ReturnType<typeof signedInStaff>>;
let token: string;
let repairId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  tech = await signedInStaff(handle.db, "control-characters-tech");
  const booking = await insertBooking(handle.db);
  token = booking.trackingToken;
  repairId = booking.id;
});
afterAll(() => handle.drop());

const asTech = (request: Request) => {
  request.headers.set("cookie", tech.cookie);
  return request;
};
const staffGet = (path: string) => asTech(new Request(`http://localhost${path}`));
const staffPost = (path: string, fields: Record<string, string>) => asTech(formPost(path, fields));
const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe(`text with a NUL on ${testDriver}`, () => {
  it("parts a customer search's words, as a space does", async () => {
    const walkIn = await createWalkIn(
      walkInSchema.parse({
        firstName: "Nadia",
        lastName: "Okafor",
        phone: "(905) 558-4410",
        deviceCategory: "mobile",
        issueType: "Screen Repair",
        passcode: "withheld",
        urgency: "normal",
        submissionKey: freshKey(),
      }),
      tech,
      testOrigin,
    );
    if (walkIn.outcome !== "created") throw new Error(walkIn.outcome);
    const list = dataOf(
      await customerListLoader(
        routeArgs(staffGet(`/admin/customers?${query({ q: `nadia${nul}okafor` })}`)),
      ),
    );
    expect(list.items.map((item) => item.name)).toEqual(["Nadia Okafor"]);
  });

  it("is no known customer's e-mail, at the walk-in lookup and its no-JavaScript button", async () => {
    const lookup = await customerLookupLoader(
      routeArgs(staffGet(`/admin/customers/lookup?${query({ email: `ann${nul}@example.com` })}`)),
    );
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toEqual({ match: null });

    const found = await walkInAction(
      routeArgs(
        staffPost("/admin/repairs/new", {
          intent: "find_customer",
          email: `ann${nul}@example.com`,
          phone: "",
        }),
      ),
    );
    expect(statusOf(found)).toBe(200);
    expect(dataWith(found, "lookup").lookup).toBeNull();
  });

  it("is no brand of the price list, at the walk-in's price pick and its no-JavaScript button", async () => {
    const choices = await priceChoicesLoader(
      routeArgs(
        staffGet(
          `/admin/repairs/new/prices?${query({ category: "mobile", brand: `Apple${nul}`, model: "iPhone 13" })}`,
        ),
      ),
    );
    expect(choices).toEqual({ models: [], choices: [] });

    const found = await walkInAction(
      routeArgs(
        staffPost("/admin/repairs/new", {
          intent: "prices",
          deviceCategory: "mobile",
          deviceBrand: `Apple${nul}`,
          deviceModel: "iPhone 13",
        }),
      ),
    );
    expect(statusOf(found)).toBe(200);
    expect(dataWith(found, "found").found).toEqual({ models: [], choices: [] });
  });

  it("names no photo: the photo buttons refuse it, the photo addresses answer 404", async () => {
    const shown = await repairAction(
      routeArgs(
        staffPost(`/admin/repairs/${repairId}`, { intent: "photo_show", photo: nul, show: "yes" }),
        { id: String(repairId) },
      ),
    );
    expect(statusOf(shown)).toBe(400);
    expect(replyOf(shown).error?.photo).toEqual([
      "That photo is not on this repair. Reload the page.",
    ]);

    const staffCopy = await thrownBy(
      photoLoader(routeArgs(staffGet(`/photos/${nul}`), { publicId: nul })),
    );
    expect(statusOf(staffCopy)).toBe(404);
    const customerCopy = await thrownBy(
      customerPhotoLoader(
        routeArgs(new Request(`http://localhost/track-repair/${token}/photos/x`), {
          token,
          publicId: nul,
        }),
      ),
    );
    expect(statusOf(customerCopy)).toBe(404);
  });

  it("is no repair's tracking link: its page, photos and quote answer say so", async () => {
    const params = { token: `${token}${nul}` };
    const page = await thrownBy(
      trackingLoader(routeArgs(new Request("http://localhost/track-repair/x"), params)),
    );
    expect(statusOf(page)).toBe(404);
    const photo = await thrownBy(
      customerPhotoLoader(
        routeArgs(new Request("http://localhost/track-repair/x/photos/abc"), {
          ...params,
          publicId: "abcdefghijklmnopqrstuv",
        }),
      ),
    );
    expect(statusOf(photo)).toBe(404);
    const answer = await thrownBy(
      trackingAction(
        routeArgs(formPost("/track-repair/x", { quoteId: "1", answer: "approve" }), params),
      ),
    );
    expect(statusOf(answer)).toBe(404);
  });
});
