import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, buybackOffers, buybackPrices, outbox } from "../../db/schema";
import { buybackGridRows, seedBuybackGrid } from "../../seeds/buyback-grid";
import {
  createGridRow,
  deleteGridRow,
  findGridRow,
  importGrid,
  listGrid,
  sellChoices,
  updateGridRow,
} from "~/models/buyback-grid.server";
import {
  closeOffer,
  countOffersDueToday,
  createOffer,
  findOfferByReference,
  listOffers,
  offerByToken,
} from "~/models/trade-offer.server";
import { gridRowSchema } from "~/schemas/buyback-grid";
import { offerContactSchema } from "~/schemas/trade-offer";
import { storedSubmissionKey } from "~/server/submission.server";
import { parseGridCsv, gridCsvHeader } from "~/utils/grid-csv";
import { shopToday } from "~/utils/shop-time";
import type { LandedAnswer, QueuedAnswer } from "~/offline/queued-answer";
import { action as sellAction } from "~/routes/sell";
import { action as sellLandedAction } from "~/routes/sell_.landed";
import { action as sellQueuedAction } from "~/routes/sell_.queued";
import { responseOf, statusOf } from "../support/answers";
import { createTestStaff } from "../support/admin";
import { formPost, freshKey, routeArgs, testOrigin } from "../support/forms";
import { sellerForm } from "../support/sell-fields";
import { installTestDatabase, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staffId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  await seedBuybackGrid(handle.db);
  staffId = (await createTestStaff(handle.db, "grid-editor", "manager")).id;
});
afterAll(() => handle.drop());

const gridRow = (overrides: Record<string, string> = {}) =>
  gridRowSchema.parse({
    deviceCategory: "mobile",
    brand: "Testco",
    model: "Phone One",
    storage: "128 GB",
    excellent: "500",
    good: "400",
    fair: "300",
    broken: "100",
    battery: "40",
    parts: "80",
    carrierLock: "30",
    ...overrides,
  });

/** As a browser posts it: an unticked box is not sent at all. */
const posted = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).filter(([name, value]) => !(name.startsWith("sendBy") && !value)),
  );

const offerInput = (overrides: Record<string, string> = {}) => {
  const parsed = offerContactSchema.parse({
    submissionKey: freshKey(),
    ...posted(sellerForm(overrides)),
  });
  return { ...parsed, submissionKey: storedSubmissionKey("form", parsed.submissionKey)! };
};

describe("the buyback grid", () => {
  it("is seeded once, with what /sell offers at each step", async () => {
    expect(await seedBuybackGrid(handle.db)).toBe(0);
    expect((await listGrid()).length).toBe(buybackGridRows().length);
    const choices = await sellChoices({
      category: "mobile",
      brand: "apple",
      model: "iPhone 16 Pro",
    });
    expect(choices.categories).toEqual(["mobile", "tablet", "laptop", "watch", "console"]);
    expect(choices.brands).toContain("Samsung");
    expect(choices.models).toContain("iPhone 15");
    expect(choices.storages).toEqual(["128 GB", "256 GB"]);
  });

  it("adds, refuses the same device twice in any case, edits on the version read, and audits", async () => {
    const created = await createGridRow(gridRow().input, staffId);
    expect(created.outcome).toBe("saved");
    if (created.outcome !== "saved") return;
    expect(
      await createGridRow(
        gridRow({ brand: "TESTCO", model: "phone one", storage: "128 gb" }).input,
        staffId,
      ),
    ).toEqual({
      outcome: "duplicate",
    });
    const first = await updateGridRow(
      created.row.id,
      gridRow({ excellent: "520" }).input,
      staffId,
      1,
    );
    expect(first).toMatchObject({ outcome: "saved", row: { excellentCents: 52_000, version: 2 } });
    // A second editor who read version 1 is refused, told what changed, and nothing is undone.
    const stale = await updateGridRow(created.row.id, gridRow({ good: "350" }).input, staffId, 1);
    expect(stale).toMatchObject({
      outcome: "changed_meanwhile",
      current: { excellentCents: 52_000, goodCents: 40_000 },
      changes: [{ by: "grid-editor", summary: expect.stringContaining("Testco Phone One 128 GB") }],
    });
    expect(await deleteGridRow(created.row.id, staffId, 1)).toMatchObject({
      outcome: "changed_meanwhile",
    });
    expect(await deleteGridRow(created.row.id, staffId, 2)).toEqual({ outcome: "deleted" });
    const trail = await handle.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, created.row.id));
    expect(trail.map((e) => e.action).sort()).toEqual([
      "buyback_price.create",
      "buyback_price.delete",
      "buyback_price.update",
    ]);
  });

  it("imports a CSV all or nothing: upserts by device and storage, a bad line stores nothing", async () => {
    const header = gridCsvHeader.join(",");
    const bad = parseGridCsv(
      `${header}\nmobile,Apple,iPhone 15,128 GB,999,350,270,130,40,90,30\nmobile,Apple,iPhone 15,256 GB,1,350,270,130,40,90,30\n`,
    );
    expect(bad).toEqual({
      ok: false,
      errors: [
        "Line 3: Each grade must pay no more than the one above it: excellent, then good, fair, broken.",
      ],
    });
    const before = await findGridRow({
      category: "mobile",
      brand: "Apple",
      model: "iPhone 15",
      storage: "128 GB",
    });
    const good = parseGridCsv(
      `${header}\nmobile,apple,IPHONE 15,128 gb,410,350,270,130,40,90,30\nwatch,Testco,Band Two,,90,80,50,10,5,5,0\nmobile,Apple,iPhone 14,128 GB,300,260,200,90,40,80,30\n`,
    );
    if (!good.ok) throw new Error(good.errors.join("\n"));
    expect(await importGrid(good.rows, staffId)).toEqual({ added: 1, updated: 1, unchanged: 1 });
    const after = await findGridRow({
      category: "mobile",
      brand: "Apple",
      model: "iPhone 15",
      storage: "128 GB",
    });
    expect(after).toMatchObject({
      id: before!.id,
      excellentCents: 41_000,
      version: before!.version + 1,
      brand: "apple",
    });
    // A row the database refuses (a grade above the one before it gets past no parser, but a
    // concurrent change could): the whole import is rolled back.
    const rows = [
      { ...good.rows[0]!, excellentCents: 42_000 },
      { ...good.rows[1]!, goodCents: 99_999 },
    ];
    await expect(importGrid(rows, staffId)).rejects.toThrow();
    expect(
      await findGridRow({
        category: "mobile",
        brand: "Apple",
        model: "iPhone 15",
        storage: "128 GB",
      }),
    ).toMatchObject({
      excellentCents: 41_000,
    });
  });
});

describe("instant offers", () => {
  it("keeps one offer per submission key, worked out from the grid, and sends it as consented", async () => {
    const input = offerInput();
    const first = await createOffer(input, testOrigin);
    expect(first).toMatchObject({
      outcome: "created",
      offer: { grade: "good", offerCents: 35_000 - 4_000, status: "open" },
    });
    if (first.outcome !== "created") return;
    expect(first.offer.reference).toMatch(/^T-[A-HJ-KMNP-Z2-9]{6}$/);
    const again = await createOffer(input, testOrigin);
    expect(again).toMatchObject({
      outcome: "replayed",
      offer: { id: first.offer.id },
      path: first.path,
    });
    const [racing] = await Promise.all([
      createOffer({ ...input }, testOrigin),
      createOffer(input, testOrigin),
    ]);
    expect(racing).toMatchObject({ offer: { id: first.offer.id } });
    const stored = await handle.db
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.submissionKey, input.submissionKey));
    expect(stored).toHaveLength(1);
    const mail = await handle.db.select().from(outbox).where(eq(outbox.kind, "trade_offer"));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: "email", recipient: "sam.seller@example.com" });
    expect(mail[0]!.textBody).toContain(first.offer.reference);
    expect(mail[0]!.textBody).toContain(`${testOrigin}${first.path}`);
    // The link shows it; the stored hash is not the token.
    const token = first.path.split("/").pop()!;
    expect((await offerByToken(token))?.id).toBe(first.offer.id);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(await findOfferByReference(first.offer.reference.toLowerCase())).toMatchObject({
      id: first.offer.id,
      expired: false,
    });
  });

  it("sends nothing without consent, and a text only to the number given", async () => {
    const quiet = await createOffer(
      offerInput({ sendByEmail: "", phone: "905 555 0142" }),
      testOrigin,
    );
    expect(quiet.outcome).toBe("created");
    const texted = await createOffer(
      offerInput({ email: "", sendByEmail: "", phone: "416 555 0199", sendByText: "on" }),
      testOrigin,
    );
    expect(texted.outcome).toBe("created");
    const texts = await handle.db.select().from(outbox).where(eq(outbox.channel, "sms"));
    expect(texts.map((t) => t.recipient)).toEqual(["+14165550199"]);
  });

  it("refuses a device still signed in to an account, and makes no offer where the grid gives 0", async () => {
    expect(await createOffer(offerInput({ accountLocked: "yes" }), testOrigin)).toEqual({
      outcome: "account_locked",
    });
    await handle.db
      .update(buybackPrices)
      .set({ brokenCents: 0 })
      .where(eq(buybackPrices.model, "iPhone 13"));
    expect(
      await createOffer(offerInput({ model: "iPhone 13", screen: "cracked" }), testOrigin),
    ).toEqual({ outcome: "no_offer", grade: "broken" });
    expect(await createOffer(offerInput({ model: "iPhone 3G" }), testOrigin)).toEqual({
      outcome: "not_priced",
    });
  });

  it("shows an offer past its date as expired, lists it so, and staff close only an open one", async () => {
    const made = await createOffer(offerInput({ dropOff: `${shopToday()} 10:00` }), testOrigin);
    if (made.outcome !== "created") throw new Error(made.outcome);
    expect(await countOffersDueToday()).toBeGreaterThanOrEqual(1);
    const later = new Date(made.offer.expiresAt.getTime() + 1000);
    expect(await findOfferByReference(made.offer.reference, later)).toMatchObject({
      expired: true,
    });
    const expired = await listOffers({ state: "expired", page: 1 }, later);
    expect(expired.offers.map((o) => o.id)).toContain(made.offer.id);
    const open = await listOffers({ state: "open", page: 1 }, later);
    expect(open.offers.map((o) => o.id)).not.toContain(made.offer.id);
    const byName = await listOffers({ q: made.offer.reference, page: 1 });
    expect(byName.offers.map((o) => o.id)).toEqual([made.offer.id]);

    const [a, b] = await Promise.all([
      closeOffer(made.offer.id, "declined", staffId),
      closeOffer(made.offer.id, "cancelled", staffId),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(["not_open", "saved"]);
  });
});

describe("the offer form's doors", () => {
  it("the page and the offline queue store one offer per key, and the landed door finds it", async () => {
    const fields = { ...posted(sellerForm()), submissionKey: freshKey(), website: "" };
    const page = responseOf(await sellAction(routeArgs(formPost("/sell", fields))));
    expect(page.status).toBe(303);
    const location = page.headers.get("location")!;
    expect(location).toMatch(/^\/sell\/offer\/[A-Za-z0-9_-]{43}$/);
    const queued = responseOf(await sellQueuedAction(routeArgs(formPost("/sell/queued", fields))));
    expect((await queued.json()) as QueuedAnswer).toEqual({ outcome: "sent", location });
    const landed = responseOf(
      await sellLandedAction(
        routeArgs(formPost("/sell/landed", { submissionKey: fields.submissionKey })),
      ),
    );
    expect((await landed.json()) as LandedAnswer).toEqual({ landed: true, location });
    const stored = await handle.db
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.submissionKey, storedSubmissionKey("form", fields.submissionKey)!));
    expect(stored).toHaveLength(1);
  });

  it("refuses an account-locked device (422) from the page and from the queue, whatever amount is posted", async () => {
    const fields = {
      ...posted(sellerForm({ accountLocked: "yes" })),
      offerCents: "999999",
      submissionKey: freshKey(),
    };
    const refused = await sellAction(routeArgs(formPost("/sell", fields)));
    expect(statusOf(refused)).toBe(422);
    const queued = responseOf(await sellQueuedAction(routeArgs(formPost("/sell/queued", fields))));
    expect(((await queued.json()) as QueuedAnswer).outcome).toBe("refused");
  });
});
