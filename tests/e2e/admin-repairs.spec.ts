import { expect, test } from "./fixtures";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";

const inProgressNote = "Your device is currently under repair. We will send you an update after the quality check.";

test.describe("repair requests", () => {
  test("finds a request, changes its status, and the customer sees it when tracking", async ({ page, request, jsEnabled }) => {
    const booked = await bookViaApi(request);
    await logIn(page, { from: `/admin/login?redirectTo=${encodeURIComponent(`/admin/repairs?q=${booked.reference}`)}`, landsOn: /\/admin\/repairs\?q=/ });

    const rows = page.getByTestId("repair-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(booked.reference);
    await expect(rows.first()).toContainText("No notes");
    await expect(rows.first().getByTestId("status-badge")).toHaveText("Pending");

    await page.getByRole("link", { name: `Edit ${booked.reference}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit Repair ${booked.reference}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("sam.tremblay@example.com")).toBeVisible();
    await dialog.getByLabel("Repair Status").selectOption("in_progress");
    // With JavaScript the canned message appears at once; without, the server puts it in.
    await expect(dialog.getByLabel("Note to Customer")).toHaveValue(jsEnabled ? inProgressNote : "");
    await dialog.getByLabel("Expected Delivery Date").fill("2030-01-15");
    await dialog.getByRole("button", { name: "Update Status" }).click();

    await expect(page.getByTestId("toast")).toContainText("Repair status updated successfully.");
    await expect(page).toHaveURL(new RegExp(`/admin/repairs\\?q=${booked.reference}$`));
    await expect(dialog).toHaveCount(0);
    await expect(rows.first().getByTestId("status-badge")).toHaveText("In Progress");

    await page.goto("/track-repair");
    await page.getByLabel("Repair ID").fill(booked.reference);
    await page.getByRole("button", { name: "Track Repair" }).click();
    await expect(page.getByTestId("status-badge")).toHaveText("In Progress");
    await expect(page.getByTestId("customer-note")).toContainText(inProgressNote);
    const history = page.getByRole("region", { name: "Status history" });
    await expect(history.getByText("In Progress")).toBeVisible();
  });

  test("keeps a note the staff member wrote, and Cancel closes the edit without saving", async ({ page, request }) => {
    const booked = await bookViaApi(request);
    await logIn(page, { from: `/admin/login?redirectTo=${encodeURIComponent(`/admin/repairs?q=${booked.reference}`)}`, landsOn: /\/admin\/repairs\?q=/ });

    await page.getByRole("link", { name: `Edit ${booked.reference}` }).click();
    await page.getByRole("dialog").getByLabel("Repair Status").selectOption("waiting_parts");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("repair-row").getByTestId("status-badge")).toHaveText("Pending");

    await page.getByRole("link", { name: `Edit ${booked.reference}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Repair Status").selectOption("completed");
    await dialog.getByLabel("Note to Customer").fill("Ready after 3 pm; bring your ID.");
    await dialog.getByRole("button", { name: "Update Status" }).click();
    await expect(page.getByTestId("toast")).toContainText("Repair status updated successfully.");
    const row = page.getByTestId("repair-row");
    await expect(row.getByTestId("status-badge")).toHaveText("Completed");
    await row.getByText("View note").click();
    await expect(row.getByText("Ready after 3 pm; bring your ID.")).toBeVisible();
  });

  test("searches by phone and filters by status through the URL", async ({ page, request }) => {
    const booked = await bookViaApi(request);
    await logIn(page, { from: "/admin/login?redirectTo=%2Fadmin%2Frepairs", landsOn: /\/admin\/repairs$/ });
    await page.getByLabel("Search").fill(booked.phone);
    await page.getByLabel("Status").selectOption("pending");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]status=pending/);
    await expect(page.getByTestId("repair-row")).toHaveCount(1);
    await expect(page.getByTestId("repair-row")).toContainText(booked.reference);

    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No repair requests found.")).toBeVisible();
  });
});
