import { test as base } from "@playwright/test";
base("probe", async ({ page }) => {
  page.on("console", (m) => console.log("CONSOLE", m.type(), m.text()));
  await page.goto("/contact");
  await page.getByLabel("Name *").fill("Jane");
  await page.getByLabel("Email *").fill("jane@example");
  const [resp] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Send Message" }).click()]);
  console.log("STATUS", resp.status(), page.url());
  await page.waitForTimeout(500);
  console.log(await page.evaluate(() => document.documentElement.scrollHeight));
  await page.goto("/no-such-page");
});
