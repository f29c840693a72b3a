import { expect, test as base, type Browser, type Page } from "@playwright/test";
import { formatClock } from "~/utils/clock";
import { logIn } from "./support/admin";
import { axeViolations } from "./support/axe";
import { uniquePhone } from "./support/booking";
import {
  controlled,
  formKey,
  keptHeading,
  offlineRecords,
  seen,
  shortAnswerWait,
  watchFor,
} from "./support/offline";
import { oneBookingServer } from "./support/one-booking-server";
import { weakSignalProxy, type WeakSignalProxy } from "./support/weak-signal-proxy";
import { sellerDevice } from "../support/sell-fields";

/*
 * Issue 33: an offer kept on /sell goes through the offline queue like a booking (queue kind
 * `trade`, doors /sell/queued and /sell/landed). The connection drops as the seller keeps the
 * offer, or the answer is slow, held or lost, and the offer is stored once all the same. The same
 * cases for a booking are tests/e2e/offline.spec.ts and tests/e2e/offline-weak-signal.spec.ts.
 */

/**
 * The offer step, by its address as the questions' GET form leads there: an iPhone 15 128 GB with
 * light scratches and a worn battery, $310.00.
 */
const offerStep = `/sell?${new URLSearchParams(sellerDevice)}`;

/** The seller's details, to get the offer by text at `phone`; dropped off whenever they like. */
async function fillOffer(page: Page, phone: string) {
  await page.getByLabel("Your name").fill("Sam Seller");
  await page.getByLabel("Mobile phone").fill(phone);
  await page.getByLabel("By text message").check();
}

const keepOffer = (page: Page) => page.getByRole("button", { name: "Keep my offer" }).click();

/** The offer's own page, where a kept offer shows once it is stored. */
async function expectOfferPage(page: Page, timeout = 30_000) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Thanks, Sam Seller: your offer is saved",
    { timeout },
  );
  await expect(page).toHaveURL(/\/sell\/offer\/[\w-]{43}$/);
  await expect(page.getByTestId("offer-amount")).toHaveText("$310.00");
}

/** How many offers staff see for `phone` on the server at `origin`, read in a context of its own. */
async function offersFor(browser: Browser, origin: string, phone: string) {
  const staff = await browser.newContext({ baseURL: origin });
  const page = await staff.newPage();
  await logIn(page);
  await page.goto(`/admin/trade-ins?q=${encodeURIComponent(phone)}`);
  const found = await page.getByTestId("offer-row").count();
  await staff.close();
  return found;
}

/**
 * Opens the offer step under the service worker's control, cuts the network, fills
 * in the seller's details and keeps the offer: kept on the phone.
 */
async function keepOffline(page: Page, phone: string) {
  await page.goto(offerStep);
  await controlled(page);
  await page.context().setOffline(true);
  await fillOffer(page, phone);
  await keepOffer(page);
  await expect(keptHeading(page, "offer")).toBeVisible();
  expect(await offlineRecords(page, "queued")).toBe(1);
}

/**
 * A phone number of the seller's that no other test uses; their page's uncaught errors fail the
 * test (the failed requests of a cut connection are expected here).
 */
const test = base.extend<{ phone: string }>({
  phone: async ({ page }, use) => {
    page.on("pageerror", (error) => {
      throw error;
    });
    await use(uniquePhone());
  },
});

// The service worker is what is tested, and it exists only with JavaScript.
test.use({ serviceWorkers: "allow" });

test.describe("/sell and the service worker", { tag: "@js-only" }, () => {
  test("is asked of the server once a visit, never kept, and offline its steps show the offline page", async ({
    page,
    context,
  }) => {
    let asked = 0;
    await context.route(/\/sell$/, (route) => {
      if (route.request().method() === "GET") asked += 1;
      return route.continue();
    });
    await page.goto("/sell");
    await controlled(page);
    await page.reload();
    // Time for a copy to be fetched behind the page, were one kept.
    await page.waitForTimeout(2_000);
    expect(asked).toBe(2);

    await context.setOffline(true);
    await page.goto(offerStep);
    await expect(page).toHaveURL(/\/offline\?from=%2Fsell%3F/);
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    // "Try again" goes back to the step with the device and answers chosen, not to the start.
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", offerStep);
  });
});

test.describe("an offer kept offline", { tag: "@js-only" }, () => {
  test("is listed as waiting, stored once when the network returns, and its page opens", async ({
    page,
    context,
    browser,
    baseURL,
    phone,
  }) => {
    await keepOffline(page, phone);
    expect(await axeViolations(page, { label: "kept offer" })).toEqual([]);
    expect(await offersFor(browser, baseURL!, phone)).toBe(0);

    // Other pages say what waits, and the offline page lists it.
    await page.goto("/offline");
    await expect(
      page.getByText("1 request is saved on this phone and will be sent when you are back online."),
    ).toBeVisible();
    const waiting = page.getByRole("region", { name: "Waiting to be sent" });
    await expect(waiting.getByRole("listitem")).toHaveCount(1);
    await expect(waiting.getByRole("listitem")).toContainText("Trade-in offer saved");
    await expect(waiting.getByRole("listitem")).toContainText("Apple iPhone 15 128 GB");

    await context.setOffline(false);
    await expectOfferPage(page);
    await expect(page.getByTestId("offer-reference")).toHaveText(/^T-[A-Z2-9]{6}$/);
    expect(await offersFor(browser, baseURL!, phone)).toBe(1);
    expect(await offlineRecords(page, "queued")).toBe(0);
    expect(await offlineRecords(page, "outcomes")).toBe(0);
  });

  test("when the server never answers is found stored once the server does, and never sent twice", async ({
    page,
    context,
    browser,
    baseURL,
    phone,
  }) => {
    // The worker waits 2 s for an answer, and holds the key 12 s for the post on its way.
    await context.addInitScript(shortAnswerWait, 2_000);
    await page.goto(offerStep);
    await controlled(page);
    // The server takes the form's post and stays silent, and cannot be asked about it at first.
    let stalled = 0;
    await context.route(/\/sell\?/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      stalled += 1;
      await route.fetch();
      await new Promise(() => {});
    });
    await context.route(/\/sell\/landed$/, (route) => route.abort("connectionreset"));
    let sentAgain = 0;
    await context.route(/\/sell\/queued$/, (route) => {
      sentAgain += 1;
      return route.continue();
    });
    await fillOffer(page, phone);
    await keepOffer(page);
    await expect(keptHeading(page, "offer")).toBeVisible({ timeout: 30_000 });

    // The server answers questions again: the queue asks before sending, and finds it stored.
    await context.unroute(/\/sell\/landed$/);
    await expectOfferPage(page, 45_000);
    expect(stalled).toBe(1);
    expect(sentAgain).toBe(0);
    expect(await offersFor(browser, baseURL!, phone)).toBe(1);
  });

  test("changed or deleted offline is never sent, and once back online nothing of it stays", async ({
    page,
    context,
    browser,
    baseURL,
    phone,
  }) => {
    await keepOffline(page, phone);
    // The server cannot be asked whether it landed: it is taken back all the same, and said so.
    await page.getByRole("button", { name: "Change it" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your offer is off this phone" }),
    ).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("Sam Seller");
    await expect(page.getByLabel("Mobile phone")).toHaveValue(phone);

    await keepOffer(page);
    await expect(keptHeading(page, "offer")).toBeVisible();
    expect(await offlineRecords(page, "queued")).toBe(1);
    await page.getByRole("button", { name: "Delete it" }).click();
    await expect(keptHeading(page, "offer")).toBeHidden();
    await expect(page.getByLabel("Your name")).toHaveValue("");

    // Back online, the phone asks about what was taken back, finds it never landed, and forgets it.
    await context.setOffline(false);
    await expect.poll(() => offlineRecords(page, "queued"), { timeout: 20_000 }).toBe(0);
    expect(await offersFor(browser, baseURL!, phone)).toBe(0);
  });
});

// The tag keeps the other project from even starting this server.
test.describe(
  "a kept offer the server refuses, on a server whose slots hold one booking",
  { tag: "@js-only" },
  () => {
    const server = oneBookingServer();

    test("brings the seller back to the offer with the input and the reason", async ({
      page,
      context,
      phone,
    }) => {
      await page.goto(`${server.url()}${offerStep}`);
      await controlled(page);
      const dropOff = page.getByLabel("Drop-off time");
      const chosen = (await dropOff.locator("optgroup option").first().getAttribute("value"))!;
      await dropOff.selectOption(chosen);
      const key = await formKey(page);
      await context.setOffline(true);
      await fillOffer(page, phone);
      await keepOffer(page);
      await expect(keptHeading(page, "offer")).toBeVisible();
      // Meanwhile someone books that time, the only one it had.
      const [date, time] = chosen.split(" ") as [string, string];
      const [hours, minutes] = time.split(":").map(Number) as [number, number];
      expect((await server.book(date, formatClock(hours * 60 + minutes))).status()).toBe(201);

      await context.setOffline(false);
      const reason =
        "That drop-off time is no longer free. Please choose another, or that you'll just bring it.";
      // The reason leads the form's error summary, which has the browser's focus, and stands
      // beside the drop-off list.
      const summary = page.getByRole("alert").filter({ hasText: reason });
      await expect(summary.getByRole("link", { name: reason })).toBeVisible({ timeout: 20_000 });
      await expect(summary).toBeFocused();
      await expect(page.getByLabel("Drop-off time")).toHaveAccessibleDescription(reason);
      await expect(page).toHaveURL(new RegExp(`${server.url()}/sell\\?.*model=iPhone`));
      await expect(page.getByTestId("offer-amount")).toHaveText("$310.00");
      await expect(page.getByLabel("Your name")).toHaveValue("Sam Seller");
      await expect(page.getByLabel("Mobile phone")).toHaveValue(phone);
      await expect(page.getByTestId("toast")).toContainText("Your saved offer was not sent");
      // That server's staff sign in otherwise: its landed door says nothing is stored under the key.
      const landed = await server.shop().post("/sell/landed", { form: { submissionKey: key } });
      expect(await landed.json()).toEqual({ landed: false });
      expect(await offlineRecords(page, "queued")).toBe(0);
      expect(await offlineRecords(page, "outcomes")).toBe(0);
    });
  },
);

/**
 * The site seen through a weak-signal proxy, its service worker registered to wait 2 s (not 10)
 * for an answer before it asks; the offer step opened there under the worker's control, the
 * seller's details filled in.
 */
const weak = test.extend<{ signal: WeakSignalProxy }>({
  signal: async ({ baseURL, context, page, phone }, use) => {
    await context.addInitScript(shortAnswerWait, 2_000);
    const signal = await weakSignalProxy(baseURL!);
    await page.goto(`${signal.url}${offerStep}`);
    await controlled(page);
    await fillOffer(page, phone);
    await watchFor(page, "kept", "Your offer is saved on this phone");
    await watchFor(page, "checking", "We are checking whether your offer reached us");
    await use(signal);
    await signal.close();
  },
});

weak.describe("an offer kept on a weak signal", { tag: "@js-only" }, () => {
  // Each test waits out the service worker's 2 s and the proxy's few seconds, on a busy machine.
  weak.describe.configure({ timeout: 90_000 });

  weak(
    "whose answer is held past the phone's wait opens its page, stored once and never kept",
    async ({ page, browser, baseURL, signal, phone }) => {
      signal.set("POST", "/sell", { kind: "hold", ms: [5_000, 7_000] });
      await keepOffer(page);
      await expectOfferPage(page, 45_000);
      // After 2 s the page said it was asking, and never that the offer was kept.
      expect(await seen(page, "checking")).toBe(true);
      expect(await seen(page, "kept")).toBe(false);
      expect(await offersFor(browser, baseURL!, phone)).toBe(1);
      expect(signal.reached("POST", "/sell")).toBe(1);
      expect(signal.reached("POST", "/sell/landed")).toBeGreaterThan(0);
      expect(signal.reached("POST", "/sell/queued")).toBe(0);
      expect(await offlineRecords(page, "queued")).toBe(0);
    },
  );

  weak(
    "whose answer is lost after the server stored it opens its page, stored once and never kept",
    async ({ page, browser, baseURL, signal, phone }) => {
      signal.set("POST", "/sell", { kind: "drop" });
      await keepOffer(page);
      await expectOfferPage(page, 45_000);
      expect(await seen(page, "kept")).toBe(false);
      expect(await offersFor(browser, baseURL!, phone)).toBe(1);
      expect(signal.reached("POST", "/sell/queued")).toBe(0);
      expect(await offlineRecords(page, "queued")).toBe(0);
    },
  );

  weak(
    "whose request is delayed past the phone's wait is kept meanwhile, then opens its page, stored once",
    async ({ page, browser, baseURL, signal, phone }) => {
      signal.set("POST", "/sell", { kind: "delay", ms: [5_000, 7_000] });
      await keepOffer(page);
      // After 2 s the server has nothing under the key yet: kept. Then the post arrives.
      await expectOfferPage(page, 60_000);
      expect(await seen(page, "kept")).toBe(true);
      expect(await offersFor(browser, baseURL!, phone)).toBe(1);
      expect(signal.reached("POST", "/sell")).toBe(1);
      // The queue asked before sending, and found it stored: the kept copy was never sent.
      expect(signal.reached("POST", "/sell/queued")).toBe(0);
      expect(await offlineRecords(page, "queued")).toBe(0);
    },
  );

  weak(
    "that never reached the server, deleted, is never stored, even once the network is back",
    async ({ page, browser, baseURL, signal, phone }) => {
      const key = await formKey(page);
      // The post is lost on the way, its connection cut after 3 s; the server can still be asked.
      signal.set("POST", "/sell", { kind: "lose", ms: 3_000 });
      await keepOffer(page);
      await expect(keptHeading(page, "offer")).toBeVisible({ timeout: 30_000 });
      await page.getByRole("button", { name: "Delete it" }).click();
      await expect(keptHeading(page, "offer")).toBeHidden({ timeout: 30_000 });
      await expect(page.getByLabel("Your name")).toHaveValue("");
      // Whatever is typed next is a new offer.
      expect(await formKey(page)).not.toBe(key);

      signal.clear();
      await page.reload();
      await controlled(page);
      // A page open and online sends what it keeps at once, and again after 3 s.
      await page.waitForTimeout(5_000);
      expect(await offlineRecords(page, "queued")).toBe(0);
      expect(await offersFor(browser, baseURL!, phone)).toBe(0);
      expect(signal.reached("POST", "/sell")).toBe(0);
      expect(signal.reached("POST", "/sell/queued")).toBe(0);
    },
  );

  weak(
    "that had reached the server, changed, opens its page: one offer",
    async ({ page, browser, baseURL, signal, phone }) => {
      // Stored at once, its answer held 8 s; the server cannot be asked at first.
      signal.set("POST", "/sell", { kind: "hold", ms: [8_000, 8_000] });
      signal.set("POST", "/sell/landed", { kind: "lose", ms: 0 });
      await keepOffer(page);
      await expect(keptHeading(page, "offer")).toBeVisible({ timeout: 30_000 });
      signal.clear("POST", "/sell/landed");
      await page.getByRole("button", { name: "Change it" }).click();
      await expect(page.getByText("Checking with the shop first…")).toBeVisible();
      // The change waits for the post on its way, then hears that it landed: its own page.
      await expectOfferPage(page, 60_000);
      await expect(page.getByTestId("toast")).toContainText("Your offer had already reached us");
      expect(await offersFor(browser, baseURL!, phone)).toBe(1);
      expect(signal.reached("POST", "/sell/queued")).toBe(0);
    },
  );

  weak(
    "that had reached the server, changed while the server could not be asked and kept again, is still one offer",
    async ({ page, browser, baseURL, signal, phone }) => {
      // Stored, but its answer lost, and no question answered.
      signal.set("POST", "/sell", { kind: "drop" });
      signal.set("POST", "/sell/landed", { kind: "lose", ms: 0 });
      await keepOffer(page);
      await expect(keptHeading(page, "offer")).toBeVisible({ timeout: 30_000 });
      await page.getByRole("button", { name: "Change it" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Your offer is off this phone" }),
      ).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveValue("Sam Seller");

      // The seller presses again: the same key, the offer first stored.
      signal.clear();
      await keepOffer(page);
      await expectOfferPage(page);
      expect(await offersFor(browser, baseURL!, phone)).toBe(1);
    },
  );
});

test.describe("without JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled !== false,
    "the page as it was, with no service worker",
  );

  test("no service worker is installed, and the offer form posts as it always did", async ({
    page,
    context,
    phone,
  }) => {
    await page.goto("/");
    await page.goto(offerStep);
    await fillOffer(page, phone);
    await keepOffer(page);
    await expectOfferPage(page);
    expect(context.serviceWorkers()).toEqual([]);
  });
});
