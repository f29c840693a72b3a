import { expect, test } from "@playwright/test";
import { addStaffAccount, staffVisitor, visitor } from "./support/html-page";

/**
 * The trade-in pages without JavaScript: the offers received and an offer's detail, the buyback
 * grid's dialogs as pages of their own, and its CSV out and in.
 */

const csvHeader =
  "category,brand,model,storage,excellent,good,fair,broken,battery_deduction,parts_deduction,carrier_lock_deduction";

/** A buyback grid row's fields for a model of a test brand. */
const gridRow = (model: string) => ({
  Category: "mobile",
  Brand: "Testco",
  Model: model,
  Storage: "64 GB",
  Excellent: "300",
  Good: "250",
  Fair: "150",
  Broken: "50",
});

test.describe("trade-ins", () => {
  test("an offer made on /sell is listed, opens with its answers, and is declined once", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const seller = visitor(await playwright.request.newContext({ baseURL }));
    const offer = await seller.open(
      "/sell?category=watch&brand=Apple&model=Apple%20Watch%20SE%203&storage=32%20GB&powersOn=yes&screen=flawless&body=flawless&battery=good&partsWork=yes&accountLocked=no&carrierLocked=no",
    );
    const kept = await offer
      .form("Keep my offer")
      .fill({ "Your name": "Pat Trader", "Mobile phone": "905 555 0177" })
      .submit("Keep my offer");
    const reference = kept.text('[data-testid="offer-reference"]')!;

    const staff = await staffVisitor(request, "/admin/trade-ins");
    expect(staff.landed.link(/^Trade-ins/, 'nav[aria-label="Admin"]')).toBe("/admin/trade-ins");
    const found = await staff.open(`/admin/trade-ins?q=${encodeURIComponent("905-555-0177")}`);
    const row = found.texts('[data-testid="offer-row"]').find((text) => text.includes(reference));
    expect(row).toContain("Apple Watch SE 3 32 GB · $160.00");
    expect(row).toContain("Open");

    const detail = await staff.open(found.link(reference, "main"));
    expect(detail.text("main")).toContain(
      "Is it still signed in to iCloud (Find My) or a Google account?",
    );
    expect(detail.text("main")).toContain("No, I've signed out");
    expect(detail.text("main")).toContain("Not sent (no consent)");
    const declined = await detail.form("Mark Declined").submit("Mark Declined");
    expect(declined.toast()?.description).toBe(`Offer ${reference} marked declined.`);
    expect(declined.text("main")).toContain("Declined");
    expect(() => declined.form("Mark Declined")).toThrow();
    // The seller's link says so.
    expect((await seller.open(kept.url.pathname)).text('[data-testid="offer-state"]')).toContain(
      "declined",
    );
  });

  test("the grid: adds a row, refuses a stale edit, exports, and imports all or nothing", async ({
    request,
  }) => {
    const model = `Test Phone ${Date.now()}`;
    const staff = await staffVisitor(request, "/admin/trade-ins/grid");
    const add = await staff.open(staff.landed.link("Add Row", "main"));
    const added = await add.form("Add Row").fill(gridRow(model)).submit("Add Row");
    expect(added.toast()?.description).toBe("Buyback price added.");
    const row = added.texts('[data-testid="grid-row"][aria-current="true"]');
    expect(row[0]).toContain(model);

    const editPath = added.link(new RegExp(`^Edit Testco ${model}`), "main");
    const first = await staff.open(editPath);
    const second = await staff.open(editPath);
    const saved = await first.form("Save Row").fill({ Excellent: "320" }).submit("Save Row");
    expect(saved.toast()?.description).toBe("Buyback price updated.");
    const stale = await second.form("Save Row").fill({ Good: "200" }).submit("Save Row");
    expect(stale.status).toBe(409);
    expect(stale.alerts().join(" ")).toContain("changed while you had it open");
    expect(stale.text("dialog")).toContain("Changed since you opened it");

    const csv = await (await request.get("/admin/trade-ins/grid.csv?brand=Testco")).text();
    expect(csv).toContain(`mobile,Testco,${model},64 GB,320.00,250.00,150.00,50.00,0.00,0.00,0.00`);

    const grid = await staff.open("/admin/trade-ins/grid");
    const bad = `${csvHeader}\nmobile,Testco,${model},64 GB,999,250,150,50,0,0,0\nmobile,Testco,${model} B,,1,2,0,0,0,0,0\n`;
    const refused = await grid.form("Import").submit("Import", {
      files: { file: [new File([bad], "grid.csv", { type: "text/csv" })] },
    });
    expect(refused.status).toBe(422);
    expect(refused.texts('[data-testid="import-errors"] li')).toEqual([
      "Line 3: Each grade must pay no more than the one above it: excellent, then good, fair, broken.",
    ]);
    const unchanged = await (await request.get("/admin/trade-ins/grid.csv?brand=Testco")).text();
    expect(unchanged).toContain(`${model},64 GB,320.00`);

    const good = `${csvHeader}\nmobile,Testco,${model},64 GB,340,250,150,50,0,0,0\n`;
    const imported = await grid.form("Import").submit("Import", {
      files: { file: [new File([good], "grid.csv", { type: "text/csv" })] },
    });
    expect(imported.toast()?.description).toBe("Grid imported: 0 added, 1 changed, 0 unchanged.");
    const after = await (await request.get("/admin/trade-ins/grid.csv?brand=Testco")).text();
    expect(after).toContain(`${model},64 GB,340.00`);
  });

  test("two staff on one grid row: the later save is refused with the other's change and keeps what was typed, then saves; a row deleted meanwhile says who deleted it", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const model = `Both Phone ${Date.now()}`;
    const counter = await staffVisitor(request, "/admin/trade-ins/grid/new");
    const added = await counter.landed.form("Add Row").fill(gridRow(model)).submit("Add Row");
    const editPath = added.link(new RegExp(`^Edit Testco ${model}`), "main");
    const atCounter = await counter.open(editPath);

    // The office: a manager of their own, in a session of their own.
    const account = await addStaffAccount(counter, "manager");
    const officeContext = await playwright.request.newContext({ baseURL });
    try {
      const office = await staffVisitor(officeContext, editPath, account);
      const changed = await office.landed
        .form("Save Row")
        .fill({ Excellent: "320", Storage: "128 GB" })
        .submit("Save Row");
      expect(changed.toast()?.description).toBe("Buyback price updated.");

      const refused = await atCounter
        .form("Save Row")
        .fill({ Good: "200", Fair: "120" })
        .submit("Save Row");
      expect(refused.status).toBe(409);
      expect(refused.toast()?.description).toBe(
        "This row was changed while you had it open, so nothing was saved.",
      );
      const alert = refused.text('dialog [role="alert"]') ?? "";
      expect(alert).toContain("Your changes are below, on top of the new values");
      expect(alert).toContain("Changed since you opened it:");
      expect(alert).toContain(
        `${account.username}: Buyback grid: Testco ${model} 128 GB $300.00 / $250.00 / $150.00 / $50.00 → $320.00 / $250.00 / $150.00 / $50.00`,
      );
      // The office's change and the counter's typed values, together, at the new version.
      const again = refused.form("Save Row");
      expect(again.fields()).toEqual(
        expect.arrayContaining([
          ["storage", "128 GB"],
          ["excellent", "320.00"],
          ["good", "200"],
          ["fair", "120"],
          ["broken", "50.00"],
          ["version", "2"],
        ]),
      );
      const saved = await again.submit("Save Row");
      expect(saved.toast()?.description).toBe("Buyback price updated.");
      const csv = await (await request.get("/admin/trade-ins/grid.csv?brand=Testco")).text();
      expect(csv).toContain(
        `mobile,Testco,${model},128 GB,320.00,200.00,120.00,50.00,0.00,0.00,0.00`,
      );

      // The office deletes the row while the counter has it open: the counter's save stores nothing.
      const stale = await counter.open(editPath);
      const deleted = await (await office.open(editPath)).form("Delete Row").submit("Delete Row");
      expect(deleted.toast()?.description).toBe("Buyback price deleted.");
      const gone = await stale.form("Save Row").fill({ Good: "210" }).submit("Save Row");
      expect(gone.status).toBe(409);
      expect(gone.alerts().join(" ")).toContain(`This row was deleted by ${account.username} on `);
      expect(gone.alerts().join(" ")).toContain(
        "while you had it open, so nothing was saved. Add it again if you still need it.",
      );
      // In the dialog's place, seen without JavaScript: the way back, or to adding it again.
      expect(gone.link("Back to the Grid", "dialog")).toMatch(/^\/admin\/trade-ins\/grid\?/);
      expect(gone.link("Add Row", "dialog")).toMatch(
        /^\/admin\/trade-ins\/grid\/new\?category=mobile&brand=Testco/,
      );
      const after = await (await request.get("/admin/trade-ins/grid.csv?brand=Testco")).text();
      expect(after).not.toContain(model);
    } finally {
      await officeContext.dispose();
    }
  });
});
