import { expect, test } from "./fixtures";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";

// Each would run script or draw an element if a page put it into HTML unescaped.
const markup = {
  firstName: `<img src=x onerror=alert(1)>`,
  deviceModel: `"><svg onload=alert(2)>`,
  issueDescription: `<script>alert(3)</script></textarea><b id="injected">bold</b>`,
  note: `<iframe src="javascript:alert(4)"></iframe>&amp; done`,
};

// With JavaScript on, where the admin draws its pages again in the browser and a dialog would
// open if any markup ran. The HTML the server sends, which is all a page without JavaScript has,
// is checked without a browser in tests/html/public-content-escaping.spec.ts.
test("text customers and staff typed is shown as text on every page that shows it @js-only", async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const booked = await bookViaApi(request, {
    firstName: markup.firstName,
    deviceModel: markup.deviceModel,
    issueDescription: markup.issueDescription,
  });

  await logIn(page, {
    from: `/admin/login?redirectTo=${encodeURIComponent(`/admin/repairs?q=${booked.reference}`)}`,
    landsOn: /\/admin\/repairs\?q=/,
  });
  await expect(page.getByTestId("repair-row").first()).toContainText(markup.firstName);
  await page.goto(`/admin/repairs/${booked.id}`);
  const details = page.getByRole("region", { name: "Customer & Device" });
  await expect(details).toContainText(markup.deviceModel);
  await expect(details).toContainText(markup.issueDescription);
  const form = page.getByRole("complementary", { name: "Update status" });
  await form.getByLabel("Repair Status").selectOption("waiting_parts");
  await form.getByLabel("Note to Customer").fill(markup.note);
  await form.getByRole("button", { name: "Update Status" }).click();
  await expect(page.getByTestId("toast")).toContainText("Repair status updated successfully.");

  await page.goto("/track-repair");
  await page.getByLabel("Repair ID").fill(booked.reference);
  await page.getByLabel("Phone Number").fill(booked.phone);
  await page.getByRole("button", { name: "Track Repair" }).click();
  await expect(page.getByTestId("customer-note")).toContainText(markup.note);
  await expect(page.getByText(markup.deviceModel)).toBeVisible();

  for (const selector of ["img[src=x]", "svg[onload]", "#injected", "iframe[src^=javascript]"])
    await expect(page.locator(selector)).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
