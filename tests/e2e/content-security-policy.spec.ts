// The plain Playwright test, not ./fixtures: this test provokes the violation the fixture fails on.
import { expect, test } from "@playwright/test";

test("the browser enforces the policy: an injected inline script and a foreign frame are refused @js-only", async ({
  page,
}) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy"))
      refusals.push(message.text());
  });
  await page.goto("/");
  const violated = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          seen.push(event.violatedDirective);
          if (seen.length === 2) resolve(seen.sort());
        });
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.append(script);
        const frame = document.createElement("iframe");
        frame.src = "https://attacker.example/";
        document.body.append(frame);
      }),
  );
  expect(violated).toEqual(["frame-src", "script-src-elem"]);
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
  // The same refusals reach the console, which is what fails every other browser test.
  expect(refusals.length).toBeGreaterThanOrEqual(2);
});
