import { test as base, expect } from "@playwright/test";

/** Fails a test on any console error or uncaught page error, with JavaScript on or off. */
export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  page: async ({ page }, use) => {
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
