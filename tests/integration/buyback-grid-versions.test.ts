import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, buybackPrices } from "../../db/schema";
import { conflictIn } from "~/components/admin/changed-meanwhile";
import { createGridRow } from "~/models/buyback-grid.server";
import { action as editAction, loader as editLoader } from "~/routes/admin.trade-ins.grid.$id.edit";
import { gridRowSchema } from "~/schemas/buyback-grid";
import { dataOf, statusOf, thrownBy } from "../support/answers";
import { signedInStaff } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Two staff members on one buyback grid row (decision 0039): an edit saved on a dialog drawn
 * before the other's change is refused with what changed and comes back with its own changes on
 * top of the new values; an edit or a delete of a row deleted meanwhile stores nothing and says
 * who deleted it.
 */

let handle: TestDatabase;
let counter: { id: number; username: string; cookie: string };
let office: { id: number; username: string; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  counter = await signedInStaff(handle.db, "counter-grid", "manager");
  office = await signedInStaff(handle.db, "office-grid", "manager");
});
afterAll(() => handle.drop());

let models = 0;
async function newRow() {
  const created = await createGridRow(
    gridRowSchema.parse({
      deviceCategory: "mobile",
      brand: "Versionco",
      model: `Grid Phone ${++models}`,
      storage: "128 GB",
      excellent: "500",
      good: "400",
      fair: "300",
      broken: "100",
    }).input,
    office.id,
  );
  if (created.outcome !== "saved") throw new Error(created.outcome);
  return created.row;
}

const rowOf = async (id: number) =>
  (await handle.db.select().from(buybackPrices).where(eq(buybackPrices.id, id)))[0];

/** The Edit dialog as a staff member opens it: its fields as drawn. */
async function editDrawn(id: number, who: { cookie: string }) {
  const request = new Request(`http://localhost/admin/trade-ins/grid/${id}/edit`, {
    headers: { cookie: who.cookie },
  });
  const { defaults, version } = dataOf(await editLoader(routeArgs(request, { id: String(id) })));
  return {
    ...(defaults as Record<string, string>),
    version: String(version),
    shown: JSON.stringify(defaults),
  };
}

function edit(id: number, who: { cookie: string }, fields: Record<string, string>) {
  const request = formPost(`/admin/trade-ins/grid/${id}/edit`, fields);
  request.headers.set("cookie", who.cookie);
  return editAction(routeArgs(request, { id: String(id) }));
}

describe(`edits of a grid row someone changed or deleted meanwhile, on ${testDriver}`, () => {
  it("the counter's prices after the office changed the row: refused with the office's change, the counter's on top, then applied", async () => {
    const row = await newRow();
    const atCounter = await editDrawn(row.id, counter);
    const atOffice = await editDrawn(row.id, office);

    const changed = await edit(row.id, office, {
      ...atOffice,
      excellent: "520",
      storage: "256 GB",
    });
    expect(statusOf(changed)).toBe(303);

    // The counter changes Good, and Excellent too, which the office also changed.
    const answer = await edit(row.id, counter, { ...atCounter, excellent: "510", good: "350" });
    expect(statusOf(answer)).toBe(409);
    expect(await rowOf(row.id)).toMatchObject({
      storage: "256 GB",
      excellentCents: 52_000,
      goodCents: 40_000,
      version: 2,
    });
    const reply = dataOf(answer).result!;
    expect(reply.error?.[""]?.[0]).toBe(
      "This row was changed while you had it open, so nothing was saved. Your changes are below, on top of the new values: check them and save again.",
    );
    const conflict = conflictIn(dataOf(answer))!;
    expect(conflict.version).toBe(2);
    expect(conflict.changes).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        atLabel: expect.any(String),
        by: "office-grid",
        summary: `Buyback grid: Versionco ${row.model} 256 GB $500.00 / $400.00 / $300.00 / $100.00 → $520.00 / $400.00 / $300.00 / $100.00`,
      },
    ]);
    // What the counter typed stays; what they left alone takes the office's value.
    const values = reply.initialValue as Record<string, string>;
    expect(values).toMatchObject({
      model: row.model,
      storage: "256 GB",
      excellent: "510",
      good: "350",
      fair: "300.00",
    });
    expect(JSON.parse(values.shown!)).toMatchObject({ storage: "256 GB", excellent: "520.00" });

    const again = await edit(row.id, counter, { ...values, version: String(conflict.version) });
    expect(statusOf(again)).toBe(303);
    expect(await rowOf(row.id)).toMatchObject({
      storage: "256 GB",
      excellentCents: 51_000,
      goodCents: 35_000,
      fairCents: 30_000,
      version: 3,
    });
  });

  it("a save on the version read applies at once, and sent back unchanged after a refusal it keeps the new values", async () => {
    const row = await newRow();
    const atCounter = await editDrawn(row.id, counter);
    expect(
      statusOf(await edit(row.id, office, { ...(await editDrawn(row.id, office)), fair: "250" })),
    ).toBe(303);
    // The counter changed nothing: the refused form holds the office's values only.
    const answer = await edit(row.id, counter, atCounter);
    expect(statusOf(answer)).toBe(409);
    const values = dataOf(answer).result!.initialValue as Record<string, string>;
    expect(values.fair).toBe("250.00");
    expect(statusOf(await edit(row.id, counter, { ...values, version: "2" }))).toBe(303);
    expect(await rowOf(row.id)).toMatchObject({ fairCents: 25_000, version: 3 });
  });

  it("an edit or a delete of a row deleted meanwhile: 409 naming who deleted it, nothing stored", async () => {
    const row = await newRow();
    const atCounter = await editDrawn(row.id, counter);
    const deleted = await edit(row.id, office, { intent: "delete", version: "1" });
    expect(statusOf(deleted)).toBe(303);

    const refused = await thrownBy(edit(row.id, counter, { ...atCounter, good: "380" }));
    expect(statusOf(refused)).toBe(409);
    expect(dataOf(refused)).toMatch(
      /^This row was deleted by office-grid on .+ while you had it open, so nothing was saved\. Add it again if you still need it\.$/,
    );
    const again = await thrownBy(edit(row.id, counter, { intent: "delete", version: "1" }));
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again)).toMatch(/^This row was already deleted by office-grid on .+\.$/);

    expect(await rowOf(row.id)).toBeUndefined();
    const trail = await handle.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, row.id));
    expect(trail.map((entry) => entry.action).sort()).toEqual([
      "buyback_price.create",
      "buyback_price.delete",
    ]);
  });

  it("a row that never was is still not found (404)", async () => {
    const missing = await thrownBy(
      edit(999_999, counter, { ...(await editDrawn((await newRow()).id, counter)) }),
    );
    expect(statusOf(missing)).toBe(404);
  });
});
