import type { Locator, Page } from "@playwright/test";
import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { apiToken, logIn, repairItemsViaApi, uniqueName } from "./support/admin";

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, { label })).toEqual([]);
}

/** The saved entry is on screen, marked, and its URL says which one. */
async function expectHighlighted(row: Locator) {
  await expect(row).toHaveAttribute("aria-current", "true");
  await expect(row).toBeInViewport();
}

// Without JavaScript each dialog is a page of its own and every form posts: those flows, the
// filters, the page numbers and the CSV export (a plain link) are tested once at the HTML level
// (tests/html/admin-repair-items.spec.ts). Here: the dialogs with JavaScript (modal, the fields
// that follow the choices, the saved row scrolled into view) and the layout on a phone.
test.describe("price list", () => {
  test(
    "adds an entry with a new brand on purpose, edits and deletes it, each in its dialog",
    { tag: "@js-only" },
    async ({ page }) => {
      const model = uniqueName("E2E Phone");
      await logIn(page, {
        from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items",
        landsOn: /\/admin\/repair-items$/,
      });

      await page.getByRole("link", { name: "Add New Repair Item" }).click();
      let dialog = page.getByRole("dialog", { name: "Add New Repair Item" });
      await dialog.getByLabel("Device Category").selectOption("Mobile Repair Service");
      await dialog
        .getByRole("combobox", { name: "Brand", exact: true })
        .selectOption({ label: "New brand…" });
      await dialog.getByLabel("New brand").fill("Nothing");
      await dialog
        .getByRole("combobox", { name: "Series", exact: true })
        .selectOption({ label: "New series…" });
      await dialog.getByLabel("New series").fill("Phone");
      await dialog.getByLabel("Model").fill(model);
      await dialog.getByLabel("Issue").fill("Screen Repair");
      await dialog.getByLabel("Price (CAD)").fill("123.45");
      await dialog.getByRole("button", { name: "Add Repair Item" }).click();
      await expect(page.getByTestId("toast")).toContainText("Repair item added successfully.");
      await expect(dialog).toHaveCount(0);
      // The list now shows the new entry: its category and brand, highlighted.
      const added = page.getByTestId("repair-item-row").filter({ hasText: model });
      await expect(page).toHaveURL(
        /\/admin\/repair-items\?category=mobile&brand=Nothing&highlight=\d+#item-\d+$/,
      );
      await expectHighlighted(added);

      // What is stored, and the public price list and selector that read it, are checked at the
      // HTML level (tests/html/admin-repair-items.spec.ts).
      await page.goto("/admin/repair-items");

      await page.getByLabel("Search").fill(model);
      await page.getByRole("button", { name: "Filter" }).click();
      const row = page.getByTestId("repair-item-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("$123.45");

      await row.getByRole("link", { name: /^Edit/ }).click();
      dialog = page.getByRole("dialog", { name: "Edit Repair Item" });
      await expect(dialog.getByLabel("Model")).toHaveValue(model);
      await dialog.getByLabel("Price (CAD)").fill("99.99");
      await dialog.getByRole("button", { name: "Update Repair Item" }).click();
      await expect(page.getByTestId("toast")).toContainText("Repair item updated successfully.");
      await expect(page.getByTestId("repair-item-row").filter({ hasText: model })).toContainText(
        "$99.99",
      );
      await expectHighlighted(page.getByTestId("repair-item-row").filter({ hasText: model }));

      await page
        .getByTestId("repair-item-row")
        .filter({ hasText: model })
        .getByRole("link", { name: /^Edit/ })
        .click();
      await page.getByRole("dialog").getByLabel("Call For Price").check();
      await page.getByRole("dialog").getByRole("button", { name: "Update Repair Item" }).click();
      const edited = page.getByTestId("repair-item-row").filter({ hasText: model });
      await expect(edited).toContainText("Call For Price");

      await edited.getByRole("link", { name: /^Delete/ }).click();
      dialog = page.getByRole("dialog", { name: "Delete Repair Item" });
      await expect(dialog).toContainText("Are you sure you want to delete this repair item?");
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByTestId("toast")).toContainText("Repair item deleted successfully.");
      await expect(page.getByTestId("repair-item-row").filter({ hasText: model })).toHaveCount(0);
    },
  );

  test(
    "keeps the form and says why when an entry is invalid",
    { tag: "@js-only" },
    async ({ page }) => {
      await logIn(page, {
        from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%2Fnew",
        landsOn: /\/admin\/repair-items\/new$/,
      });
      const dialog = page.getByRole("dialog", { name: "Add New Repair Item" });
      await dialog.getByLabel("Device Category").selectOption("Laptop Repair");
      await dialog.getByRole("combobox", { name: "Brand", exact: true }).selectOption("Dell");
      await dialog.getByLabel("Model").fill(uniqueName("E2E Laptop"));
      await dialog.getByLabel("Issue").fill("Keyboard Replacement");
      await dialog.getByRole("button", { name: "Add Repair Item" }).click();
      await expect(
        dialog.getByRole("link", {
          name: "Please enter a price like 129.99, or choose Call For Price.",
        }),
      ).toBeVisible();
      await expect(dialog.getByRole("combobox", { name: "Brand", exact: true })).toHaveValue(
        "Dell",
      );
    },
  );

  test(
    'picks an existing brand; a typed "apple" becomes Apple; the entry is shown on its page',
    { tag: "@js-only" },
    async ({ page, request }) => {
      const model = uniqueName("E2E iPhone");
      await logIn(page, {
        from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%2Fnew%3Fcategory%3Dmobile",
        landsOn: /\/admin\/repair-items\/new\?category=mobile$/,
      });
      let dialog = page.getByRole("dialog", { name: "Add New Repair Item" });
      await expect(dialog.getByLabel("Device Category")).toHaveValue("mobile");
      // The brands offered are the category's own.
      const brands = await dialog
        .getByRole("combobox", { name: "Brand", exact: true })
        .locator("option")
        .allTextContents();
      expect(brands).toEqual(expect.arrayContaining(["Apple", "Samsung", "New brand…"]));
      expect(brands).not.toContain("Lenovo");
      await dialog
        .getByRole("combobox", { name: "Brand", exact: true })
        .selectOption({ label: "New brand…" });
      await dialog.getByLabel("New brand").fill("  apple ");
      await dialog.getByLabel("Model").fill(model);
      await dialog.getByLabel("Issue").fill("Screen Repair");
      await dialog.getByLabel("Price (CAD)").fill("129");
      await dialog.getByRole("button", { name: "Add Repair Item" }).click();
      await expect(page.getByTestId("toast")).toContainText("Repair item added successfully.");

      // Apple has more than a page of entries and a new one comes last: the list opens on its page.
      await expect(page).toHaveURL(
        /\?category=mobile&brand=Apple&page=\d+&highlight=\d+#item-\d+$/,
      );
      const pageNumber = Number(new URL(page.url()).searchParams.get("page"));
      expect(pageNumber).toBeGreaterThan(1);
      await expect(
        page.getByRole("navigation", { name: "Pagination" }).locator("[aria-current=page]"),
      ).toHaveText(`Page ${pageNumber}`);
      const row = page.getByTestId("repair-item-row").filter({ hasText: model });
      await expectHighlighted(row);
      await expect(row).toContainText("$129.00");
      const saved = (await repairItemsViaApi(request)).filter((item) => item.model === model);
      expect(saved.map((item) => item.brand)).toEqual(["Apple"]);

      // Edit: the existing brand is chosen from the list, not typed.
      await row.getByRole("link", { name: /^Edit/ }).click();
      dialog = page.getByRole("dialog", { name: "Edit Repair Item" });
      await expect(dialog.getByRole("combobox", { name: "Brand", exact: true })).toHaveValue(
        "Apple",
      );
      await dialog.getByLabel("Price (CAD)").fill("119");
      await dialog.getByRole("button", { name: "Update Repair Item" }).click();
      await expect(page.getByTestId("toast")).toContainText("Repair item updated successfully.");
      await expectHighlighted(page.getByTestId("repair-item-row").filter({ hasText: model }));
      await expect(page.getByTestId("repair-item-row").filter({ hasText: model })).toContainText(
        "$119.00",
      );

      const token = await apiToken(request);
      const id = saved[0]!.id;
      await request.post(`/api/admin/delete_repair_item.php?id=${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    },
  );

  test(
    "an edit refused because the entry changed meanwhile comes back in its dialog with both changes, and saves",
    { tag: "@js-only" },
    async ({ page, request }) => {
      const model = uniqueName("Dialog Phone");
      const token = await apiToken(request);
      const entry = { deviceCategory: "mobile", brand: "Google", model, issue: "Battery" };
      const added = await request.post("/api/admin/add_repair_item.php", {
        headers: { authorization: `Bearer ${token}` },
        data: { ...entry, price: 79 },
      });
      const { id } = (await added.json()) as { id: number };
      await logIn(page, {
        from: `/admin/login?redirectTo=${encodeURIComponent(`/admin/repair-items/${id}/edit`)}`,
        landsOn: new RegExp(`/admin/repair-items/${id}/edit$`),
      });
      const dialog = page.getByRole("dialog", { name: "Edit Repair Item" });
      await expect(dialog.getByLabel("Model")).toHaveValue(model);
      // Someone else renames it while the dialog is open.
      const renamed = await request.post(`/api/admin/update_repair_item.php?id=${id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { ...entry, model: `${model} Pro`, price: 79 },
      });
      expect(renamed.status()).toBe(200);

      await dialog.getByLabel("Price (CAD)").fill("89.99");
      await dialog.getByRole("button", { name: "Update Repair Item" }).click();
      await expect(dialog.getByRole("alert")).toContainText(
        `Google ${model} · Battery → Google ${model} Pro · Battery: $79.00`,
      );
      await expect(dialog.getByLabel("Model")).toHaveValue(`${model} Pro`);
      await expect(dialog.getByLabel("Price (CAD)")).toHaveValue("89.99");
      await expectNoAxeViolations(page, "edit dialog refused");

      await dialog.getByRole("button", { name: "Update Repair Item" }).click();
      await expect(page.getByTestId("toast")).toContainText("Repair item updated successfully.");
      await expectHighlighted(
        page.getByTestId("repair-item-row").filter({ hasText: `${model} Pro` }),
      );
      expect((await repairItemsViaApi(request)).find((item) => item.id === id)).toMatchObject({
        model: `${model} Pro`,
        price: 89.99,
        version: 3,
      });
    },
  );

  test(
    "page numbers and the jump to a category and brand",
    { tag: "@js-only" },
    async ({ page }) => {
      await logIn(page, {
        from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items",
        landsOn: /\/admin\/repair-items$/,
      });
      const pagination = page.getByRole("navigation", { name: "Pagination" });
      await pagination.getByRole("link", { name: "Page 2", exact: true }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(pagination.locator("[aria-current=page]")).toHaveText("Page 2");
      await page.getByLabel("Category").selectOption("Smart Watch Repair");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/category=watch/);
      await page.getByLabel("Brand").selectOption("Samsung");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/category=watch&brand=Samsung/);
      // The URL changes before React renders the new rows (the navigation is a transition).
      const rows = page.getByTestId("repair-item-row");
      await expect(rows.first()).toBeVisible();
      await expect(rows.filter({ hasNotText: /^Smart Watch RepairSamsung/ })).toHaveCount(0);
    },
  );

  test("on a phone the rows are cards and the edit dialog's buttons are on screen", async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize(phone);
    await logIn(page, {
      from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%3Fcategory%3Dmobile",
      landsOn: /category=mobile$/,
    });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    if (jsEnabled) await expectNoAxeViolations(page, "price list on a phone");
    await page.getByTestId("repair-item-row").first().getByRole("link", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Repair Item" });
    await expect(dialog.getByRole("button", { name: "Update Repair Item" })).toBeInViewport({
      ratio: 1,
    });
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
    if (jsEnabled) {
      await expectNoAxeViolations(page, "edit dialog on a phone");
      // With JavaScript the "New brand" field appears when it is asked for.
      await expect(dialog.getByLabel("New brand")).toHaveCount(0);
      await dialog
        .getByRole("combobox", { name: "Brand", exact: true })
        .selectOption({ label: "New brand…" });
      await expect(dialog.getByLabel("New brand")).toBeVisible();
      await expectNoAxeViolations(page, "edit dialog with a new brand");
    }
  });
});
