import type { Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";

/** Resolves once React has taken over the server-rendered document (JavaScript on only). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
  );
}

/** Opens a page and, with JavaScript, waits until it is interactive. */
export async function open(page: Page, path: string, jsEnabled: boolean) {
  const response = await page.goto(path);
  if (jsEnabled) await waitForHydration(page);
  return response;
}

/**
 * Counts full document loads of the main frame, to tell a client-side navigation from a page load.
 */
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
