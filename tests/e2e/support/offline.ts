import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { logIn } from "./admin";

/** Waits until the service worker has installed and controls the page. */
export async function controlled(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, {
    timeout: 30_000,
  });
}

/** How many records a store of the offline database holds; 0 when the database does not exist. */
export function offlineRecords(page: Page, store: "queued" | "outcomes" | "tracked") {
  return page.evaluate(async (store) => {
    if (!(await indexedDB.databases()).some((db) => db.name === "wefix-offline")) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open("wefix-offline");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(store)) return resolve(0);
        const count = db.transaction(store).objectStore(store).count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
    });
  }, store);
}

/**
 * The bookings of a phone number, without their references (a phone alone never shows them); with
 * a reference, that booking if it is the number's. Asked of the server directly (`origin`).
 */
export async function bookingsFor(
  request: APIRequestContext,
  phone: string,
  origin = "",
  repairId?: string,
) {
  const query = new URLSearchParams({ phoneNumber: phone, ...(repairId && { repairId }) });
  const answer = await request.get(`${origin}/api/endpoints/track_repair.php?${query}`);
  return ((await answer.json()) as { bookings?: { reference?: string }[] }).bookings ?? [];
}

/** How many contact messages staff see with `token` in them, read in a page of its own. */
export async function messagesWith(context: BrowserContext, token: string) {
  const staff = await context.newPage();
  await logIn(staff);
  await staff.goto("/admin/messages");
  const found = await staff.getByTestId("contact-message").filter({ hasText: token }).count();
  await staff.close();
  return found;
}

export const keptHeading = (page: Page, what: "booking" | "message" | "offer") =>
  page.getByRole("heading", { name: `Your ${what} is saved on this phone` });

/** The submission key the page's form will post. */
export const formKey = (page: Page) =>
  page.locator('main form input[name="submissionKey"]').first().inputValue();

/**
 * An init script: the page registers its service worker to wait `ms` for a form's answer before it
 * asks whether the submission landed, rather than its 10 s (app/sw/form-posts.ts).
 */
export function shortAnswerWait(ms: number) {
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (url, options) {
    return register.call(this, `${String(url)}?answerWaitMs=${ms}`, options);
  };
}

/**
 * Records in the tab's session storage whether the page ever showed `text` (a line that may show
 * for a moment only, before the page moves on); `seen` reads it after.
 */
export async function watchFor(page: Page, name: string, text: string) {
  await page.evaluate(
    ([name, text]) => {
      const look = () => {
        if (document.body.innerText.includes(text)) sessionStorage.setItem(name, "seen");
      };
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    },
    [name, text] as const,
  );
}
export const seen = (page: Page, name: string) =>
  page.evaluate((name) => sessionStorage.getItem(name) === "seen", name);
