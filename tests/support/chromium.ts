/**
 * Debian's Chromium and the flags it needs on these machines: headless, as root, and without the
 * background connections the closed network refuses. Shared by Playwright and the benches.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const quietFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const chromiumArgs = ["--headless=new", ...quietFlags];

/**
 * The tests' browser: Debian's Chromium headless shell, the same engine without the browser's
 * window code, as Playwright runs by default. It takes a third less time than the full browser in
 * headless mode (decision 0063). The benches keep the full browser, as a visitor's.
 */
export const testBrowserPath = process.env.TEST_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const testBrowserArgs = quietFlags;
