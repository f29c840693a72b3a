import { test as base, expect, type Page } from "@playwright/test";

/**
 * A staff page answers the keyboard and pointer as its script means it to only once React has
 * hydrated it; typed before that, a value reaches the page but not its listeners (a lookup never
 * runs, a list's filter never follows). `goto` and `reload` therefore return, as a person's first
 * tap would come, once `html[data-hydrated]` is set (app/root.tsx). Public pages are not hydrated
 * (decision 0036) and return at once.
 */
function untilHydrated(page: Page) {
  const hydrated = async () => {
    if (!(await page.locator("script[type=module]:not([src])").count())) return;
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** Fails a test on any console error or uncaught page error, with JavaScript on or off. */
export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) untilHydrated(page);
    const problems: string[] = [];
    page.on("console", (message) => {
      // A page answered with a 4xx (a 404, a form with errors) and connections a test drops on
      // purpose log errors by design. So does the router when a navigation is superseded while its
      // data is still arriving: single fetch logs the abort before it drops the old navigation
      // (remix-run/remix#10348), and the newer navigation goes on.
      if (
        message.type() === "error" &&
        !/status of 4\d\d|ERR_CONNECTION_RESET|^AbortError: signal is aborted without reason/.test(
          message.text(),
        )
      ) {
        problems.push(message.text());
      }
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await use(page);
    expect(problems, "console errors").toEqual([]);
  },
});

export { expect };

export const desktop = { width: 1280, height: 900 };
export const phone = { width: 390, height: 844 };
