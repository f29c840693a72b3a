import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, customerContacts, customers } from "../../db/schema";
import { createWalkIn } from "~/models/booking-walk-in.server";
import { action as customerAction } from "~/routes/admin.customers_.$id";
import { action as mergeAction } from "~/routes/admin.customers_.duplicates";
import { action as repairAction } from "~/routes/admin.repairs_.$id";
import { walkInSchema } from "~/schemas/walk-in";
import { statusOf } from "../support/answers";
import { signedInStaff } from "../support/admin";
import { formPost, freshKey, routeArgs, testOrigin } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/*
 * The customer and device forms carry the version their record was read at (decisions 0039 and
 * 0042). A post that left it out was saved unchecked, so a page drawn before someone else's
 * change could undo it. These forms have no legacy door whose old callers send no version, so one
 * left out is refused, and nothing is stored.
 */

let handle: TestDatabase;
let owner: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  handle = await installTestDatabase();
  owner = await signedInStaff(handle.db, "unversioned-owner", "owner");
});
afterAll(() => handle.drop());

let n = 0;
async function walkIn(firstName: string) {
  const result = await createWalkIn(
    walkInSchema.parse({
      firstName,
      lastName: "Okoro",
      phone: `(905) 559-${String(2000 + ++n)}`,
      deviceCategory: "mobile",
      deviceIdentifier: `SN-OKORO-${n}`,
      issueType: "Screen Repair",
      passcode: "withheld",
      urgency: "normal",
      submissionKey: freshKey(),
    }),
    owner,
    testOrigin,
  );
  if (result.outcome !== "created") throw new Error(result.outcome);
  return result.booking;
}

const post = (path: string, fields: Record<string, string>) => {
  const request = formPost(path, fields);
  request.headers.set("cookie", owner.cookie);
  return request;
};
const customerRow = async (id: number) =>
  (await handle.db.select().from(customers).where(eq(customers.id, id)))[0]!;

describe(`a save without the version it was read at, on ${testDriver}`, () => {
  it("is refused on the customer's page: name and channel, contacts", async () => {
    const booking = await walkIn("Ada");
    const id = booking.customerId!;
    const save = async (fields: Record<string, string>) =>
      statusOf(
        await customerAction(routeArgs(post(`/admin/customers/${id}`, fields), { id: String(id) })),
      );
    const [contact] = await handle.db
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.customerId, id));

    expect(
      await save({ intent: "edit", firstName: "Adaeze", lastName: "Okoro", notifyBy: "sms" }),
    ).toBe(400);
    expect(await save({ intent: "add_contact", contact: "ada@example.com" })).toBe(400);
    expect(await save({ intent: "remove_contact", contactId: String(contact!.id) })).toBe(400);

    expect(await customerRow(id)).toMatchObject({
      firstName: "Ada",
      notifyBy: "email",
      version: 1,
    });
    expect(
      (
        await handle.db.select().from(customerContacts).where(eq(customerContacts.customerId, id))
      ).map((row) => row.value),
    ).toEqual([contact!.value]);
  });

  it("is refused for a merge, which moves nothing", async () => {
    const keep = await walkIn("Bola");
    const merge = await walkIn("Bola");
    const answer = await mergeAction(
      routeArgs(
        post("/admin/customers/duplicates", {
          keepId: String(keep.customerId),
          mergeId: String(merge.customerId),
          keepVersion: "1",
        }),
      ),
    );
    expect(statusOf(answer)).toBe(400);
    expect((await customerRow(merge.customerId!)).mergedIntoId).toBeNull();
  });

  it("is refused for a repair's IMEI or serial number", async () => {
    const booking = await walkIn("Chidi");
    const answer = await repairAction(
      routeArgs(
        post(`/admin/repairs/${booking.id}`, { intent: "device", deviceIdentifier: "SN-OTHER-1" }),
        { id: String(booking.id) },
      ),
    );
    expect(statusOf(answer)).toBe(400);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ deviceId: booking.deviceId, version: 1 });
  });
});
