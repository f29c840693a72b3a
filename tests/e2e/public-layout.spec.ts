import type { Locator, Page } from "@playwright/test";
import { brand, contact } from "../../app/config/shop";
import { expect, test } from "./fixtures";
import { reviewScreenshot } from "./support/layout-checks";
import { holdToasts, open } from "./support/public";

/** The two screens the public site is designed for: a phone first, then a laptop. */
const screens = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, "element is laid out").not.toBeNull();
  return found!;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every element fixed to the screen that shows something, as a short description. */
const fixedElements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return (
          getComputedStyle(element).position === "fixed" &&
          rect.width > 1 &&
          rect.height > 1 &&
          getComputedStyle(element).visibility !== "hidden"
        );
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );

const mainControls = [
  { path: "/book-appointment", control: (page: Page) => page.getByLabel("First Name") },
  { path: "/contact", control: (page: Page) => page.getByLabel(/^Name\b/) },
  { path: "/track-repair", control: (page: Page) => page.getByLabel("Repair ID") },
];

for (const screen of screens) {
  test.describe(`${screen.name} (${screen.viewport.width}×${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });

    for (const { path, control } of mainControls) {
      test(`${path} shows its form on arrival, below the header, with nothing floating`, async ({
        page,
        jsEnabled,
      }) => {
        await open(page, path, jsEnabled);
        const field = await box(control(page));
        const header = await box(page.getByRole("banner"));
        expect(field.y).toBeGreaterThanOrEqual(header.y + header.height);
        expect(field.y + field.height).toBeLessThanOrEqual(screen.viewport.height);
        expect(await fixedElements(page)).toEqual([]);
      });
    }

    test("Services is the current section on a category page and on a price list", async ({
      page,
    }) => {
      for (const path of ["/services/mobile", "/price-list/laptop"]) {
        await page.goto(path);
        if (screen.name === "desktop") {
          const nav = page.locator('nav[aria-label="Main"]');
          const services = nav.getByRole("link", { name: "Services", exact: true });
          await expect(services).toHaveAttribute("aria-current", "page");
          // The same highlight as any current page, not the plain look of the others.
          const about = nav.getByRole("link", { name: "About", exact: true });
          await expect(about).not.toHaveAttribute("aria-current", /.*/);
          const background = (link: Locator) =>
            link.evaluate((element) => getComputedStyle(element).backgroundColor);
          expect(await background(services)).not.toBe(await background(about));
        } else {
          await page.locator('summary[aria-label="Menu"]').click();
          const menu = page.locator('nav[aria-label="Mobile"]');
          await expect(menu).toBeVisible();
          await expect(menu.getByRole("link", { name: "Services", exact: true })).toHaveAttribute(
            "aria-current",
            "page",
          );
          await expect(menu.getByRole("link", { name: "About", exact: true })).not.toHaveAttribute(
            "aria-current",
            /.*/,
          );
        }
      }
    });

    test("the header is one short bar with WhatsApp, Book and the menu, and nothing floats over the page", async ({
      page,
      jsEnabled,
    }) => {
      await open(page, "/", jsEnabled);
      const header = page.getByRole("banner");
      expect((await box(header)).height).toBeLessThanOrEqual(64);
      const whatsapp = header.getByRole("link", { name: "Chat with us on WhatsApp", exact: true });
      await expect(whatsapp).toHaveAttribute("href", contact.whatsapp.href);
      const chat = await box(whatsapp);
      expect(Math.min(chat.width, chat.height)).toBeGreaterThanOrEqual(44);
      await expect(header.getByRole("link", { name: "Book a Repair" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveCount(1);
      expect(await fixedElements(page)).toEqual([]);

      if (screen.name === "phone") {
        // The strip above the header is left out; the header itself offers the call.
        await expect(page.getByRole("region", { name: "Shop details" })).toBeHidden();
        const call = header.getByRole("link", {
          name: `Call ${contact.phone.display}`,
          exact: true,
        });
        await expect(call).toHaveAttribute("href", contact.phone.href);
        const menu = await box(page.locator('summary[aria-label="Menu"]'));
        expect(Math.min(menu.width, menu.height)).toBeGreaterThanOrEqual(44);
      } else {
        const strip = await box(page.getByRole("region", { name: "Shop details" }));
        expect(strip.height).toBeLessThanOrEqual(40);
      }
    });

    test("the booking page's intro offers no button to itself", async ({ page }) => {
      await page.goto("/book-appointment");
      const intro = page.getByRole("main").locator("section").first();
      await expect(intro.getByRole("heading", { level: 1 })).toHaveText("Book an Appointment");
      await expect(intro.getByRole("link", { name: /Book/, includeHidden: true })).toHaveCount(0);
      // Elsewhere the intro does offer it, from the width where its buttons show.
      await page.goto("/contact");
      const offer = page
        .getByRole("main")
        .locator("section")
        .first()
        .getByRole("link", { name: "Book a Repair", exact: true });
      if (screen.name === "phone") await expect(offer).toBeHidden();
      else await expect(offer).toBeVisible();
    });

    test("on a phone-sized screen the intro is a title and one line", async ({ page }) => {
      test.skip(screen.name !== "phone", "phones only");
      for (const path of ["/book-appointment", "/contact", "/track-repair", "/services", "/faq"]) {
        await page.goto(path);
        const intro = page.getByRole("main").locator("section").first();
        expect((await box(intro)).height, path).toBeLessThan(150);
        const lead = intro.locator("p:visible");
        await expect(lead).toHaveCount(1);
        expect((await box(lead)).height, path).toBeLessThanOrEqual(24);
        await expect(intro.getByRole("link")).toHaveCount(0);
      }
    });

    test("tabbing through the booking form, every focused field is the element on top at its centre", async ({
      page,
      jsEnabled,
    }) => {
      await open(page, "/book-appointment", jsEnabled);
      await page.getByLabel("First Name").focus();
      let checked = 0;
      // Where the focused field is and what is on top at its centre.
      const probe = () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || !element.closest("main form")) return { top: 0, state: "left the form" };
          const rect = element.getBoundingClientRect();
          if (rect.width < 2 || rect.height < 2) return { top: rect.top, state: "not drawn" };
          const x = rect.left + rect.width / 2;
          const y = rect.top + rect.height / 2;
          if (y < 0 || y > window.innerHeight) return { top: rect.top, state: "off screen" };
          const top = document.elementFromPoint(x, y);
          return {
            top: rect.top,
            state:
              top && (top === element || element.contains(top))
                ? "on top"
                : `covered by ${top?.outerHTML.slice(0, 80)}`,
          };
        });
      for (let step = 0; step < 40; step += 1) {
        // The page scrolls smoothly to the field: judge once it has stopped moving.
        let last = Number.NaN;
        let state = "";
        await expect
          .poll(
            async () => {
              const now = await probe();
              // A field still off screen has not been scrolled to yet: the scroll may not have begun.
              const settled = now.top === last && now.state !== "off screen";
              last = now.top;
              state = now.state;
              return settled;
            },
            { intervals: [50] },
          )
          .toBe(true);
        if (state === "left the form") break;
        expect(state).toMatch(/^(on top|not drawn)$/);
        if (state === "on top") checked += 1;
        await page.keyboard.press("Tab");
      }
      expect(checked).toBeGreaterThanOrEqual(8);
    });

    test("a toast after a failed contact message covers neither the header nor the form's fields and button", async ({
      page,
      jsEnabled,
    }) => {
      await holdToasts(page);
      await open(page, "/contact", jsEnabled);
      await page.getByLabel(/^Name\b/).fill("Jane Tester");
      await page.getByLabel(/^Email\b/).fill("jane@example");
      await page.getByLabel(/^Message\b/).fill("   ");
      await page.getByRole("button", { name: "Send Message" }).click();

      const toast = page.getByTestId("toast");
      await expect(toast).toBeVisible();
      await expect(toast).toContainText("Please fill in all required fields.");
      const guarded = [
        page.getByRole("banner").getByRole("link", { name: brand.name, exact: true }),
        page.getByRole("button", { name: "Send Message" }),
        page.getByLabel(/^Name\b/),
        page.getByLabel(/^Message\b/),
      ];
      if (screen.name === "phone") guarded.push(page.locator('summary[aria-label="Menu"]'));
      if (!jsEnabled) {
        // Laid out at the top of the page, below the header: it pushes the page down, covers
        // nothing.
        await expect(toast).toHaveCSS("position", "static");
        const header = await box(page.getByRole("banner"));
        expect((await box(toast)).y).toBeGreaterThanOrEqual(header.y + header.height);
      }
      const check = async () => {
        const shown = await box(toast);
        const focused = page.locator(":focus");
        const targets = [...guarded, ...((await focused.count()) ? [focused] : [])];
        const hits: string[] = [];
        for (const target of targets) {
          const where = await target.boundingBox();
          if (where && overlap(shown, where))
            hits.push(await target.evaluate((element) => element.outerHTML.slice(0, 80)));
        }
        return hits;
      };
      await expect.poll(check).toEqual([]);
      // And it stays clear while the visitor moves on through the form.
      await page.getByLabel(/^Message\b/).focus();
      await expect.poll(check).toEqual([]);
      await page.getByRole("button", { name: "Send Message" }).focus();
      await expect.poll(check).toEqual([]);
    });

    test("every link in the header, the strip and the footer is at least 24 px each way", async ({
      page,
    }) => {
      await page.goto("/contact");
      const links = page.locator(
        'header a, header summary, [aria-label="Shop details"] a, footer a',
      );
      const sizes = await links.evaluateAll((elements) =>
        elements
          .map((element) => ({
            name: element.textContent?.trim() || element.getAttribute("aria-label") || "",
            rect: element.getBoundingClientRect(),
          }))
          .filter(({ rect }) => rect.width > 0 && rect.height > 0)
          .map(({ name, rect }) => ({
            name,
            width: Math.round(rect.width),
            height: Math.round(rect.height),
          })),
      );
      expect(sizes.length).toBeGreaterThan(20);
      expect(sizes.filter((size) => size.width < 24 || size.height < 24)).toEqual([]);
      if (screen.name === "phone") {
        // Where fingers tap, the footer's links are a full 44 px tall.
        const footerLinks = await page
          .locator("footer a")
          .evaluateAll((elements) =>
            elements.map((element) => element.getBoundingClientRect().height),
          );
        expect(Math.min(...footerLinks)).toBeGreaterThanOrEqual(44);
      }
    });

    test("the business hours never break a time in two", async ({ page }) => {
      for (const path of ["/book-appointment", "/contact"]) {
        await page.goto(path);
        const times = page.getByRole("main").getByText(/^\d{1,2}:\d\d [AP]M - \d{1,2}:\d\d [AP]M$/);
        expect(await times.count(), path).toBeGreaterThanOrEqual(3);
        for (const time of await times.all()) {
          const lines = await time.evaluate((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          });
          expect(lines, `${path}: ${await time.textContent()}`).toBe(1);
        }
      }
    });

    test("pages of the shell scroll only up and down, and leave a screenshot for review", async ({
      page,
      jsEnabled,
    }, testInfo) => {
      for (const path of [
        "/",
        "/services",
        "/contact",
        "/track-repair",
        "/book-appointment",
        "/about",
        "/faq",
        "/blog",
        "/terms",
      ]) {
        await open(page, path, jsEnabled);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(screen.viewport.width);
        await reviewScreenshot(page, {
          path: testInfo.outputPath(
            `${path.slice(1) || "home"}-${screen.name}-${jsEnabled ? "js" : "no-js"}.png`,
          ),
        });
      }
    });
  });
}

test("the Finder's booking link starts a sentence that reads right", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/services?brand=Samsung&series=Galaxy+A&model=Galaxy+A13#finder", jsEnabled);
  await page.locator("#finder").getByRole("link", { name: "Book Appointment" }).click();
  await expect(page).toHaveURL(/\/book-appointment\?/);
  await expect(page.getByLabel("Issue Description")).toHaveValue(
    "I want to repair my Samsung Galaxy A13.",
  );

  // With a repair chosen it is the legacy sentence, word for word.
  await page.goto(
    "/book-appointment?brand=Samsung&model=Galaxy+A13&issue=Battery+Replacement&price=89.99&deviceCategory=mobile",
  );
  await expect(page.getByLabel("Issue Description")).toHaveValue(
    "I want to repair my Samsung Galaxy A13 for Battery Replacement. I want to confirm the price, which is 89.99.",
  );
  await page.goto("/book-appointment?deviceCategory=laptop");
  await expect(page.getByLabel("Issue Description")).toHaveValue("I want to repair my laptop.");
});
