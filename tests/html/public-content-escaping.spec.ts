import { expect, test } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/*
 * Text customers and staff typed, in the HTML the server sends (moved from the js-disabled run
 * of tests/e2e/escaping.spec.ts). The page is parsed as a browser parses it, so markup that was
 * not escaped would be elements here. The browser spec keeps the same walk with JavaScript on,
 * where the admin draws the pages again in the browser.
 */

// Each would run script or draw an element if a page put it into HTML unescaped.
const markup = {
  firstName: `<img src=x onerror=alert(1)>`,
  deviceModel: `"><svg onload=alert(2)>`,
  issueDescription: `<script>alert(3)</script></textarea><b id="injected">bold</b>`,
  note: `<iframe src="javascript:alert(4)"></iframe>&amp; done`,
};

/** None of the markup became an element, a handler or a script of the page. */
function expectNothingInjected(page: HtmlPage) {
  const where = page.url.pathname;
  for (const selector of [
    "img[src=x]",
    "svg[onload]",
    "#injected",
    "iframe[src^=javascript]",
    "[onerror], [onload]",
  ])
    expect(page.$(selector).length, `${selector} on ${where}`).toBe(0);
  // The router's data script may carry the text, as a string; no script is the text itself.
  const scripts = page
    .$("script")
    .toArray()
    .map((script) => page.$(script).text().trim());
  expect(
    scripts.filter((text) => /^alert\(\d\)$/.test(text)),
    `scripts on ${where}`,
  ).toEqual([]);
}

test("text customers and staff typed is shown as text on every page that shows it", async ({
  request,
}) => {
  const booked = await bookViaApi(request, {
    firstName: markup.firstName,
    deviceModel: markup.deviceModel,
    issueDescription: markup.issueDescription,
  });

  const staff = await staffVisitor(request, `/admin/repairs?q=${booked.reference}`);
  expect(staff.landed.text('[data-testid="repair-row"]')).toContain(markup.firstName);
  expectNothingInjected(staff.landed);

  const repair = await staff.open(`/admin/repairs/${booked.id}`);
  const details = repair.text('section[aria-labelledby="customer-heading"]');
  expect(details).toContain(markup.deviceModel);
  expect(details).toContain(markup.issueDescription);
  expectNothingInjected(repair);
  const updated = await repair
    .form("Update Status")
    .fill({ "Repair Status": "waiting_parts", "Note to Customer": markup.note })
    .submit("Update Status");
  expect(updated.text('[data-testid="toast"]')).toContain("Repair status updated successfully.");
  expectNothingInjected(updated);

  const tracked = await (
    await visitor(request).open("/track-repair")
  )
    .form("Track Repair")
    .fill({ "Repair ID": booked.reference, "Phone Number": booked.phone })
    .submit("Track Repair");
  expect(tracked.text('[data-testid="customer-note"]')).toContain(markup.note);
  expect(tracked.text("main")).toContain(markup.deviceModel);
  expectNothingInjected(tracked);
});
