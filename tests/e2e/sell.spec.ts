import { expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { open } from "./support/public";

/**
 * /sell in a browser, with JavaScript on and off: each step by its links, the questions by their
 * radio buttons, the offer kept, at a phone's width with nothing wider than the screen. The round
 * trips read as HTML are tests/html/sell.spec.ts.
 */
test.describe("selling a device", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("picks a device, answers the questions and keeps the offer", async ({ page, jsEnabled }) => {
    await open(page, "/sell", jsEnabled);
    for (const choice of ["Tablet", "Apple", "iPad (A16)", "128 GB"]) {
      await page.getByRole("main").getByRole("link", { name: choice, exact: true }).click();
    }
    await expect(page.getByRole("heading", { name: "Tell us about its condition" })).toBeVisible();
    for (const [question, answer] of [
      ["Does it turn on and work normally?", "Yes"],
      ["How is the screen?", "Like new: no scratches"],
      ["How is the back and frame?", "Like new: no marks"],
      ["Battery health (Settings → Battery)", "I don't know"],
      ["Do the cameras, buttons, and Face ID or Touch ID all work?", "No, something doesn't"],
      ["Is it still signed in to iCloud (Find My) or a Google account?", "No, I've signed out"],
      ["Is it locked to a carrier?", "No, it's unlocked"],
    ] as const)
      await page.getByRole("group", { name: question }).getByLabel(answer, { exact: true }).check();
    await page.getByRole("button", { name: "See my offer" }).click();

    // $280 excellent, less $30 for the battery and $60 for the parts.
    await expect(page.getByTestId("offer-amount")).toHaveText("$190.00");
    await expect(page.getByText("Battery health not known: −$30.00")).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    if (jsEnabled) expect(await axeViolations(page, { label: "the offer step" })).toEqual([]);

    await page.getByLabel("Your name").fill("Jo Seller");
    await page.getByLabel("Mobile phone").fill("905 555 0188");
    await page.getByLabel("By text message").check();
    const dropOff = page.getByLabel("Drop-off time");
    const firstTime = await dropOff.locator("optgroup option").first().getAttribute("value");
    await dropOff.selectOption(firstTime!);
    await page.getByRole("button", { name: "Keep my offer" }).click();

    await expect(page).toHaveURL(/\/sell\/offer\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Thanks, Jo Seller: your offer is saved",
    );
    await expect(page.getByTestId("offer-reference")).toHaveText(/^T-[A-Z2-9]{6}$/);
    await expect(page.locator("p", { hasText: "Drop-off:" })).not.toContainText("Any time");
  });
});
