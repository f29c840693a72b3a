/**
 * Debian's Chromium and the flags it needs on these machines: headless, as root, and without the
 * background connections the closed network refuses. Shared by Playwright and the Lighthouse bench.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
