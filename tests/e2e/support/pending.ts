import type { Page } from "@playwright/test";

/**
 * What the page's waiting buttons (`data-pending`) showed while a form was in flight, as
 * "label, disabled" lines. A locator waits for a pending navigation to finish, so it cannot see
 * that state; the page reports it as it happens.
 */
export async function recordPendingButtons(page: Page) {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("pending: ")) seen.push(message.text().slice(9));
  });
  await page.evaluate(() => {
    new MutationObserver((records) => {
      for (const { target } of records)
        if (target instanceof HTMLButtonElement && target.dataset.pending !== undefined)
          console.log(`pending: ${target.textContent}, ${target.disabled}`);
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["disabled"] });
  });
  return seen;
}
