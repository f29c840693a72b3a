import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, repairItems } from "../../db/schema";
import { seedCatalogue } from "../../seeds/seed";
import { conflictIn } from "~/components/admin/changed-meanwhile";
import { action as repairAction, loader as repairLoader } from "~/routes/admin.repairs_.$id";
import { action as walkInAction } from "~/routes/admin.repairs_.new";
import { loader as pricesLoader } from "~/routes/admin.repairs_.new_.prices";
import { loader as printLoader } from "~/routes/admin_.repairs.$id.print";
import { bookingReference } from "~/utils/booking-reference";
import { dataOf, replyOf, responseOf, statusOf } from "../support/answers";
import { insertBooking, signedInStaff } from "../support/admin";
import { formPost, freshKey, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * The counter's intake (decision 0046): the pre-repair checklist stored with a walk-in, the repair
 * picked from the price list, and every intake field corrected later on the repair's page with
 * the version it was read at and an audit entry of what changed.
 */

let handle: TestDatabase;
let counter: { id: number; username: string; cookie: string };
let bench: { id: number; username: string; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  await seedCatalogue(handle.db);
  counter = await signedInStaff(handle.db, "intake-counter");
  bench = await signedInStaff(handle.db, "intake-bench");
});
afterAll(() => handle.drop());

const rowOf = async (id: number) =>
  (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const bookingCount = async () => (await handle.db.select({ n: count() }).from(bookings))[0]!.n;
const auditOf = (id: number) =>
  handle.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, "booking"), eq(auditEvents.entityId, id)));

const walkIn = (overrides: Record<string, string> = {}) => ({
  firstName: "Ana",
  lastName: "Ruiz",
  email: "",
  phone: "905 555 0142",
  deviceCategory: "mobile",
  deviceBrand: "apple",
  deviceModel: "iphone  13",
  issueType: "Screen Repair",
  quotedPrice: "",
  passcode: "withheld",
  urgency: "normal",
  status: "pending",
  notifyBy: "email",
  submissionKey: freshKey(),
  ...overrides,
});

function asStaff(request: Request, who = counter) {
  request.headers.set("cookie", who.cookie);
  return request;
}
const postWalkIn = (fields: Record<string, string>) =>
  walkInAction(routeArgs(asStaff(formPost("/admin/repairs/new", fields))));
const postRepair = (id: number, fields: Record<string, string>, who = counter) =>
  repairAction(
    routeArgs(asStaff(formPost(`/admin/repairs/${id}`, fields), who), { id: String(id) }),
  );

/** The repair's page as a staff member opens it: its details form's fields as drawn. */
async function detailsForm(id: number, who = counter) {
  const request = asStaff(new Request(`http://localhost/admin/repairs/${id}`), who);
  const { repair, details } = dataOf(await repairLoader(routeArgs(request, { id: String(id) })));
  return {
    intent: "details",
    version: String(repair.version),
    ...details,
    shown: JSON.stringify(details),
  };
}

const idFrom = (answer: unknown) =>
  Number(
    /^\/admin\/repairs\/(\d+)\/print$/.exec(responseOf(answer).headers.get("location") ?? "")?.[1],
  );

describe(`intake at the counter on ${testDriver}`, () => {
  it("stores the checklist with a walk-in, every check not sent as not tested, and prints it", async () => {
    const saved = await postWalkIn(
      walkIn({ check_powers_on: "pass", check_cameras: "fail", check_liquid: "pass" }),
    );
    expect(statusOf(saved)).toBe(303);
    const id = idFrom(saved);
    expect((await rowOf(id)).intakeChecklist).toEqual({
      powers_on: "pass",
      display_touch: "untested",
      cameras: "fail",
      biometrics: "untested",
      buttons: "untested",
      speaker_microphone: "untested",
      charging: "untested",
      liquid: "pass",
    });
    const request = asStaff(new Request(`http://localhost/admin/repairs/${id}/print`));
    const { facts } = dataOf(await printLoader(routeArgs(request, { id: String(id) })));
    expect(facts.checklist?.map((line) => `${line.label}: ${line.resultLabel}`)).toEqual([
      "Powers on: Pass",
      "Display and touch: Not tested",
      "Cameras: Fail",
      "Face ID or Touch ID: Not tested",
      "Buttons: Not tested",
      "Speaker and microphone: Not tested",
      "Charging: Not tested",
      "No signs of liquid: Pass",
    ]);
  });

  it("refuses an answer that is not pass, fail or not tested, keeping the others and storing nothing", async () => {
    const before = await bookingCount();
    const refused = await postWalkIn(
      walkIn({ check_powers_on: "maybe", check_cameras: "fail", firstName: "" }),
    );
    expect(statusOf(refused)).toBe(400);
    const reply = replyOf(refused);
    expect(reply.error?.check_powers_on).toEqual(["Please choose pass, fail or not tested."]);
    expect(reply.initialValue).toMatchObject({ check_cameras: "fail", lastName: "Ruiz" });
    expect(await bookingCount()).toBe(before);
  });

  it("offers the price list's repairs for the typed model in any case and spacing, and a pick fills issue and quote", async () => {
    const before = await bookingCount();
    const found = await postWalkIn(
      walkIn({ intent: "prices", issueType: "", check_cameras: "fail" }),
    );
    expect(statusOf(found)).toBe(200);
    const { found: choices } = dataOf(found) as {
      found: { models: string[]; choices: { id: number; repair: string; price: string | null }[] };
    };
    expect(choices.models).toContain("iPhone 13");
    const [screen] = await handle.db
      .select()
      .from(repairItems)
      .where(and(eq(repairItems.model, "iPhone 13"), eq(repairItems.brand, "Apple")))
      .orderBy(repairItems.sortOrder, repairItems.id)
      .limit(1);
    expect(choices.choices[0]).toMatchObject({ id: screen!.id, repair: screen!.repair });
    // Nothing was checked yet: the empty issue is no error.
    expect(replyOf(found).error ?? {}).toEqual({});

    const filled = await postWalkIn(
      walkIn({
        intent: "prices",
        issueType: "",
        priceItem: String(screen!.id),
        check_cameras: "fail",
      }),
    );
    expect(replyOf(filled).initialValue).toMatchObject({
      issueType: screen!.repair,
      quotedPrice: screen!.price,
      firstName: "Ana",
      check_cameras: "fail",
      priceItem: String(screen!.id),
    });
    expect(await bookingCount()).toBe(before);

    // The JavaScript door answers the same choices.
    const query = new URLSearchParams({ category: "mobile", brand: "APPLE", model: "iphone 13" });
    const request = asStaff(new Request(`http://localhost/admin/repairs/new/prices?${query}`));
    const json = await pricesLoader(routeArgs(request));
    expect(json.choices).toEqual(choices.choices);
    const noBrand = asStaff(
      new Request("http://localhost/admin/repairs/new/prices?category=mobile"),
    );
    expect(await pricesLoader(routeArgs(noBrand))).toEqual({ models: [], choices: [] });
  });

  it("corrects every intake field after saving, with the version and an audit of before and after", async () => {
    const id = idFrom(await postWalkIn(walkIn({ quotedPrice: "129", accessories: "case" })));
    const drawn = await detailsForm(id);
    expect(drawn).toMatchObject({
      issueType: "Screen Repair",
      quotedPrice: "129.00",
      accessories: "case",
      passcode: "withheld",
      check_cameras: "untested",
    });
    const saved = await postRepair(id, {
      ...drawn,
      issueType: "Battery Replacement",
      quotedPrice: "$99.5",
      deviceCondition: "dent on the corner",
      accessories: "",
      passcode: "given",
      check_cameras: "fail",
      check_charging: "pass",
    });
    expect(statusOf(saved)).toBe(303);
    expect(await rowOf(id)).toMatchObject({
      issueType: "Battery Replacement",
      quotedPrice: "99.50",
      deviceCondition: "dent on the corner",
      accessories: null,
      passcodeWithheld: false,
      version: 2,
    });
    expect((await rowOf(id)).intakeChecklist).toMatchObject({ cameras: "fail", charging: "pass" });
    const edits = (await auditOf(id)).filter((a) => a.action === "repair.edit");
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      staffUserId: counter.id,
      summary: `${bookingReference(id)}: issue, quoted price, device condition, accessories, passcode, check “Cameras”, check “Charging” corrected`,
      details: {
        issueType: { from: "Screen Repair", to: "Battery Replacement" },
        quotedPrice: { from: "129.00", to: "99.50" },
        deviceCondition: { from: null, to: "dent on the corner" },
        accessories: { from: "case", to: null },
        passcode: { from: "withheld", to: "given" },
        check_cameras: { from: "untested", to: "fail" },
        check_charging: { from: "untested", to: "pass" },
      },
    });
    const request = asStaff(new Request(`http://localhost/admin/repairs/${id}`));
    const view = dataOf(await repairLoader(routeArgs(request, { id: String(id) })));
    expect(view.history.at(-1)?.lines).toEqual([
      "Issue: Screen Repair → Battery Replacement",
      "Quoted price: $129.00 → $99.50",
      "Device condition: (blank) → dent on the corner",
      "Accessories: case → (blank)",
      "Passcode: Kept by the customer → Given to the technician",
      "Check “Cameras”: Not tested → Fail",
      "Check “Charging”: Not tested → Pass",
    ]);
    expect(view.repair.checklist?.find((line) => line.label === "Cameras")?.resultLabel).toBe(
      "Fail",
    );

    // The same form saved again changes and records nothing.
    await postRepair(id, { ...(await detailsForm(id)) });
    expect((await auditOf(id)).filter((a) => a.action === "repair.edit")).toHaveLength(1);
  });

  it("refuses an intake edit on a repair someone changed meanwhile, then applies it on top", async () => {
    const id = idFrom(await postWalkIn(walkIn()));
    const atCounter = await detailsForm(id, counter);
    const onBench = await detailsForm(id, bench);
    expect(statusOf(await postRepair(id, { ...onBench, check_buttons: "fail" }, bench))).toBe(303);

    const refused = await postRepair(id, {
      ...atCounter,
      check_cameras: "pass",
      quotedPrice: "80",
    });
    expect(statusOf(refused)).toBe(409);
    expect((await rowOf(id)).intakeChecklist).toMatchObject({
      buttons: "fail",
      cameras: "untested",
    });
    const conflict = conflictIn(dataOf(refused))!;
    expect(conflict.changes.map((c) => [c.by, c.summary])).toEqual([
      ["intake-bench", `${bookingReference(id)}: check “Buttons” corrected`],
    ]);
    const again = replyOf(refused).initialValue as Record<string, string>;
    expect(again).toMatchObject({
      check_buttons: "fail",
      check_cameras: "pass",
      quotedPrice: "80.00",
    });
    expect(
      statusOf(
        await postRepair(id, { ...again, intent: "details", version: String(conflict.version) }),
      ),
    ).toBe(303);
    expect(await rowOf(id)).toMatchObject({ quotedPrice: "80.00", version: 3 });
    expect((await rowOf(id)).intakeChecklist).toMatchObject({ buttons: "fail", cameras: "pass" });
  });

  it("leaves an online booking without a checklist until a check is answered", async () => {
    const online = await insertBooking(handle.db, { email: "online@example.com" });
    const drawn = await detailsForm(online.id);
    expect(drawn.passcode).toBe("");
    expect(statusOf(await postRepair(online.id, { ...drawn, firstName: "Lee" }))).toBe(303);
    expect(await rowOf(online.id)).toMatchObject({
      firstName: "Lee",
      intakeChecklist: null,
      passcodeWithheld: null,
    });
    await postRepair(online.id, { ...(await detailsForm(online.id)), check_powers_on: "pass" });
    expect((await rowOf(online.id)).intakeChecklist).toMatchObject({ powers_on: "pass" });
  });
});
