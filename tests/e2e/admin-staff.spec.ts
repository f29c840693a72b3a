import type { Browser, Page } from "@playwright/test";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn } from "./support/admin";

// Without JavaScript these forms post and answer with the page: tested once at the HTML level
// (tests/html/admin-staff.spec.ts). Here the same flows with JavaScript (the router's submissions,
// the forms' own state), the layout at 390 px, and axe.

/** A username no other run (JS on or off) uses: letters, digits and dashes. */
const uniqueUsername = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function axeClean(page: Page, label: string) {
  expect(await axeViolations(page, { label })).toEqual([]);
}

async function noSidewaysScroll(page: Page, path: string) {
  await page.setViewportSize(phone);
  await page.goto(path);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${path} at 390 px`,
  ).toBeLessThanOrEqual(phone.width);
  await page.setViewportSize(desktop);
}

/** A second browser, for the staff member: its own cookies, JavaScript on. */
async function memberBrowser(browser: Browser) {
  const context = await browser.newContext({ viewport: desktop });
  return { context, page: await context.newPage() };
}

/**
 * Signs a staff member in by cookie, as `logIn` does for the owner (admin-auth.spec.ts tests the
 * form): the login form's fields posted in the page's context, then the page it leads to.
 * Answers the login's status.
 */
async function signIn(page: Page, username: string, password: string) {
  const answer = await page.request.post("/admin/login", {
    form: { username, password },
    maxRedirects: 0,
  });
  const location = answer.headers()["location"];
  if (location) await page.goto(location);
  return answer.status();
}

const addForm = (page: Page) => page.getByRole("region", { name: "Add staff member" });
const card = (page: Page, username: string) =>
  page.getByTestId("staff-account").filter({ has: page.getByRole("heading", { name: username }) });

test(
  "the owner adds, disables, enables and resets a staff member, who changes their own password; the trail shows it all",
  { tag: "@js-only" },
  async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const username = uniqueUsername("member");
    const firstPassword = "member first password";
    await logIn(page);

    // The owner adds the account with a typed password.
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Staff", exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await axeClean(page, "technician");
    await addForm(page).getByLabel("Username").fill(username);
    await addForm(page).getByLabel("Role").selectOption("technician");
    await addForm(page).getByLabel("Initial password").fill(firstPassword);
    await page.getByRole("button", { name: "Add staff member" }).click();
    await expect(card(page, username).getByTestId("staff-role")).toHaveText("Technician");
    await expect(card(page, username).getByTestId("staff-status")).toHaveText("Active");

    // The member signs in elsewhere: no Staff in the menu, and the page itself is refused.
    const member = await memberBrowser(browser);
    try {
      await signIn(member.page, username, firstPassword);
      await expect(member.page).toHaveURL(/\/admin\/dashboard$/);
      const menu = member.page.getByRole("navigation", { name: "Admin" });
      await expect(menu.getByRole("link", { name: "Account & Security" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Staff", exact: true })).toHaveCount(0);
      const refused = await member.page.goto(`${baseURL}/admin/staff`);
      expect(refused?.status()).toBe(403);
      await expect(
        member.page
          .getByText(
            "Technician accounts cannot manage staff accounts. The shop's owner sets roles on the Staff page.",
          )
          .first(),
      ).toBeVisible();
      expect((await member.page.goto(`${baseURL}/admin/audit`))?.status()).toBe(403);

      // Disabled: the member's next request lands on the login, and the password no longer works.
      await card(page, username).getByText("Disable…").click();
      await card(page, username)
        .getByRole("button", { name: `Disable ${username}` })
        .click();
      await expect(card(page, username).getByTestId("staff-status")).toHaveText("Disabled");
      await member.page.goto(`${baseURL}/admin/repairs`);
      await expect(member.page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Frepairs/);
      // Refused (the login page's message for it is checked at the HTML level).
      expect(await signIn(member.page, username, firstPassword)).toBe(401);

      // Enabled again, then a generated password, shown once.
      await card(page, username)
        .getByRole("button", { name: `Enable ${username}` })
        .click();
      await expect(card(page, username).getByTestId("staff-status")).toHaveText("Active");
      await card(page, username).getByText("Reset password…").click();
      await card(page, username).getByLabel("Generate a password for me").check();
      await card(page, username)
        .getByRole("button", { name: "Reset password", exact: true })
        .click();
      const shown = page.getByTestId("shown-password");
      await expect(shown).toBeVisible();
      const generated = (await shown.textContent())!.trim();
      expect(generated).toMatch(/^[A-Za-z0-9_-]{16}$/);
      await page.getByRole("link", { name: "Done" }).click();
      await expect(shown).toHaveCount(0);

      await signIn(member.page, username, generated);
      await expect(member.page).toHaveURL(/\/admin\/dashboard$/);

      // The member picks their own password; a wrong current one is refused first.
      const ownPassword = "my very own password";
      await member.page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Account & Security" })
        .click();
      await expect(member.page.getByRole("heading", { name: "Account & Security" })).toBeVisible();
      await axeClean(member.page, "security");
      await member.page.getByLabel("Current password").fill("not the password");
      await member.page.getByLabel(/^New password\W*$/).fill(ownPassword);
      await member.page.getByLabel("New password again").fill(ownPassword);
      await member.page.getByRole("button", { name: "Change password" }).click();
      await expect(
        member.page.getByText("That is not your current password.").first(),
      ).toBeVisible();
      await member.page.getByLabel("Current password").fill(generated);
      await member.page.getByLabel(/^New password\W*$/).fill(ownPassword);
      await member.page.getByLabel("New password again").fill(ownPassword);
      await member.page.getByRole("button", { name: "Change password" }).click();
      await expect(
        member.page
          .getByText("Password changed. You stay signed in here; every other session has ended.")
          .first(),
      ).toBeVisible();
      await member.page.goto(`${baseURL}/admin/dashboard`);
      await expect(member.page).toHaveURL(/\/admin\/dashboard$/);
    } finally {
      await member.context.close();
    }

    // The owner reads it all back, with names and shop times, filtered to this account.
    await page.getByRole("main").getByRole("link", { name: "Audit trail" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await page.getByLabel("Record kind").selectOption("staff_user");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/entity=staff_user/);
    const rows = page.getByTestId("audit-row").filter({ hasText: username });
    await expect(rows).toHaveText([
      new RegExp(`${username}.*changed their password`),
      new RegExp(`e2e-admin.*Reset the password of ${username}`),
      new RegExp(`e2e-admin.*Enabled ${username}`),
      new RegExp(`e2e-admin.*Disabled ${username}`),
      new RegExp(`e2e-admin.*Added ${username} as Technician`),
    ]);
    await expect(rows.first()).toContainText(/\d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(rows.first().getByRole("link", { name: "Staff account" })).toHaveAttribute(
      "href",
      /\/admin\/staff#staff-\d+$/,
    );
    await axeClean(page, "audit");

    // At 390 px: cards, and no page scrolls sideways.
    await noSidewaysScroll(page, "/admin/staff");
    await noSidewaysScroll(page, "/admin/security");
    await page.setViewportSize(phone);
    await page.goto("/admin/audit?entity=staff_user");
    await expect(
      page.getByTestId("audit-card").filter({ hasText: `Added ${username} as Technician` }),
    ).toBeVisible();
    await expect(page.getByTestId("audit-row").first()).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    await axeClean(page, "audit at 390 px");
  },
);

test(
  "the owner adds an account with a generated password, and the form says what is wrong",
  { tag: "@js-only" },
  async ({ page, browser }) => {
    const username = uniqueUsername("gen");
    await logIn(page);
    await page.goto("/admin/staff");
    // Past the browser's own checks (length), the server's: a username with a space, no password at
    // all.
    await addForm(page).getByLabel("Username").fill("bad name!");
    await page.getByRole("button", { name: "Add staff member" }).click();
    await expect(
      addForm(page).getByRole("link", {
        name: "Use 3–64 letters, digits, dots, dashes or underscores.",
      }),
    ).toBeVisible();
    await expect(
      addForm(page).getByRole("link", {
        name: "Please type a password or choose to generate one.",
      }),
    ).toBeVisible();

    await addForm(page).getByLabel("Username").fill(username);
    await addForm(page).getByLabel("Role").selectOption("owner");
    await addForm(page).getByLabel("Initial password").fill("");
    await addForm(page).getByLabel("Generate a password instead").check();
    await page.getByRole("button", { name: "Add staff member" }).click();
    const generated = (await page.getByTestId("shown-password").textContent())!.trim();
    await expect(card(page, username).getByTestId("staff-role")).toHaveText("Owner");
    await expect(addForm(page).getByLabel("Username")).toHaveValue("");

    const other = await memberBrowser(browser);
    try {
      await signIn(other.page, username, generated);
      await expect(other.page).toHaveURL(/\/admin\/dashboard$/);
      // An owner: Staff is in the menu.
      await expect(
        other.page
          .getByRole("navigation", { name: "Admin" })
          .getByRole("link", { name: "Staff", exact: true }),
      ).toBeVisible();
    } finally {
      await other.context.close();
    }
    // The new owner steps back to staff, so the shared server keeps one owner for the other specs'
    // sake.
    await card(page, username).getByText("Change role…").click();
    await card(page, username).getByLabel(`Role of ${username}`).selectOption("technician");
    await card(page, username).getByRole("button", { name: "Save role" }).click();
    await expect(card(page, username).getByTestId("staff-role")).toHaveText("Technician");
  },
);
