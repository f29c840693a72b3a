import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repairItems } from "../../db/schema";
import { conflictIn } from "~/components/admin/changed-meanwhile";
import { createRepairItem, getRepairItem, updateRepairItem } from "~/models/repair-item.server";
import { startSession } from "~/models/staff-session.server";
import { action as editAction, loader as editLoader } from "~/routes/admin.repair-items.$id.edit";
import {
  action as deleteAction,
  loader as deleteLoader,
} from "~/routes/admin.repair-items.$id.delete";
import { action as deleteApi } from "~/routes/api.admin.delete_repair_item[.php]";
import { loader as listApi } from "~/routes/api.admin.get_repair_items[.php]";
import { action as updateApi } from "~/routes/api.admin.update_repair_item[.php]";
import { repairItemSchema } from "~/schemas/repair-item";
import { dataOf, replyOf, responseOf, statusOf } from "../support/answers";
import { signedInStaff } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Two staff members on one price-list entry (decision 0039): an edit or a removal confirmed on a
 * dialog drawn before the other's change is refused with what changed; the edit comes back with
 * its own changes on top of the new values, and saving those applies them.
 */

let handle: TestDatabase;
let counter: { id: number; username: string; cookie: string };
let office: { id: number; username: string; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  counter = await signedInStaff(handle.db, "counter-prices", "manager");
  office = await signedInStaff(handle.db, "office-prices", "manager");
});
afterAll(() => handle.drop());

let models = 0;
async function newEntry() {
  const created = await createRepairItem(
    repairItemSchema.parse({
      deviceCategory: "mobile",
      brand: "Samsung",
      model: `Galaxy Version Test ${++models}`,
      issue: "Battery Replacement",
      price: "89",
    }),
    office.id,
  );
  if (created.outcome !== "saved") throw new Error(created.outcome);
  return created.item;
}

const rowOf = async (id: number) =>
  (await handle.db.select().from(repairItems).where(eq(repairItems.id, id)))[0];

/** The Edit dialog as a staff member opens it: its fields as drawn. */
async function editDrawn(id: number, who: { cookie: string }) {
  const request = new Request(`http://localhost/admin/repair-items/${id}/edit`, {
    headers: { cookie: who.cookie },
  });
  const { defaults, version } = dataOf(await editLoader(routeArgs(request, { id: String(id) })));
  const fields = Object.fromEntries(
    Object.entries(defaults).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value]],
    ),
  ) as Record<string, string>;
  return { ...fields, version: String(version), shown: JSON.stringify(defaults) };
}

function post(path: string, id: number, who: { cookie: string }, fields: Record<string, string>) {
  const request = formPost(path, fields);
  request.headers.set("cookie", who.cookie);
  return routeArgs(request, { id: String(id) });
}
const edit = (id: number, who: { cookie: string }, fields: Record<string, string>) =>
  editAction(post(`/admin/repair-items/${id}/edit`, id, who, fields));

describe(`edits of a price-list entry someone changed meanwhile, on ${testDriver}`, () => {
  it("the counter's new price after the office renamed the model: refused with the rename, then applied on top", async () => {
    const entry = await newEntry();
    const atCounter = await editDrawn(entry.id, counter);
    const atOffice = await editDrawn(entry.id, office);

    const renamed = await edit(entry.id, office, { ...atOffice, model: `${entry.model} Plus` });
    expect(statusOf(renamed)).toBe(303);

    const answer = await edit(entry.id, counter, { ...atCounter, price: "99.99" });
    expect(statusOf(answer)).toBe(409);
    // Nothing stored: the office's rename stands, at the old price.
    expect(await rowOf(entry.id)).toMatchObject({
      model: `${entry.model} Plus`,
      price: "89.00",
      version: 2,
    });
    const reply = replyOf(answer);
    expect(reply.error?.[""]?.[0]).toBe(
      "This repair item was changed while you had it open, so nothing was saved. Your changes are below, on top of the new values: check them and save again.",
    );
    const conflict = conflictIn(dataOf(answer))!;
    expect(conflict.version).toBe(2);
    expect(conflict.changes).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        atLabel: expect.any(String),
        by: "office-prices",
        summary: `Samsung ${entry.model} · Battery Replacement → Samsung ${entry.model} Plus · Battery Replacement: $89.00`,
      },
    ]);
    // The counter's price on top of the office's model; the new entry is what the form shows.
    const values = reply.initialValue as Record<string, string>;
    expect(values).toMatchObject({
      model: `${entry.model} Plus`,
      price: "99.99",
      brand: "Samsung",
      callForPrice: "",
    });
    expect(JSON.parse(values.shown!)).toMatchObject({
      model: `${entry.model} Plus`,
      price: "89.00",
    });

    const again = await edit(entry.id, counter, { ...values, version: String(conflict.version) });
    expect(statusOf(again)).toBe(303);
    expect(await rowOf(entry.id)).toMatchObject({
      model: `${entry.model} Plus`,
      price: "99.99",
      version: 3,
    });
  });

  it("a save on the current version applies at once, and each save is one version", async () => {
    const entry = await newEntry();
    const first = await edit(entry.id, counter, {
      ...(await editDrawn(entry.id, counter)),
      price: "79",
    });
    expect(statusOf(first)).toBe(303);
    const second = await edit(entry.id, counter, {
      ...(await editDrawn(entry.id, counter)),
      callForPrice: "on",
    });
    expect(statusOf(second)).toBe(303);
    expect(await rowOf(entry.id)).toMatchObject({
      price: null,
      priceLabel: "Call For Price",
      version: 3,
    });
  });

  it("a version that is not a whole number is refused with a message, and nothing is stored", async () => {
    const entry = await newEntry();
    const answer = await edit(entry.id, counter, {
      ...(await editDrawn(entry.id, counter)),
      price: "12",
      version: "two",
    });
    expect(statusOf(answer)).toBe(400);
    expect(replyOf(answer).error?.version).toEqual(["Please send the version as a whole number."]);
    expect(await rowOf(entry.id)).toMatchObject({ price: "89.00", version: 1 });
  });
});

describe(`removing a price-list entry someone changed meanwhile, on ${testDriver}`, () => {
  const confirmDrawn = async (id: number, who: { cookie: string }) => {
    const request = new Request(`http://localhost/admin/repair-items/${id}/delete`, {
      headers: { cookie: who.cookie },
    });
    return dataOf(await deleteLoader(routeArgs(request, { id: String(id) })));
  };
  const remove = (id: number, who: { cookie: string }, version: number | string) =>
    deleteAction(post(`/admin/repair-items/${id}/delete`, id, who, { version: String(version) }));

  it("a removal confirmed before the price changed is refused with the change; confirmed again, it goes", async () => {
    const entry = await newEntry();
    const seen = await confirmDrawn(entry.id, counter);
    expect(seen.item.price).toBe("$89.00");
    await updateRepairItem(
      entry.id,
      repairItemSchema.parse({
        deviceCategory: "mobile",
        brand: "Samsung",
        model: entry.model,
        issue: "Battery Replacement",
        price: "59",
      }),
      office.id,
      seen.version,
    );

    const refused = await remove(entry.id, counter, seen.version);
    expect(statusOf(refused)).toBe(409);
    expect(await getRepairItem(entry.id)).toBeDefined();
    const conflict = conflictIn(dataOf(refused))!;
    expect(conflict).toMatchObject({
      version: 2,
      changes: [
        {
          by: "office-prices",
          summary: `Samsung ${entry.model} · Battery Replacement: $89.00 → $59.00`,
        },
      ],
    });
    // The dialog drawn again shows the entry as it is now, at its new version.
    const now = await confirmDrawn(entry.id, counter);
    expect(now).toMatchObject({ version: 2, item: { price: "$59.00" } });

    expect(statusOf(await remove(entry.id, counter, now.version))).toBe(303);
    expect(await getRepairItem(entry.id)).toBeUndefined();
  });

  it("a version that is not a whole number is a 400, and the entry stays", async () => {
    const entry = await newEntry();
    await expect(remove(entry.id, counter, "1; drop")).rejects.toMatchObject({
      init: { status: 400 },
    });
    expect(await getRepairItem(entry.id)).toBeDefined();
  });
});

describe(`the legacy price-list doors with a version, on ${testDriver}`, () => {
  const bearer = async () => `Bearer ${await startSession(counter.id, "bearer")}`;
  async function call(
    route: typeof updateApi,
    path: string,
    body: Record<string, unknown> | undefined,
    headers: Record<string, string> = {},
  ) {
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { authorization: await bearer(), "content-type": "application/json", ...headers },
      body: body && JSON.stringify(body),
    });
    return responseOf(await route(routeArgs(request)));
  }
  async function listedVersion(id: number) {
    const request = new Request("http://localhost/api/admin/get_repair_items.php", {
      headers: { authorization: await bearer() },
    });
    const body = (await responseOf(await listApi(routeArgs(request))).json()) as {
      repair_items: { id: number; version: number }[];
    };
    return body.repair_items.find((row) => row.id === id)?.version;
  }
  const fields = (model: string, price: string) => ({
    deviceCategory: "mobile",
    brand: "Samsung",
    model,
    issue: "Battery Replacement",
    price,
  });

  it("update_repair_item.php refuses an old version in the body or If-Match with what changed, and applies the current one", async () => {
    const entry = await newEntry();
    expect(await listedVersion(entry.id)).toBe(1);
    await updateRepairItem(entry.id, repairItemSchema.parse(fields(entry.model, "69")), office.id);
    expect(await listedVersion(entry.id)).toBe(2);

    for (const [body, headers] of [
      [{ ...fields(entry.model, "49"), version: 1 }, {}],
      [fields(entry.model, "49"), { "if-match": '"1"' }],
    ] as const) {
      const refused = await call(
        updateApi,
        `/api/admin/update_repair_item.php?id=${entry.id}`,
        body,
        headers,
      );
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        success: false,
        message: "The repair item was changed since version 1; nothing was stored.",
        current_version: 2,
        changes: [
          {
            at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            by: "office-prices",
            summary: `Samsung ${entry.model} · Battery Replacement: $89.00 → $69.00`,
          },
        ],
      });
    }
    expect(await rowOf(entry.id)).toMatchObject({ price: "69.00", version: 2 });

    const applied = await call(
      updateApi,
      `/api/admin/update_repair_item.php?id=${entry.id}`,
      fields(entry.model, "49"),
      { "if-match": '"2"' },
    );
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ success: true, version: 3 });
    // Without a version (or with If-Match: *) the old callers' saves apply as they always did.
    for (const headers of [{}, { "if-match": "*" }] as Record<string, string>[]) {
      const blind = await call(
        updateApi,
        `/api/admin/update_repair_item.php?id=${entry.id}`,
        fields(entry.model, "39"),
        headers,
      );
      expect(blind.status).toBe(200);
    }
    expect(await rowOf(entry.id)).toMatchObject({ price: "39.00", version: 5 });
  });

  it("update_repair_item.php answers a malformed version with 422 naming it", async () => {
    const entry = await newEntry();
    const refused = await call(updateApi, `/api/admin/update_repair_item.php?id=${entry.id}`, {
      ...fields(entry.model, "49"),
      version: "1 OR 1=1",
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      errors: { version: ["Please send the version as a whole number."] },
    });
    expect(await rowOf(entry.id)).toMatchObject({ price: "89.00", version: 1 });
  });

  it("delete_repair_item.php keeps an entry changed since the version sent, and deletes at the current one", async () => {
    const entry = await newEntry();
    await updateRepairItem(entry.id, repairItemSchema.parse(fields(entry.model, "69")), office.id);
    const refused = await call(
      deleteApi,
      `/api/admin/delete_repair_item.php?id=${entry.id}&version=1`,
      undefined,
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: "The repair item was changed since version 1; it was not deleted.",
      current_version: 2,
    });
    expect(await getRepairItem(entry.id)).toBeDefined();
    const malformed = await call(
      deleteApi,
      `/api/admin/delete_repair_item.php?id=${entry.id}`,
      undefined,
      {
        "if-match": '"x"',
      },
    );
    expect(malformed.status).toBe(422);
    const deleted = await call(
      deleteApi,
      `/api/admin/delete_repair_item.php?id=${entry.id}`,
      undefined,
      {
        "if-match": '"2"',
      },
    );
    expect(deleted.status).toBe(200);
    expect(await getRepairItem(entry.id)).toBeUndefined();
  });
});
