import type { Page } from "@playwright/test";
import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { admin, openRepair } from "./support/admin";
import { bookViaApi } from "./support/api";

const inProgressNote =
  "Your device is currently under repair. We will send you an update after the quality check.";

const statusForm = (page: Page) => page.getByRole("complementary", { name: "Update status" });

// Without JavaScript the forms post and the server answers with the page, its toast and its
// errors: tested once at the HTML level (tests/html/admin-repairs.spec.ts). Here: the same forms
// with JavaScript (the note filled in as the status is chosen, the router's submissions), the
// Discard buttons in both browsers, the warnings before leaving, the layout and axe.
test.describe("a repair's page", () => {
  test(
    "two staff on one repair: a save from a page opened before the other's change is refused, says what changed, and applies on top",
    { tag: "@js-only" },
    async ({ page, browser, request }) => {
      const booked = await bookViaApi(request);
      await openRepair(page, booked.id);
      // The technician's phone, signed in on its own.
      const phoneContext = await browser.newContext({ viewport: phone });
      const bench = await phoneContext.newPage();
      try {
        await openRepair(bench, booked.id);
        await statusForm(bench).getByLabel("Repair Status").selectOption("ready_for_pickup");
        await statusForm(bench).getByRole("button", { name: "Update Status" }).click();
        await expect(bench.getByTestId("toast")).toContainText("Repair status updated");
      } finally {
        await phoneContext.close();
      }

      const form = statusForm(page);
      const note = "Pre-existing Face ID fault noted at intake.";
      await form.getByLabel("Note to Customer").fill(note);
      await form.getByRole("button", { name: "Update Status" }).click();
      const alert = form.getByRole("alert");
      await expect(alert).toContainText("was changed while you had it open, so nothing was saved");
      await expect(alert).toContainText(`admin: ${booked.reference}: Pending → Ready for Pickup`);
      // The page shows what is stored now; the form, the note typed on top of it.
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Ready for Pickup");
      await expect(form.getByLabel("Repair Status")).toHaveValue("ready_for_pickup");
      await expect(form.getByLabel("Note to Customer")).toHaveValue(note);

      await form.getByRole("button", { name: "Update Status" }).click();
      await expect(page.getByTestId("toast")).toContainText("Note saved and sent to the customer.");
      await expect(form.getByRole("alert")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Ready for Pickup");
      await expect(page.getByTestId("history-entry").last()).toContainText(note);
    },
  );

  test(
    "shows the booking and its appointment, changes the status, records who did it, and the customer sees it",
    { tag: "@js-only" },
    async ({ page, request }) => {
      const booked = await bookViaApi(request);
      await openRepair(page, booked.id);

      await expect(page.getByRole("heading", { level: 1 })).toContainText(booked.reference);
      const appointment = page.getByRole("region", { name: "Appointment" });
      await expect(appointment).toContainText("11:00 AM");
      await expect(appointment.getByTestId("urgency")).toHaveText("Urgent (Same day)");
      const customer = page.getByRole("region", { name: "Customer & Device" });
      await expect(
        customer.getByRole("link", { name: "sam.tremblay@example.com" }),
      ).toHaveAttribute("href", "mailto:sam.tremblay@example.com");
      const digits = booked.phone.replace(/\D/g, "");
      await expect(
        customer.getByRole("link", {
          name: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
        }),
      ).toBeVisible();
      await expect(customer).toContainText("MacBook Air 13-inch (M1, 2020)");
      await expect(customer).toContainText("Several keys stopped working after a spill.");
      await expect(page.getByLabel("Customer's tracking link")).toHaveValue(
        /\/track-repair\/[\w-]{20,}$/,
      );
      await expect(page.getByRole("link", { name: "Print ticket and label" })).toHaveAttribute(
        "href",
        `/admin/repairs/${booked.id}/print`,
      );
      const history = page.getByTestId("history-entry");
      await expect(history).toHaveCount(1);
      await expect(history.first()).toContainText("by Customer (online booking)");
      await expect(page.getByTestId("booking-message").first()).toBeVisible();

      const form = statusForm(page);
      // The hint tells what really happens: with JavaScript the message appears at once.
      await expect(form).toContainText("Choosing a status fills in its usual message");
      await form.getByLabel("Repair Status").selectOption("in_progress");
      await expect(form.getByLabel("Note to Customer")).toHaveValue(inProgressNote);
      await form.getByLabel("Expected Delivery Date").fill("2030-01-15");
      await form.getByRole("button", { name: "Update Status" }).click();

      await expect(page.getByTestId("toast")).toContainText("Repair status updated successfully.");
      await expect(page).toHaveURL(new RegExp(`/admin/repairs/${booked.id}$`));
      await expect(page.getByRole("heading", { level: 1 }).getByTestId("status-badge")).toHaveText(
        "In Progress",
      );
      await expect(appointment).toContainText("Tue, Jan 15, 2030");
      await expect(history).toHaveCount(2);
      await expect(history.last()).toContainText("In Progress");
      await expect(history.last()).toContainText(`by ${admin.username}`);
      await expect(history.last().locator("time")).toHaveText(/\d{4}, \d{1,2}:\d{2}/);
      await expect(history.last()).toContainText(inProgressNote);

      await page.goto("/track-repair");
      await page.getByLabel("Repair ID").fill(booked.reference);
      await page.getByRole("button", { name: "Track Repair" }).click();
      await expect(page.getByTestId("status-badge")).toHaveText("In Progress");
      await expect(page.getByTestId("customer-note")).toContainText(inProgressNote);
    },
  );

  test(
    "refuses an expected delivery before the booking date and keeps what was typed",
    { tag: "@js-only" },
    async ({ page, request }) => {
      const booked = await bookViaApi(request);
      await openRepair(page, booked.id);
      const form = statusForm(page);
      await form.getByLabel("Repair Status").selectOption("completed");
      await form.getByLabel("Note to Customer").fill("All done, come by after 3 pm.");
      await form.getByLabel("Expected Delivery Date").fill("2020-01-01");
      await form.getByRole("button", { name: "Update Status" }).click();

      await expect(
        form.getByRole("link", {
          name: /^Expected delivery cannot be before the booking date \(\w{3}, \w{3} \d{1,2}, \d{4}\)\.$/,
        }),
      ).toBeVisible();
      await expect(form.getByLabel("Expected Delivery Date")).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(form.getByLabel("Note to Customer")).toHaveValue(
        "All done, come by after 3 pm.",
      );
      await expect(form.getByLabel("Repair Status")).toHaveValue("completed");
      await expect(page.getByRole("heading", { level: 1 }).getByTestId("status-badge")).toHaveText(
        "Pending",
      );
      await expect(page.getByTestId("history-entry")).toHaveCount(1);
    },
  );

  test(
    "corrects the customer's details, and the history says who did",
    { tag: "@js-only" },
    async ({ page, request }) => {
      const booked = await bookViaApi(request, { deviceModel: "MacBook Ari" });
      await openRepair(page, booked.id);
      await page.getByText("Edit details and intake").click();
      const edit = page
        .locator("form")
        .filter({ has: page.getByRole("button", { name: "Save Details" }) });
      await edit.getByLabel("Model").fill("MacBook Air (M2, 2022)");
      await edit.getByLabel("E-mail").fill("");
      await edit.getByRole("button", { name: "Save Details" }).click();
      // An online booking keeps its e-mail address: the customer's updates go there.
      await expect(
        edit.getByRole("link", { name: /online booking needs the customer's e-mail/ }),
      ).toBeVisible();

      await edit.getByLabel("E-mail").fill("sam.t@example.com");
      await edit.getByRole("button", { name: "Save Details" }).click();
      await expect(page.getByTestId("toast")).toContainText("Customer and device details updated.");
      const customer = page.getByRole("region", { name: "Customer & Device" });
      await expect(customer).toContainText("MacBook Air (M2, 2022)");
      await expect(customer.getByRole("link", { name: "sam.t@example.com" })).toBeVisible();
      const last = page.getByTestId("history-entry").last();
      await expect(last).toContainText("Details corrected");
      await expect(last).toContainText(`by ${admin.username}`);
      await expect(last).toContainText("Model: MacBook Ari → MacBook Air (M2, 2022)");
    },
  );

  test("Discard changes puts back the saved values", async ({ page, request, jsEnabled }) => {
    const booked = await bookViaApi(request);
    await openRepair(page, booked.id);
    const form = statusForm(page);
    await form.getByLabel("Note to Customer").fill("Half-typed note");
    await form.getByRole("button", { name: "Discard changes" }).click();
    if (jsEnabled) {
      const confirm = page.getByRole("alertdialog", { name: "Discard your changes?" });
      await confirm.getByRole("button", { name: "Keep editing" }).click();
      await expect(form.getByLabel("Note to Customer")).toHaveValue("Half-typed note");
      await form.getByRole("button", { name: "Discard changes" }).click();
      await confirm.getByRole("button", { name: "Discard changes" }).click();
      await expect(confirm).toHaveCount(0);
    }
    await expect(form.getByLabel("Note to Customer")).toHaveValue("");
  });

  test(
    "warns before leaving with typed changes",
    { tag: "@js-only" },
    async ({ page, request }) => {
      const booked = await bookViaApi(request);
      await openRepair(page, booked.id, "?from=%2Fadmin%2Frepairs%3Fstatus%3Dpending");
      const back = page.getByRole("link", { name: "← Back to repairs" });
      await expect(back).toHaveAttribute("href", "/admin/repairs?status=pending");

      await statusForm(page).getByLabel("Note to Customer").fill("Typed, not saved");
      await back.click();
      const confirm = page.getByRole("alertdialog", { name: "Discard your changes?" });
      await expect(confirm).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(confirm).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/admin/repairs/${booked.id}\\?`));
      await expect(statusForm(page).getByLabel("Note to Customer")).toHaveValue("Typed, not saved");

      // The same for the details form, and "Discard changes" then leaves.
      await statusForm(page).getByRole("button", { name: "Discard changes" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Discard changes" }).click();
      await page.getByText("Edit details and intake").click();
      await page.getByLabel("First Name").fill("Samuel");
      await page.getByRole("link", { name: "Manage Repairs" }).click();
      await confirm.getByRole("button", { name: "Discard changes" }).click();
      await expect(page).toHaveURL(/\/admin\/repairs$/);
    },
  );

  test("fits a phone: no sideways scroll, the status form near the top and its button reachable", async ({
    page,
    request,
  }) => {
    const booked = await bookViaApi(request, {
      issueDescription: "A very long description without breaks: ".concat("x".repeat(300)),
    });
    await page.setViewportSize(phone);
    await openRepair(page, booked.id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    const save = statusForm(page).getByRole("button", { name: "Update Status" });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    const box = (await save.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    // The form comes before the customer's details on a phone.
    const formTop = (await statusForm(page).boundingBox())!.y;
    expect(formTop).toBeLessThan(
      (await page.getByRole("region", { name: "Customer & Device" }).boundingBox())!.y,
    );
  });

  test(
    "has no axe violations, at desktop and phone width, with an error showing",
    { tag: "@js-only" },
    async ({ page, request }) => {
      const booked = await bookViaApi(request);
      await openRepair(page, booked.id);
      const check = async (label: string) => {
        expect(await axeViolations(page, { label })).toEqual([]);
      };
      await check("desktop");
      await statusForm(page).getByLabel("Expected Delivery Date").fill("2020-01-01");
      await statusForm(page).getByRole("button", { name: "Update Status" }).click();
      await expect(
        statusForm(page).getByRole("link", { name: /cannot be before the booking date/ }),
      ).toBeVisible();
      await page.getByText("Edit details and intake").click();
      await check("with an error and the details form open");
      await page.setViewportSize(phone);
      await check("phone");
    },
  );
});
