import { expect, phone, test } from "./fixtures";
import { logIn, uniqueName } from "./support/admin";

/**
 * What the counter's intake needs a browser for (decision 0046): the repair picked from the price
 * list fills the issue and the quote at once, "All pass", the print dialog from the repair's page,
 * and the checklist on a phone. The round trips without JavaScript: tests/html/admin-intake.spec.ts.
 */

/** Counts the print dialogs opened from now on, instead of opening them. */
const countPrints = () => {
  const counted = window as unknown as { printed: number };
  counted.printed = 0;
  window.print = () => {
    counted.printed += 1;
  };
};

test.describe("intake at the counter", () => {
  test(
    "the price list fills issue and quote at once, All pass ticks every check, and the repair page prints both in one click",
    { tag: "@js-only" },
    async ({ page }) => {
      await logIn(page, {
        from: "/admin/login?redirectTo=%2Fadmin%2Frepairs%2Fnew",
        landsOn: /\/admin\/repairs\/new$/,
      });
      const lastName = uniqueName("Quick");
      await page.getByLabel(/^First name/).fill("Maria");
      await page.getByLabel(/^Last name/).fill(lastName);
      await page.getByLabel(/^Phone/).fill("905 555 0187");
      await page.getByLabel(/^Device category/).selectOption("mobile");
      await page.getByLabel("Brand").fill("Apple");
      await page.getByLabel("Model").fill("iphone 13");
      // No button to press: the model's repairs arrive as it is typed.
      await expect(page.getByRole("button", { name: "Find repairs" })).toHaveCount(0);
      const pick = page.getByLabel("Repair from the price list");
      await expect(pick).toBeVisible();
      const battery = (await pick.locator("option").allTextContents()).find((o) =>
        o.startsWith("Battery Replacement — $"),
      )!;
      await pick.selectOption({ label: battery });
      await expect(page.getByLabel(/^Issue/)).toHaveValue("Battery Replacement");
      await expect(page.getByLabel("Quoted price (CAD)")).toHaveValue(
        battery.split(" — $")[1]!.replace(/,/g, ""),
      );

      await page.getByRole("button", { name: "All pass" }).click();
      for (const check of ["Powers on", "Cameras", "No signs of liquid"])
        await expect(page.getByLabel(`${check}: Pass`)).toBeChecked();
      await page.getByText("Cameras: Fail").click();
      await expect(page.getByLabel("Cameras: Fail")).toBeChecked();
      await page.getByLabel("Customer kept the passcode").check();

      await page.evaluate(countPrints);
      await page.getByRole("button", { name: "Save walk-in and print" }).click();
      await page.waitForURL(/\/admin\/repairs\/\d+\/print$/);
      await expect(page.getByTestId("ticket-checklist")).toContainText("CamerasFail");
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed))
        .toBe(1);

      await page.getByRole("link", { name: "Open repair" }).click();
      await page.waitForURL(/\/admin\/repairs\/\d+$/);
      await page.evaluate(countPrints);
      await page.getByRole("link", { name: "Print ticket and label" }).click();
      await page.waitForURL(/\/print$/);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed))
        .toBe(1);
    },
  );

  test("the checklist is one row a check on a phone, each answer a thumb's size", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await logIn(page, {
      from: "/admin/login?redirectTo=%2Fadmin%2Frepairs%2Fnew",
      landsOn: /\/admin\/repairs\/new$/,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    const row = page.getByTestId("check-speaker_microphone");
    const answers = row.locator("label > span");
    await expect(answers).toHaveCount(3);
    // One reading of the layout: the toast leaving above can move the row between two readings.
    const { boxes, rowBox, name } = await row.evaluate((element) => {
      const rect = (node: Element) => node.getBoundingClientRect().toJSON() as DOMRect;
      const label = [...element.querySelectorAll("*")].find(
        (node) => node.children.length === 0 && node.textContent === "Speaker and microphone",
      )!;
      return {
        boxes: [...element.querySelectorAll("label > span")].map(rect),
        rowBox: rect(element),
        name: rect(label),
      };
    });
    for (const box of boxes) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(88);
      expect(box.right).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
    }
    // The three answers side by side, under the check's name.
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
    expect(name.y + name.height).toBeLessThanOrEqual(boxes[0]!.top + 0.5);
    // A tap on an answer chooses it, with or without JavaScript.
    await answers.nth(1).click();
    await expect(page.getByLabel("Speaker and microphone: Fail")).toBeChecked();
  });
});
