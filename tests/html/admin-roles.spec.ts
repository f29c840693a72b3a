import { expect, test } from "@playwright/test";
import { staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * Roles and sessions as the pages show them without JavaScript (docs/decisions/0044): what a
 * front-desk clerk's admin leaves out, the owner's list of where the clerk is signed in, and the
 * End button. Every permission of every role at every door: tests/integration/staff-permissions.test.ts.
 */

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const password = "front desk password";
const menu = 'nav[aria-label="Admin"]';

function card(page: HtmlPage, username: string) {
  const found = page
    .visible('[data-testid="staff-account"]')
    .find((element) => page.$(element).find("h3").text().trim() === username);
  if (!found) throw new Error(`no card for ${username}`);
  return found;
}

test("a front-desk clerk gets the counter's work only, and the owner sees and ends their session", async ({
  request,
  playwright,
  baseURL,
}) => {
  const username = `desk-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = await staffVisitor(request);
  let staff = await owner.open("/admin/staff");
  staff = await staff
    .form("Add staff member")
    .fill({ Username: username, Role: "front_desk", "Initial password": password })
    .submit("Add staff member");
  expect(staff.$(card(staff, username)).find('[data-testid="staff-sessions"]').text()).toBe(
    "Not signed in",
  );

  const phone = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "user-agent": iphone },
  });
  try {
    const clerk = await staffVisitor(phone, "/admin/dashboard", { username, password });
    const dashboard = clerk.landed;
    // An entry's name ends in its counter ("Manage Repairs 2 new") when other tests have booked.
    const entryNamed = (label: string) => new RegExp(`^${label}( \\d+ \\w+)?$`);
    for (const entry of [
      "Dashboard",
      "Manage Repairs",
      "New Walk-in",
      "Trade-ins",
      "Purchases",
      "Stock",
      "Reservations",
      "Manage Price List",
    ])
      expect(dashboard.link(entryNamed(entry), menu)).toMatch(/^\/admin\//);
    for (const entry of [
      "Outbox",
      "Day's Close",
      "Analytics",
      "Reports",
      "Staff",
      "Settings",
      "Shop Photos",
      "Audit Trail",
    ])
      expect(() => dashboard.link(entryNamed(entry), menu), entry).toThrow();
    expect(dashboard.headings(2)).toContain("Today's workload");
    expect(dashboard.headings(2)).not.toContain("Charts");
    expect(dashboard.headings(2)).not.toContain("Bookings");

    const repairs = await clerk.open("/admin/repairs");
    expect(() => repairs.link("Export CSV", "main")).toThrow();
    const csv = await clerk.open("/admin/repairs.csv");
    expect(csv.status).toBe(403);
    expect(csv.text()).toContain(
      "Front desk accounts cannot export repairs and customers (the CSV download and the legacy repair list).",
    );
    const items = await clerk.open("/admin/repair-items");
    expect(() => items.link("Add New Repair Item", "main")).toThrow();
    expect(() => items.link(/^Edit/, "main")).toThrow();
    expect(() => items.link(/^Delete/, "main")).toThrow();
    expect((await clerk.open("/admin/repair-items/1/delete")).status).toBe(403);

    // The clerk's own sessions on Account & Security, this one marked.
    const security = await clerk.open("/admin/security");
    expect(security.text('[data-testid="staff-session"]')).toMatch(
      /Safari on iPhone\s*\(this browser\)\s*Signed in .* · last seen /,
    );

    // The owner sees the iPhone on the clerk's card, and ends it: the clerk is out at once.
    staff = await owner.open("/admin/staff");
    const sessions = staff.$(card(staff, username)).find('[data-testid="staff-session"]');
    expect(sessions.length).toBe(1);
    expect(sessions.text()).toMatch(/^\s*Safari on iPhone\s*Signed in /);
    staff = await staff
      .form(new RegExp(`^End the session of ${username} on Safari on iPhone`))
      .submit();
    expect(staff.toast()?.description).toBe(
      `Ended 1 session of ${username}: signed out there at once.`,
    );
    expect(staff.$(card(staff, username)).find('[data-testid="staff-sessions"]').text()).toBe(
      "Not signed in",
    );
    expect((await clerk.open("/admin/dashboard")).url.pathname).toBe("/admin/login");

    const audit = await owner.open(`/admin/audit?entity=staff_user&action=staff.end_session`);
    expect(audit.text('[data-testid="audit-row"]')).toContain(
      `Ended a session of ${username}: Safari on iPhone`,
    );
  } finally {
    await phone.dispose();
  }
});
