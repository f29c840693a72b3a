import { expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn, uniqueName } from "./support/admin";

// Without JavaScript the grid's dialogs are pages of their own, tested at the HTML level
// (tests/html/admin-trade-ins.spec.ts). Here: a refused edit in its dialog with JavaScript, where
// the dialog is drawn again from the row as it is now with the typed values on top.
test.describe("buyback grid", () => {
  test(
    "an edit refused because the row changed meanwhile comes back in its dialog with both changes, and saves",
    { tag: "@js-only" },
    async ({ page, browser }) => {
      const model = uniqueName("Grid Phone");
      await logIn(page, {
        from: "/admin/login?redirectTo=%2Fadmin%2Ftrade-ins%2Fgrid%2Fnew",
        landsOn: /\/admin\/trade-ins\/grid\/new$/,
      });
      const add = page.getByRole("dialog", { name: "Add Buyback Price" });
      await add.getByLabel("Category").selectOption("mobile");
      await add.getByLabel("Brand").fill("Testco");
      await add.getByLabel("Model").fill(model);
      for (const [label, amount] of [
        ["Excellent", "300"],
        ["Good", "250"],
        ["Fair", "150"],
        ["Broken", "50"],
      ] as const)
        await add.getByLabel(label, { exact: true }).fill(amount);
      await add.getByRole("button", { name: "Add Row" }).click();
      await expect(page.getByTestId("toast")).toContainText("Buyback price added.");

      await page.getByRole("link", { name: new RegExp(`^Edit Testco ${model}`) }).click();
      const dialog = page.getByRole("dialog", { name: `Edit Testco ${model}` });
      await expect(dialog.getByLabel("Model")).toHaveValue(model);
      // Someone else, in a browser of their own, raises Excellent while the dialog is open.
      const otherContext = await browser.newContext();
      const other = await otherContext.newPage();
      try {
        const editPath = new URL(page.url()).pathname;
        await logIn(other, {
          from: `/admin/login?redirectTo=${encodeURIComponent(editPath)}`,
          landsOn: /\/edit$/,
        });
        await other.getByLabel("Excellent", { exact: true }).fill("320");
        await other.getByRole("button", { name: "Save Row" }).click();
        await expect(other.getByTestId("toast")).toContainText("Buyback price updated.");
      } finally {
        await otherContext.close();
      }

      await dialog.getByLabel("Good", { exact: true }).fill("200");
      await dialog.getByRole("button", { name: "Save Row" }).click();
      await expect(dialog.getByRole("alert")).toContainText(
        "$300.00 / $250.00 / $150.00 / $50.00 → $320.00 / $250.00 / $150.00 / $50.00",
      );
      await expect(dialog.getByLabel("Excellent", { exact: true })).toHaveValue("320.00");
      await expect(dialog.getByLabel("Good", { exact: true })).toHaveValue("200");
      expect(await axeViolations(page, { label: "grid edit refused" })).toEqual([]);

      await dialog.getByRole("button", { name: "Save Row" }).click();
      await expect(page.getByTestId("toast")).toContainText("Buyback price updated.");
      const row = page.locator('[data-testid="grid-row"][aria-current="true"]');
      await expect(row).toContainText(model);
      await expect(row).toContainText("$320.00");
      await expect(row).toContainText("$200.00");
    },
  );
});
