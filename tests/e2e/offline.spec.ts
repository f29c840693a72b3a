import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { logIn } from "./support/admin";
import { axeViolations } from "./support/axe";
import { bookingPayload } from "./support/api";
import { fillBooking, uniquePhone } from "./support/booking";
import {
  bookingsFor,
  controlled,
  formKey,
  keptHeading,
  offlineRecords,
  shortAnswerWait,
} from "./support/offline";
import { oneBookingServer } from "./support/one-booking-server";
import { serverStartMs, startServer, type ServerProcess } from "./support/server-process";

// These tests are about the service worker, which the other specs block.
test.use({ serviceWorkers: "allow" });

/** Uncaught errors fail a test; the failed requests of a cut connection are expected here. */
test.beforeEach(({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

/** Every URL kept in Cache Storage. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

/** Opens the booking form under the service worker's control, fills it in and cuts the network. */
async function bookOffline(page: Page, context: BrowserContext, phone: string, origin = "") {
  await page.goto(`${origin}/book-appointment`);
  await controlled(page);
  await context.setOffline(true);
  await fillBooking(page, phone);
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(keptHeading(page, "booking")).toBeVisible();
  expect(await offlineRecords(page, "queued")).toBe(1);
}

// The service worker exists only with JavaScript.
test.describe("offline, with JavaScript", { tag: "@js-only" }, () => {
  test("an installable site: manifest, icons and a service worker", async ({ page, request }) => {
    await page.goto("/");
    await controlled(page);
    const manifest = (await (await request.get("/site.webmanifest")).json()) as {
      name: string;
      theme_color: string;
      icons: { src: string; purpose?: string }[];
    };
    expect(manifest.name).toBe("WeFix Oakville");
    expect(manifest.theme_color).toBe("#1e40af");
    for (const icon of manifest.icons)
      expect((await request.get(icon.src)).headers()["content-type"]).toBe("image/png");
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    expect((await request.get("/sw.js")).headers()["cache-control"]).toBe("no-cache");
  });

  test("content pages open offline, links between them work, and anything else shows the offline page", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await controlled(page);
    for (const path of ["/", "/services/mobile", "/faq", "/price-list/laptop", "/contact"])
      await page.goto(path);
    await context.setOffline(true);

    await page.goto("/services/mobile");
    await expect(
      page.getByRole("heading", { name: "Mobile Repair Service", level: 1 }),
    ).toBeVisible();
    await page.goto("/price-list/laptop");
    await expect(page.getByText("$349.99").first()).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      "Frequently Asked Questions",
    );

    await page.goto("/track-repair");
    await expect(page).toHaveURL(/\/offline\?from=%2Ftrack-repair$/);
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    const reach = page.getByRole("region", { name: "Reach us without the site" });
    await expect(reach.getByRole("link", { name: /Call \(905\) 555-0142/ })).toHaveAttribute(
      "href",
      "tel:+19055550142",
    );
    await expect(reach.getByRole("link", { name: /WhatsApp Us/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\//,
    );
    await expect(reach.getByText("240 Lakeshore Rd E, Oakville")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Business Hours" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute(
      "href",
      "/track-repair",
    );
  });

  test("the home page visited before the worker took over, the header's Book link and both forms open offline, each form with a key of its own", async ({
    page,
    context,
    request,
  }) => {
    // One online visit of the home page: the worker installs while it is open.
    await page.goto("/");
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole("banner").getByRole("link", { name: /^Book/ }).click();
    await expect(page).toHaveURL(/\/book-appointment$/);
    await expect(
      page.getByRole("heading", { name: "Book an Appointment", level: 1 }),
    ).toBeVisible();
    await expect(page.getByText("You are offline. You can still fill in this form")).toBeVisible();
    expect(await axeViolations(page, { label: "booking form opened offline" })).toEqual([]);
    // Never the key of the page the copy was made from: one the phone made, new each time.
    const first = await formKey(page);
    expect(first).toMatch(/^phone\.[\w-]{32}$/);
    await page.reload();
    const second = await formKey(page);
    expect(second).toMatch(/^phone\.[\w-]{32}$/);
    expect(second).not.toBe(first);

    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
    expect(await formKey(page)).toMatch(/^phone\.[\w-]{32}$/);

    // A booking typed into the copy is kept, and stored once when the network returns.
    await page.goto("/book-appointment");
    const phone = uniquePhone();
    await fillBooking(page, phone);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(keptHeading(page, "booking")).toBeVisible();
    expect(await axeViolations(page, { label: "kept booking" })).toEqual([]);
    await context.setOffline(false);
    await expect(page.getByText("You are offline. You can still fill in this form")).toBeHidden();
    await expect(page.getByRole("heading", { name: "Booking Received!" })).toBeVisible({
      timeout: 30_000,
    });
    expect(await bookingsFor(request, phone)).toHaveLength(1);
  });

  test("a booking typed offline is stored once when the network returns, and its confirmation shows", async ({
    page,
    context,
    request,
  }) => {
    const phone = uniquePhone();
    await bookOffline(page, context, phone);
    expect(await bookingsFor(request, phone)).toHaveLength(0);
    // Other pages say what waits, and the offline page lists it.
    await page.goto("/offline");
    await expect(
      page.getByText("1 request is saved on this phone and will be sent when you are back online."),
    ).toBeVisible();
    const waiting = page.getByRole("region", { name: "Waiting to be sent" });
    await expect(waiting.getByRole("listitem")).toHaveCount(1);
    await expect(waiting.getByRole("listitem")).toContainText("Booking saved");
    await expect(waiting.getByRole("listitem")).toContainText("Samsung Galaxy S23");

    await context.setOffline(false);
    await expect(page.getByRole("heading", { name: "Booking Received!" })).toBeVisible({
      timeout: 20_000,
    });
    const reference = await page.getByTestId("booking-reference").textContent();
    expect(await bookingsFor(request, phone)).toHaveLength(1);
    expect((await bookingsFor(request, phone, "", reference!)).map((b) => b.reference)).toEqual([
      reference,
    ]);
    expect(await offlineRecords(page, "queued")).toBe(0);
    expect(await offlineRecords(page, "outcomes")).toBe(0);
  });

  test("a booking kept when the server never answers is found stored once the server does, and never sent twice", async ({
    page,
    context,
    request,
  }) => {
    // The worker waits 2 s for an answer, and holds the key 12 s for the post on its way.
    await context.addInitScript(shortAnswerWait, 2_000);
    const phone = uniquePhone();
    await page.goto("/book-appointment");
    await controlled(page);
    // The server takes the form's post and stays silent, and cannot be asked about it at first.
    let stalled = 0;
    await context.route(/\/book-appointment$/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      stalled += 1;
      await route.fetch();
      await new Promise(() => {});
    });
    await context.route(/\/book-appointment\/landed$/, (route) => route.abort("connectionreset"));
    let sentAgain = 0;
    await context.route(/\/book-appointment\/queued$/, (route) => {
      sentAgain += 1;
      return route.continue();
    });
    await fillBooking(page, phone);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    // Kept after 2 s without an answer and without word on its key: the page says so.
    await expect(keptHeading(page, "booking")).toBeVisible({ timeout: 30_000 });

    // The server answers questions again. The queue waits while the post may still arrive (the
    // worker holds the key for six times its wait), asks before sending, and finds it stored.
    await context.unroute(/\/book-appointment\/landed$/);
    await expect(page.getByRole("heading", { name: "Booking Received!" })).toBeVisible({
      timeout: 45_000,
    });
    expect(stalled).toBe(1);
    expect(sentAgain).toBe(0);
    const reference = await page.getByTestId("booking-reference").textContent();
    expect(await bookingsFor(request, phone)).toHaveLength(1);
    expect((await bookingsFor(request, phone, "", reference!)).map((b) => b.reference)).toEqual([
      reference,
    ]);
  });

  test("a message typed offline is sent once when the network returns", async ({
    page,
    context,
  }) => {
    const token = `offline-${Date.now().toString(36)}`;
    const text = `Is my screen in stock? (${token})`;
    await page.goto("/contact");
    await controlled(page);
    await context.setOffline(true);
    await page.getByLabel("Name").fill("Robin Okafor");
    await page.getByLabel("Email").fill("robin.okafor@example.com");
    // Exactly: "Send me a copy of this message by e-mail" is labelled with the word too.
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(keptHeading(page, "message")).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByTestId("toast")).toContainText("Message Sent Successfully!", {
      timeout: 20_000,
    });
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
    expect(await offlineRecords(page, "queued")).toBe(0);
    // Staff see it once.
    await logIn(page);
    await page.goto("/admin/messages");
    await expect(page.getByTestId("contact-message").filter({ hasText: token })).toHaveCount(1);
  });

  test("a kept booking changed or deleted offline is never sent, and once back online nothing of it stays", async ({
    page,
    context,
    request,
  }) => {
    const phone = uniquePhone();
    await bookOffline(page, context, phone);
    // The server cannot be asked whether it landed: it is taken back all the same, and said so.
    await page.getByRole("button", { name: "Change it" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your booking is off this phone" }),
    ).toBeVisible();
    await expect(page.getByLabel("Device Model")).toHaveValue("Galaxy S23");

    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(keptHeading(page, "booking")).toBeVisible();
    expect(await offlineRecords(page, "queued")).toBe(1);
    await page.getByRole("button", { name: "Delete it" }).click();
    await expect(page.getByLabel("Device Model")).toHaveValue("");
    await expect(keptHeading(page, "booking")).toBeHidden();

    // Back online, the phone asks about what was taken back, finds it never landed, and forgets it.
    await context.setOffline(false);
    await expect.poll(() => offlineRecords(page, "queued"), { timeout: 20_000 }).toBe(0);
    expect(await bookingsFor(request, phone)).toHaveLength(0);
  });

  test("the last tracked repair reads offline, as of when it was saved, and can be removed", async ({
    page,
    context,
    request,
  }) => {
    const link = await trackingLinkOfNewBooking(request);
    await page.goto(link);
    await controlled(page);
    await expect(page.getByText("A copy is kept on this phone")).toBeVisible();
    const reference = (await page
      .getByRole("main")
      .getByText(/^WF-\d+$/)
      .first()
      .textContent())!;

    await context.setOffline(true);
    await page.goto(link);
    await expect(page).toHaveURL(/\/offline\?from=/);
    await expect(page.getByRole("heading", { name: /^Your repair, as of / })).toBeVisible();
    await expect(page.getByText(reference)).toBeVisible();
    await page.getByRole("button", { name: "Remove it from this phone" }).click();
    await expect(page.getByText(reference)).toHaveCount(0);
    expect(await offlineRecords(page, "tracked")).toBe(0);
  });

  test("staff pages are never cached, and logging out leaves nothing personal on the device", async ({
    page,
    context,
    request,
  }) => {
    await page.goto(await trackingLinkOfNewBooking(request));
    await controlled(page);
    await expect(page.getByText("A copy is kept on this phone")).toBeVisible();
    await logIn(page);
    await page.goto("/admin/repairs");
    await page.goto(`/admin/agenda`);
    const kept = await cachedUrls(page);
    expect(
      kept.filter((url) =>
        /\/(admin|api)\b|\/track-repair\/|\/confirmation\//.test(new URL(url).pathname),
      ),
    ).toEqual([]);

    await context.setOffline(true);
    const offline = await page.goto("/admin/dashboard").catch((error: Error) => error);
    expect(offline instanceof Error ? offline.message : `status ${offline?.status()}`).toMatch(
      /ERR_INTERNET_DISCONNECTED/,
    );
    await context.setOffline(false);

    await page.goto("/admin/logout");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await offlineRecords(page, "tracked")).toBe(0);
    expect(await cachedUrls(page)).toEqual([]);
  });
});

// The service worker exists only with JavaScript; the tag keeps the other project from even
// starting these servers.
test.describe(
  "a kept booking the server refuses, on a server whose slots hold one booking",
  { tag: "@js-only" },
  () => {
    const server = oneBookingServer();

    test("brings the visitor back to the form with the input and the reason", async ({
      page,
      context,
      request,
    }) => {
      const phone = uniquePhone();
      await bookOffline(page, context, phone, server.url());
      // Meanwhile someone else takes the time.
      const date = await page.getByLabel("Preferred Date").inputValue();
      expect((await server.book(date, "3:30 PM")).status()).toBe(201);

      await context.setOffline(false);
      // The reason leads the form's error summary, which has the browser's focus, and stands
      // beside the time list.
      const reason = "This time slot is fully booked. Please choose another time.";
      const summary = page.getByRole("alert").filter({ hasText: reason });
      await expect(summary.getByRole("link", { name: reason })).toBeVisible({ timeout: 20_000 });
      await expect(summary).toBeFocused();
      await expect(page.getByLabel("Preferred Time")).toHaveAccessibleDescription(reason);
      await expect(page).toHaveURL(new RegExp(`${server.url()}/book-appointment$`));
      await expect(page.getByLabel("Phone")).toHaveValue(phone);
      await expect(page.getByLabel("Device Model")).toHaveValue("Galaxy S23");
      await expect(page.getByTestId("toast")).toContainText("Your saved booking was not sent");
      expect(await bookingsFor(request, phone, server.url())).toHaveLength(0);
      expect(await offlineRecords(page, "queued")).toBe(0);
      expect(await offlineRecords(page, "outcomes")).toBe(0);
    });
  },
);

// The service worker exists only with JavaScript; the tag keeps the other project from even
// starting these servers.
test.describe("a release while a booking waits", { tag: "@js-only" }, () => {
  let server: ServerProcess;
  let buildCopy: string;
  test.beforeAll(async () => {
    test.setTimeout(serverStartMs + 30_000);
    // Inside the project, so the copy finds its packages.
    buildCopy = mkdtempSync(path.resolve("build-release-"));
    cpSync(process.env.BUILD_DIR ?? "build", buildCopy, { recursive: true });
    server = await startServer({
      BUILD_DIR: buildCopy,
      PGLITE_DIR: "memory://",
      LOG_LEVEL: "silent",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(buildCopy, { recursive: true, force: true });
  });

  test("the new service worker waits for a navigation, and the kept booking still goes through", async ({
    page,
    context,
    request,
  }) => {
    // Its own waits (the kept booking, the update, the send) add up to more than a test's default
    // 30 s on a busy machine.
    test.setTimeout(150_000);
    const phone = uniquePhone();
    // The queue's door is out of reach until the new release is running.
    await context.route(/\/book-appointment\/queued$/, (route) => route.abort("connectionrefused"));
    await bookOffline(page, context, phone, server.url);
    await context.setOffline(false);
    await page.waitForTimeout(4000);
    expect(await offlineRecords(page, "queued")).toBe(1);

    const worker = path.join(buildCopy, "client/sw.js");
    writeFileSync(worker, `${readFileSync(worker, "utf8")}\n// the next release\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect(page.getByText("A new version of this site is ready.")).toBeVisible({
      timeout: 20_000,
    });
    // The open page keeps running the release it started with until the visitor moves on.
    await expect(keptHeading(page, "booking")).toBeVisible();

    await context.unroute(/\/book-appointment\/queued$/);
    await page.getByRole("link", { name: "Services" }).first().click();
    // The new worker takes over, then the kept booking is sent and its confirmation opened: over
    // 30 s beside two other test runs.
    await expect(page.getByRole("heading", { name: "Booking Received!" })).toBeVisible({
      timeout: 60_000,
    });
    expect(
      await page.evaluate(async () =>
        (await (await fetch("/sw.js")).text()).includes("the next release"),
      ),
    ).toBe(true);
    expect(await bookingsFor(request, phone, server.url)).toHaveLength(1);
  });
});

test.describe("without JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled !== false,
    "the pages as they were, with no service worker",
  );

  test("no service worker is installed, and the forms post as they always did", async ({
    page,
    context,
  }) => {
    const phone = uniquePhone();
    await page.goto("/");
    await page.goto("/book-appointment");
    await fillBooking(page, phone);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByRole("heading", { name: "Booking Received!" })).toBeVisible();
    expect(context.serviceWorkers()).toEqual([]);
  });
});

/**
 * Books through the page's form as a browser without JavaScript would; the booking's secret
 * tracking link.
 */
async function trackingLinkOfNewBooking(request: APIRequestContext) {
  const page = await (await request.get("/book-appointment")).text();
  const submissionKey = /name="submissionKey" value="([^"]+)"/.exec(page)![1]!;
  const form = Object.fromEntries(
    Object.entries({ ...bookingPayload(), submissionKey }).map(([name, value]) => [
      name,
      String(value),
    ]),
  );
  const booked = await request.post("/book-appointment", { form, maxRedirects: 0 });
  expect(booked.status()).toBe(303);
  return `/track-repair/${booked.headers()["location"]!.split("/").pop()}`;
}
