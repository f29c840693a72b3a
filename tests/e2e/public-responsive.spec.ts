import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { blogPosts } from "../../app/content/blog";
import { expect, phone, test } from "./fixtures";
import { bookViaApi } from "./support/api";
import {
  coveredWhenFocused,
  firstField,
  formatBox,
  reviewScreenshot,
  sidewaysScrolling,
  smallTapTargets,
  toastOverlaps,
  type FocusTargets,
} from "./support/layout-checks";
import { waitForMail } from "./support/mail";
import { chunks, holdToasts, open } from "./support/public";

/**
 * Every public page on a phone and a laptop, with JavaScript on and off: nothing scrolls sideways,
 * every tap target is at least 24×24 px, the page's task is on screen on arrival, and nothing
 * pinned to the window (the WhatsApp button, a toast) covers a focused field or a primary button.
 * Each page's full-length screenshot is attached and written to test-results/screenshots/.
 */

const laptop = { width: 1280, height: 800 };
const viewports = [phone, laptop];

let booking: Promise<string> | undefined;
/**
 * The secret token of one real booking per worker: booked through the JSON door, read from its
 * e-mail.
 */
function bookingToken(request: APIRequestContext) {
  booking ??= (async () => {
    // Second precision, and e-mails of earlier runs (same references, fresh database) stay in the
    // folder.
    const since = Date.now() - 1000;
    const { reference } = await bookViaApi(request);
    const mail = await waitForMail(
      (m) =>
        m.subject === `Your WeFix booking ${reference} is received` &&
        (m.date?.getTime() ?? 0) >= since,
    );
    const token = /\/track-repair\/([\w-]+)/.exec(mail.text ?? "")?.[1];
    if (!token) throw new Error(`no tracking link in the e-mail for ${reference}`);
    return token;
  })();
  return booking;
}

type PublicPage = {
  slug: string;
  path: string | ((request: APIRequestContext) => Promise<string>);
  status?: number;
  /** The control the page exists for, which must be on screen on arrival. */
  task?: { label: string; control: (page: Page) => Locator };
  /** A form whose every field is focused in turn and must stay uncovered. */
  form?: boolean;
};

const pages: PublicPage[] = [
  { slug: "home", path: "/" },
  { slug: "about", path: "/about" },
  { slug: "services", path: "/services" },
  {
    slug: "services-mobile",
    path: "/services/mobile",
    task: { label: "Brand select", control: (page) => page.getByLabel("Brand", { exact: true }) },
  },
  {
    slug: "services-mobile-chosen",
    path: "/services/mobile?brand=Google&model=Pixel+8&repair=Screen+Repair+%28Glass+and+LCD%29",
  },
  { slug: "price-list-mobile", path: "/price-list/mobile" },
  { slug: "price-list-laptop", path: "/price-list/laptop" },
  {
    slug: "book-appointment",
    path: "/book-appointment",
    task: { label: "booking form's first field", control: firstField },
    form: true,
  },
  {
    slug: "contact",
    path: "/contact",
    task: { label: "contact form's first field", control: firstField },
    form: true,
  },
  { slug: "faq", path: "/faq" },
  {
    slug: "track-repair",
    path: "/track-repair",
    task: { label: "tracking form's first field", control: firstField },
  },
  {
    slug: "track-repair-result",
    path: async (request) => `/track-repair/${await bookingToken(request)}`,
  },
  {
    slug: "booking-confirmation",
    path: async (request) => `/book-appointment/confirmation/${await bookingToken(request)}`,
  },
  // Moving or cancelling the appointment (decision 0056).
  {
    slug: "reschedule",
    path: async (request) => `/track-repair/${await bookingToken(request)}/reschedule`,
    form: true,
  },
  {
    slug: "cancel-booking",
    path: async (request) => `/track-repair/${await bookingToken(request)}/cancel`,
  },
  // The shop (issue 33): its listing and the first device's page with its reservation form.
  { slug: "shop", path: "/shop" },
  {
    slug: "shop-device",
    path: async (request) => {
      const listing = await (await request.get("/shop")).text();
      const href = /href="(\/shop\/[a-z0-9-]+)"/.exec(listing)?.[1];
      if (!href) throw new Error("no device is listed on /shop");
      return href;
    },
    form: true,
  },
  { slug: "blog", path: "/blog" },
  { slug: "blog-post", path: `/blog/${blogPosts[0]!.slug}` },
  { slug: "terms", path: "/terms" },
  { slug: "privacy-policy", path: "/privacy-policy" },
  { slug: "not-found", path: "/no-such-page", status: 404 },
];

/** Submit buttons and "Book …" links or buttons in the page's content. */
const primaryButtons: FocusTargets = {
  selector: "main button[type=submit], main form button:not([type]), main input[type=submit]",
  withText: { selector: "main a[href], main button", text: /^\s*Book\b/ },
};
const formFields: FocusTargets = {
  selector: "main form :is(input:not([type=hidden]), select, textarea, button)",
};

/** A list of problems as one readable message, long lists cut short. */
const listed = (where: string, what: string, problems: string[]) =>
  `${where}: ${what}\n  ${problems.slice(0, 15).join("\n  ")}${problems.length > 15 ? `\n  …and ${problems.length - 15} more` : ""}`;

/** One page at one size: status, task on screen, no sideways scrolling, tap targets, focus. */
async function checkPage(
  page: Page,
  request: APIRequestContext,
  jsEnabled: boolean,
  viewport: { width: number; height: number },
  target: PublicPage,
  testInfo: TestInfo,
) {
  const url = typeof target.path === "string" ? target.path : await target.path(request);
  const where = `${url} at ${viewport.width}×${viewport.height}`;
  await page.setViewportSize(viewport);
  const response = await open(page, url, jsEnabled);
  expect(response?.status(), `${where}: status`).toBe(target.status ?? 200);
  await page.evaluate(() => document.fonts.ready);

  if (target.task) {
    const control = target.task.control(page);
    const box = await control.boundingBox();
    expect.soft(box, `${where}: the ${target.task.label} is not rendered`).not.toBeNull();
    if (box) {
      const inView = box.y >= 0 && box.y + box.height <= viewport.height;
      expect
        .soft(
          inView,
          `${where}: the ${target.task.label} ${formatBox(box)} ends at y = ${Math.round(box.y + box.height)}, below the ${viewport.height} px window`,
        )
        .toBe(true);
    }
  }

  const sideways = await sidewaysScrolling(page);
  expect.soft(sideways.length, listed(where, "scrolls sideways", sideways)).toBe(0);
  const small = await smallTapTargets(page);
  expect
    .soft(
      small.length,
      listed(where, "tap targets smaller than 24×24 px (page coordinates)", small),
    )
    .toBe(0);

  const screenshot = await reviewScreenshot(page, { fullPage: true });
  const name = `${testInfo.project.name}-${viewport.width}-${target.slug}.png`;
  await testInfo.attach(name, { body: screenshot, contentType: "image/png" });
  const folder = path.join(testInfo.project.outputDir, "screenshots");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, name), screenshot);

  // Last, as focusing scrolls the page.
  const covered = await coveredWhenFocused(
    page,
    target.form
      ? { ...primaryButtons, selector: `${primaryButtons.selector}, ${formFields.selector}` }
      : primaryButtons,
  );
  expect
    .soft(covered.length, listed(where, "focused fields or primary buttons covered", covered))
    .toBe(0);
}

/**
 * A few pages a test, in one browser page: a fresh one for each address cost more than the
 * checks. Every page is still checked and named in a failure (soft assertions).
 */
const groups = chunks(pages, 5);

test.describe("public pages on a phone and a laptop", () => {
  for (const viewport of viewports) {
    for (const group of groups) {
      const slugs = group.map((target) => target.slug).join(", ");
      test(`${slugs} at ${viewport.width}×${viewport.height}`, async ({
        page,
        request,
        jsEnabled,
      }, testInfo) => {
        test.setTimeout(15_000 * group.length);
        for (const target of group) {
          await checkPage(page, request, jsEnabled, viewport, target, testInfo);
        }
      });
    }
  }
});

/** An element as a failure message names it: its tag and its text or label. */
const describe = (locator: Locator) =>
  locator.evaluate(
    (el) =>
      `<${el.tagName.toLowerCase()}> "${((el as HTMLElement).innerText || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`,
  );

/** Forms sent with their required fields empty, answered with a toast. */
const failedForms = [
  { path: "/book-appointment", submit: "Book Appointment" },
  { path: "/contact", submit: "Send Message" },
];

test.describe("toasts leave the header, the focused field and the submit button visible", () => {
  for (const viewport of viewports) {
    for (const form of failedForms) {
      test(`${form.path} sent empty at ${viewport.width}×${viewport.height}`, async ({
        page,
        jsEnabled,
      }) => {
        const where = `${form.path} at ${viewport.width}×${viewport.height}`;
        await page.setViewportSize(viewport);
        await holdToasts(page);
        await open(page, form.path, jsEnabled);
        const submit = page.getByRole("button", { name: form.submit });
        // The browser stops empty required fields itself; one that does not check them sends
        // the form, as an older browser would, and the server answers with the toast.
        await submit.evaluate((button) => ((button as HTMLButtonElement).form!.noValidate = true));
        await submit.click();
        await expect(
          page.getByTestId("toast"),
          `${where}: a toast says what is missing`,
        ).toBeVisible();

        // The header whole (logo, menu button, its links), the field focus went to, the submit
        // button.
        const header = await page
          .locator("body header")
          .locator("a[href], button, summary")
          .filter({ visible: true })
          .all();
        const overlaps = await toastOverlaps(page, [
          ...(await Promise.all(
            header.map(async (locator) => ({
              label: `the header's ${await describe(locator)}`,
              locator,
            })),
          )),
          {
            label: `the focused ${(await page.locator(":focus").count()) ? await describe(page.locator(":focus")) : "element"}`,
            locator: page.locator(":focus"),
          },
          { label: `the "${form.submit}" button`, locator: submit },
        ]);
        expect(overlaps.length, listed(where, "the toast covers what it must not", overlaps)).toBe(
          0,
        );
      });
    }
  }
});
