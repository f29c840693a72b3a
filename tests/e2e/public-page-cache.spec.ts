import { desktop, expect, test } from "./fixtures";
import { open, waitForScript } from "./support/public";

test.use({ viewport: desktop });

test("a content page the browser revalidates (304) keeps its own policy, and its scripts still run", async ({
  page,
  jsEnabled,
}) => {
  // The browser reports a revalidated page as its stored 200: the stored policy's nonce tells it
  // apart.
  const nonces: (string | undefined)[] = [];
  page.on("response", (response) => {
    if (response.request().isNavigationRequest())
      nonces.push(/'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1]);
  });
  await open(page, "/faq", jsEnabled);
  await page.reload();
  if (jsEnabled) await waitForScript(page);
  expect(nonces).toHaveLength(2);
  expect(nonces[1]).toBe(nonces[0]);
  await page.getByRole("searchbox", { name: "Search questions" }).fill("warranty");
  if (!jsEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("faq-count")).not.toHaveText("Showing 18 of 18 questions");
  // A script the stored policy refused would be a console error, which fails the test.
});
