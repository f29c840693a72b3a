import type { Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";

/**
 * Resolves once the public page script has run over the server-rendered document (JavaScript on
 * only): it marks the page `html[data-enhanced]` when every part has set itself up.
 */
export async function waitForScript(page: Page) {
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
}

/** Opens a page and, with JavaScript, waits until it is interactive. */
export async function open(page: Page, path: string, jsEnabled: boolean) {
  const response = await page.goto(path);
  if (jsEnabled) await waitForScript(page);
  return response;
}

/**
 * Chooses in a device picker (the page's only one). Without JavaScript the visitor sends the form
 * with Update; with it the page script sends it on change. Either way the page loads again, at
 * the next step; this resolves once it has (and, with JavaScript, its script has run).
 */
export async function pickDevice(
  page: Page,
  label: "Brand" | "Series" | "Model",
  option: string,
  jsEnabled: boolean,
) {
  await page.waitForLoadState();
  if (jsEnabled) await waitForScript(page);
  const before = page.url();
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (jsEnabled) await page.waitForURL((url) => url.href !== before);
  else await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(option);
}

/** Counts full document loads of the main frame. */
export function countDocumentLoads(page: Page) {
  let loads = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/** Every JSON-LD object on the page. */
export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The href of a link as a URL, relative ones resolved against the page. */
export async function hrefOf(link: Locator) {
  const href = await link.getAttribute("href");
  expect(href, "link has an href").toBeTruthy();
  return new URL(href!, "http://localhost");
}

/** `items` in runs of `size`, for specs that check a few addresses per browser page. */
export function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

/**
 * Keeps every toast in view until the test ends: it leaves by itself after 5 s, and on a busy
 * machine checking where it sits can take longer than that. Chromium's animation clock is
 * stopped for the page and every page it opens next, so a toast's leaving never starts; nothing
 * else on these pages animates. Its leaving is tested in pages.spec.ts.
 */
export async function holdToasts(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Animation.enable");
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 0 });
}
