import { expect, test as base, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { fillBooking, uniquePhone } from "./support/booking";
import {
  bookingsFor,
  controlled,
  formKey,
  keptHeading,
  messagesWith,
  offlineRecords,
  seen,
  shortAnswerWait,
  watchFor,
} from "./support/offline";
import { weakSignalProxy, type WeakSignalProxy } from "./support/weak-signal-proxy";

/*
 * Issue 31, item 1: a booking or message sent on a weak signal, through a proxy in front of the
 * test server that holds answers back, drops them after the server acted, delays requests or loses
 * them. The service worker, the queue and the kept notice ask the server whether a submission key
 * landed before they say anything, send, change or delete (decision 0060).
 */

const received = (page: Page) => page.getByRole("heading", { name: "Booking Received!" });

/**
 * The site seen through a weak-signal proxy, its service worker registered to wait 2 s (not 10)
 * for an answer before it asks; the form of each test opened there under the worker's control and
 * filled in: `phone` for a booking, `token` in a message.
 */
const test = base.extend<{ signal: WeakSignalProxy; phone: string; token: string }>({
  signal: async ({ baseURL, context, page }, use) => {
    page.on("pageerror", (error) => {
      throw error;
    });
    await context.addInitScript(shortAnswerWait, 2_000);
    const signal = await weakSignalProxy(baseURL!);
    await use(signal);
    await signal.close();
  },
  phone: async ({ page, signal }, use) => {
    const phone = uniquePhone();
    await page.goto(`${signal.url}/book-appointment`);
    await controlled(page);
    await fillBooking(page, phone);
    await watchFor(page, "kept", "Your booking is saved on this phone");
    await watchFor(page, "checking", "We are checking whether your booking reached us");
    await use(phone);
  },
  token: async ({ page, signal }, use) => {
    const token = `weak-${Date.now().toString(36)}`;
    await page.goto(`${signal.url}/contact`);
    await controlled(page);
    await page.getByLabel("Name").fill("Robin Okafor");
    await page.getByLabel("Email").fill("robin.okafor@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill(`Is my screen in stock? (${token})`);
    await watchFor(page, "kept", "Your message is saved on this phone");
    await use(token);
  },
});

// The service worker is what is tested, and it exists only with JavaScript.
test.use({ serviceWorkers: "allow" });

const book = (page: Page) => page.getByRole("button", { name: "Book Appointment" }).click();
const send = (page: Page) => page.getByRole("button", { name: "Send Message" }).click();

test.describe("on a weak signal", { tag: "@js-only" }, () => {
  // Each test waits out the service worker's 2 s and the proxy's few seconds, on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test("a booking whose answer is held past the phone's wait opens its confirmation, stored once and never kept", async ({
    page,
    request,
    signal,
    phone,
  }) => {
    signal.set("POST", "/book-appointment", { kind: "hold", ms: [5_000, 7_000] });
    await book(page);
    await expect(received(page)).toBeVisible({ timeout: 45_000 });
    // After 2 s the page said it was asking, and never that the booking was kept.
    expect(await seen(page, "checking")).toBe(true);
    expect(await seen(page, "kept")).toBe(false);
    expect(await bookingsFor(request, phone)).toHaveLength(1);
    expect(signal.reached("POST", "/book-appointment")).toBe(1);
    expect(signal.reached("POST", "/book-appointment/landed")).toBeGreaterThan(0);
    expect(signal.reached("POST", "/book-appointment/queued")).toBe(0);
    expect(await offlineRecords(page, "queued")).toBe(0);
  });

  test("a booking whose answer is lost after the server stored it opens its confirmation, stored once and never kept", async ({
    page,
    request,
    signal,
    phone,
  }) => {
    signal.set("POST", "/book-appointment", { kind: "drop" });
    await book(page);
    await expect(received(page)).toBeVisible({ timeout: 45_000 });
    expect(await seen(page, "kept")).toBe(false);
    expect(await bookingsFor(request, phone)).toHaveLength(1);
    expect(signal.reached("POST", "/book-appointment/queued")).toBe(0);
    expect(await offlineRecords(page, "queued")).toBe(0);
  });

  test("a booking whose request is delayed past the phone's wait is kept meanwhile, then opens its confirmation, stored once", async ({
    page,
    request,
    signal,
    phone,
  }) => {
    signal.set("POST", "/book-appointment", { kind: "delay", ms: [5_000, 7_000] });
    await book(page);
    // After 2 s the server says it has nothing under the key yet: kept. Then the post arrives.
    await expect(received(page)).toBeVisible({ timeout: 60_000 });
    expect(await seen(page, "kept")).toBe(true);
    expect(await bookingsFor(request, phone)).toHaveLength(1);
    expect(signal.reached("POST", "/book-appointment")).toBe(1);
    // The queue asked before sending, and found it stored: the kept copy was never sent.
    expect(signal.reached("POST", "/book-appointment/queued")).toBe(0);
    expect(await offlineRecords(page, "queued")).toBe(0);
  });

  test("a kept booking that never reached the server, deleted, is never stored, even once the network is back", async ({
    page,
    request,
    signal,
    phone,
  }) => {
    const key = await formKey(page);
    // The post is lost on the way, its connection cut after 12 s; the server can still be asked.
    signal.set("POST", "/book-appointment", { kind: "lose", ms: 3_000 });
    await book(page);
    await expect(keptHeading(page, "booking")).toBeVisible({ timeout: 30_000 });
    // Deleting waits for the lost post to fail, then asks the server once more.
    await page.getByRole("button", { name: "Delete it" }).click();
    await expect(keptHeading(page, "booking")).toBeHidden({ timeout: 30_000 });
    await expect(page.getByLabel("Device Model")).toHaveValue("");
    // Whatever is typed next is a new booking.
    expect(await formKey(page)).not.toBe(key);

    signal.clear();
    await page.reload();
    await controlled(page);
    // A page open and online sends what it keeps at once, and again after 3 s.
    await page.waitForTimeout(5_000);
    expect(await offlineRecords(page, "queued")).toBe(0);
    expect(await bookingsFor(request, phone)).toHaveLength(0);
    expect(signal.reached("POST", "/book-appointment")).toBe(0);
    expect(signal.reached("POST", "/book-appointment/queued")).toBe(0);
  });

  test("a kept booking that had reached the server, changed, opens its confirmation page: one booking", async ({
    page,
    request,
    signal,
    phone,
  }) => {
    // Stored at once, its answer held 8 s; the server cannot be asked at first.
    signal.set("POST", "/book-appointment", { kind: "hold", ms: [8_000, 8_000] });
    signal.set("POST", "/book-appointment/landed", { kind: "lose", ms: 0 });
    await book(page);
    await expect(keptHeading(page, "booking")).toBeVisible({ timeout: 30_000 });
    signal.clear("POST", "/book-appointment/landed");
    await page.getByRole("button", { name: "Change it" }).click();
    await expect(page.getByText("Checking with the shop first…")).toBeVisible();
    expect(await axeViolations(page, { label: "kept booking, asking" })).toEqual([]);
    // The change waits for the post on its way, then hears that it landed: its own page.
    await expect(received(page)).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/book-appointment\/confirmation\/[\w-]+$/);
    await expect(page.getByTestId("toast")).toContainText("Your booking had already reached us");
    await expect(page.getByTestId("toast")).toContainText(
      "To change the time or the details, use this page.",
    );
    expect(await bookingsFor(request, phone)).toHaveLength(1);
    expect(signal.reached("POST", "/book-appointment/queued")).toBe(0);
  });

  test("a kept booking that had reached the server, changed while the server could not be asked and sent again, is still one booking", async ({
    page,
    request,
    signal,
    phone,
  }) => {
    // Stored, but its answer lost, and no question answered: the reviewer's two bookings.
    signal.set("POST", "/book-appointment", { kind: "drop" });
    signal.set("POST", "/book-appointment/landed", { kind: "lose", ms: 0 });
    await book(page);
    await expect(keptHeading(page, "booking")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Change it" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your booking is off this phone" }),
    ).toBeVisible();
    await expect(page.getByLabel("Device Model")).toHaveValue("Galaxy S23");

    signal.clear("POST", "/book-appointment");
    await page.getByLabel("Preferred Time").selectOption("17:00");
    await book(page);
    await expect(received(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("toast")).toContainText("This booking had already reached us");
    // The booking as first sent stands; the change is made on this page.
    await expect(page.getByRole("main")).toContainText("3:30 PM");
    expect(await bookingsFor(request, phone)).toHaveLength(1);
  });

  test("a message whose answer is lost after the server stored it says it was sent, stored once and never kept", async ({
    page,
    context,
    signal,
    token,
  }) => {
    signal.set("POST", "/contact", { kind: "drop" });
    await send(page);
    await expect(page.getByTestId("toast")).toContainText("Message Sent Successfully!", {
      timeout: 45_000,
    });
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
    expect(await seen(page, "kept")).toBe(false);
    expect(signal.reached("POST", "/contact/queued")).toBe(0);
    expect(await messagesWith(context, token)).toBe(1);
  });

  test("a kept message that never reached the server, deleted, is never stored", async ({
    page,
    context,
    signal,
    token,
  }) => {
    signal.set("POST", "/contact", { kind: "lose", ms: 3_000 });
    await send(page);
    await expect(keptHeading(page, "message")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Delete it" }).click();
    await expect(keptHeading(page, "message")).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");

    signal.clear();
    await page.reload();
    await controlled(page);
    await page.waitForTimeout(5_000);
    expect(await offlineRecords(page, "queued")).toBe(0);
    expect(signal.reached("POST", "/contact")).toBe(0);
    expect(signal.reached("POST", "/contact/queued")).toBe(0);
    expect(await messagesWith(context, token)).toBe(0);
  });
});
