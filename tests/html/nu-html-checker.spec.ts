import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { publicPages } from "../../app/utils/public-pages";
import { bookViaApi } from "../e2e/support/api";
import { uniquePhone } from "../e2e/support/booking";
import { formForDay, hrefOf, robin } from "./public-forms-support";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/**
 * Every page passes the Nu HTML checker (vnu-jar, the W3C validator's engine): the public pages,
 * the forms as they come back with messages, and the main staff pages, as the server sends them.
 * The pages are saved to a folder and checked in one run of the checker (Java starts once: about
 * 5 s for all of them).
 */

// The jar itself (the package's own script would look for, or download, a Java of its own).
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

type Found = { url: string; message: string; extract?: string };

/** Runs the checker once over the saved pages; its errors by page. */
function nuErrors(dir: string): Record<string, string[]> {
  const run = spawnSync(
    "java",
    ["-Xss4m", "-jar", vnuJar, "--errors-only", "--format", "json", "--stdout", dir],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error || !run.stdout)
    throw new Error(
      `the Nu HTML checker did not run (is java installed?): ${run.error ?? run.stderr}`,
    );
  const { messages } = JSON.parse(run.stdout) as { messages: Found[] };
  const byPage: Record<string, string[]> = {};
  for (const { url, message, extract } of messages)
    (byPage[path.basename(url)] ??= []).push(`${message} ${extract?.slice(0, 120) ?? ""}`.trim());
  return byPage;
}

test("the Nu HTML checker finds no error on any page", async ({ request }) => {
  test.setTimeout(120_000);
  const pages = new Map<string, HtmlPage>();
  const keep = (name: string, page: HtmlPage) => {
    expect(page.status, name).toBeLessThan(500);
    pages.set(name, page);
  };
  const browsing = visitor(request);

  for (const { path: address } of publicPages) keep(address, await browsing.open(address));
  keep("selector step", await browsing.open("/services/mobile?brand=Apple&model=iPhone+13"));
  keep(
    "selector summary",
    await browsing.open("/services/mobile?brand=Apple&model=iPhone+13&repair=Battery+Replacement"),
  );
  keep("price list search", await browsing.open("/price-list/mobile?q=iphone13"));
  keep(
    "booking form with a chosen repair",
    await browsing.open(
      "/book-appointment?brand=Apple&model=iPhone+13&issue=Battery+Replacement&price=99.99&deviceCategory=Mobile+Repair+Service",
    ),
  );
  keep("not found", await browsing.open("/no-such-page"));

  // The forms answered with messages: their error summaries and marked fields.
  const booking = await browsing.open("/book-appointment");
  keep(
    "booking refused",
    await booking.form("Book Appointment").fill({ "First Name": "" }).submit("Book Appointment", {
      unchecked: true,
    }),
  );
  const contact = await browsing.open("/contact");
  keep(
    "contact refused",
    await contact.form("Send Message").submit("Send Message", { unchecked: true }),
  );
  // A device for sale's page, and its "Reserve for pickup" form refused (no device is reserved).
  const shop = await browsing.open("/shop");
  const device = await browsing.open(
    shop.$("main li a[href^='/shop/']").first().attr("href") ?? "/shop/none",
  );
  keep("device for sale", device);
  keep(
    "reservation refused",
    await device.form("Reserve for 48 hours").submit("Reserve for 48 hours", { unchecked: true }),
  );
  const tracking = await browsing.open("/track-repair");
  keep(
    "tracking refused",
    await tracking.form("Track Repair").submit("Track Repair", { unchecked: true }),
  );

  // A booking's own pages: its confirmation, its private tracking link, and tracking by reference.
  const day = await formForDay(request);
  const confirmation = await day
    .form("Book Appointment")
    .fill({ ...robin(uniquePhone()), "Preferred Time": "16:30" })
    .submit("Book Appointment");
  keep("confirmation", confirmation);
  keep("tracking link", await browsing.open(hrefOf(confirmation, /\/track-repair\//)));
  const booked = await bookViaApi(request);
  keep(
    "tracking found",
    await tracking
      .form("Track Repair")
      .fill({ "Repair ID": booked.reference, "Phone Number": booked.phone })
      .submit("Track Repair"),
  );

  // The main staff pages, and a staff form refused.
  const staff = await staffVisitor(request);
  for (const address of [
    "/admin/dashboard",
    "/admin/agenda",
    "/admin/reservations",
    "/admin/repairs",
    `/admin/repairs/${booked.id}`,
    "/admin/repairs/new",
    "/admin/customers",
    "/admin/repair-items",
    "/admin/repair-items/new",
    "/admin/messages",
    "/admin/outbox",
    "/admin/analytics",
    "/admin/settings",
    "/admin/staff",
    "/admin/security",
    "/admin/audit",
    "/admin/close",
    "/admin/close/2020-03-02/report",
    "/admin/purchases",
    "/admin/purchases/new",
    "/admin/stock",
    "/admin/stock/new",
  ])
    keep(address, await staff.open(address));
  const settings = await staff.open("/admin/settings");
  keep(
    "settings refused",
    await settings
      .form("Save Settings")
      .fill({ "Bookings per time": "0" })
      .submit("Save Settings", { unchecked: true }),
  );
  keep("login", await visitor(request).open("/admin/login"));

  const dir = mkdtempSync(path.join(os.tmpdir(), "nu-pages-"));
  try {
    const names = new Map<string, string>();
    for (const [name, page] of pages) {
      const file = `${String(names.size).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "-")}.html`;
      names.set(file, name);
      writeFileSync(path.join(dir, file), page.html);
    }
    const errors = nuErrors(dir);
    const named = Object.fromEntries(
      Object.entries(errors).map(([file, list]) => [names.get(file) ?? file, list]),
    );
    expect(named).toEqual({});
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
