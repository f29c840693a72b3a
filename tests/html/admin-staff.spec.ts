import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { HtmlForm, staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/**
 * The owner's staff accounts, as the forms post without JavaScript: each change answers with the
 * page itself (or the server's redirect), and the staff member's own browser is a second cookie
 * jar. tests/e2e/admin-staff.spec.ts keeps the same flows with JavaScript, the layout and axe.
 */

/** A username no other run uses: letters, digits and dashes. */
const uniqueUsername = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The account's card on the staff page, by the username in its heading. */
function card(page: HtmlPage, username: string) {
  const found = page
    .visible('[data-testid="staff-account"]')
    .find((element) => page.$(element).find("h3").text().trim() === username);
  if (!found) throw new Error(`no card for ${username} on ${page.url.pathname}`);
  const $card = page.$(found);
  return {
    role: () => $card.find('[data-testid="staff-role"]').text().trim(),
    status: () => $card.find('[data-testid="staff-status"]').text().trim(),
    alert: () => $card.find('[role="alert"]').text().replace(/\s+/g, " "),
    /** The card's own form with this button (every card has a Reset password form). */
    form: (button: string) => {
      const form = $card
        .find("form")
        .toArray()
        .find((element) => page.$(element).find("button").text().trim() === button);
      if (!form) throw new Error(`no ${button} form on the card of ${username}`);
      return new HtmlForm(page, form);
    },
  };
}

const menu = 'nav[aria-label="Admin"]';

/** The login form as a staff member fills it, wherever it leads (a refusal included). */
async function signIn(request: APIRequestContext, username: string, password: string) {
  const login = await visitor(request).open("/admin/login");
  return login.form("Login").fill({ Username: username, Password: password }).submit("Login");
}

test("the owner adds, disables, enables and resets a staff member, who changes their own password; the trail shows it all", async ({
  request,
  playwright,
  baseURL,
}) => {
  const username = uniqueUsername("member");
  const firstPassword = "member first password";
  const owner = await staffVisitor(request);

  // The owner adds the account with a typed password.
  expect(owner.landed.link("Staff", menu)).toBe("/admin/staff");
  let staff = await owner.open("/admin/staff");
  staff = await staff
    .form("Add staff member")
    .fill({ Username: username, Role: "technician", "Initial password": firstPassword })
    .submit("Add staff member");
  expect(card(staff, username).role()).toBe("Technician");
  expect(card(staff, username).status()).toBe("Active");

  // The member signs in elsewhere: no Staff in the menu, and the page itself is refused.
  const memberRequest = await playwright.request.newContext({ baseURL });
  try {
    const member = visitor(memberRequest);
    let landed = await signIn(memberRequest, username, firstPassword);
    expect(landed.url.pathname).toBe("/admin/dashboard");
    expect(landed.link("Account & Security", menu)).toBe("/admin/security");
    expect(() => landed.link("Staff", menu)).toThrow();
    const refused = await member.open("/admin/staff");
    expect(refused.status).toBe(403);
    expect(refused.text()).toContain(
      "Technician accounts cannot manage staff accounts. The shop's owner sets roles on the Staff page.",
    );
    expect((await member.open("/admin/audit")).status).toBe(403);

    // Disabled: the member's next request lands on the login, and the password no longer works.
    staff = await card(staff, username).form(`Disable ${username}`).submit();
    expect(card(staff, username).status()).toBe("Disabled");
    const sentAway = await member.open("/admin/repairs");
    expect(sentAway.url.pathname + sentAway.url.search).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Frepairs",
    );
    const wrong = await signIn(memberRequest, username, firstPassword);
    expect(wrong.url.pathname).toBe("/admin/login");
    expect(wrong.toast()?.description).toBe("Invalid username or password.");

    // Enabled again, then a generated password, shown once.
    staff = await card(staff, username).form(`Enable ${username}`).submit();
    expect(card(staff, username).status()).toBe("Active");
    staff = await card(staff, username)
      .form("Reset password")
      .fill({ "Generate a password for me (shown once)": true })
      .submit();
    const generated = staff.text('[data-testid="shown-password"]')!;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(staff.link("Done", "main")).toBe("/admin/staff");
    staff = await owner.open("/admin/staff");
    expect(staff.texts('[data-testid="shown-password"]')).toEqual([]);

    landed = await signIn(memberRequest, username, generated);
    expect(landed.url.pathname).toBe("/admin/dashboard");

    // The member picks their own password; a wrong current one is refused first.
    const ownPassword = "my very own password";
    let security = await member.open(landed.link("Account & Security", menu));
    expect(security.headings(1)).toEqual(["Account & Security"]);
    security = await security
      .form("Change password")
      .fill({
        "Current password": "not the password",
        "New password": ownPassword,
        "New password again": ownPassword,
      })
      .submit("Change password");
    expect(security.text()).toContain("That is not your current password.");
    security = await security
      .form("Change password")
      .fill({
        "Current password": generated,
        "New password": ownPassword,
        "New password again": ownPassword,
      })
      .submit("Change password");
    expect(security.text()).toContain(
      "Password changed. You stay signed in here; every other session has ended.",
    );
    expect((await member.open("/admin/dashboard")).url.pathname).toBe("/admin/dashboard");
  } finally {
    await memberRequest.dispose();
  }

  // The owner reads it all back, with names and shop times, filtered to this account.
  expect(staff.link("Audit trail", "main")).toBe("/admin/audit");
  const audit = await owner.open("/admin/audit");
  const filtered = await audit
    .form("Filter")
    .fill({ "Record kind": "staff_user" })
    .submit("Filter");
  expect(filtered.url.searchParams.get("entity")).toBe("staff_user");
  const rows = filtered
    .visible('[data-testid="audit-row"]')
    .filter((row) => filtered.$(row).text().includes(username));
  const texts = rows.map((row) => filtered.$(row).text().replace(/\s+/g, " "));
  expect(texts).toHaveLength(5);
  [
    new RegExp(`${username}.*changed their password`),
    new RegExp(`e2e-admin.*Reset the password of ${username}`),
    new RegExp(`e2e-admin.*Enabled ${username}`),
    new RegExp(`e2e-admin.*Disabled ${username}`),
    new RegExp(`e2e-admin.*Added ${username} as Technician`),
  ].forEach((pattern, i) => expect(texts[i]).toMatch(pattern));
  expect(texts[0]).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M/);
  const record = filtered.$(rows[0]!).find("a");
  expect(record.text().trim()).toBe("Staff account");
  expect(record.attr("href")).toMatch(/^\/admin\/staff#staff-\d+$/);
  // The phone's cards say the same.
  expect(
    filtered
      .texts('[data-testid="audit-card"]')
      .some((text) => text.includes(`Added ${username} as Technician`)),
  ).toBe(true);
});

test("the owner adds an account with a generated password, and the form says what is wrong", async ({
  request,
  playwright,
  baseURL,
}) => {
  const username = uniqueUsername("gen");
  const owner = await staffVisitor(request, "/admin/staff");
  // Past the browser's own checks (length), the server's: a username with a space, no password at
  // all.
  const refused = await owner.landed
    .form("Add staff member")
    .fill({ Username: "bad name!" })
    .submit("Add staff member");
  const addSection = (page: HtmlPage) => page.text('section[aria-labelledby="add-staff-heading"]');
  expect(addSection(refused)).toContain("Use 3–64 letters, digits, dots, dashes or underscores.");
  expect(addSection(refused)).toContain("Please type a password or choose to generate one.");

  let staff = await refused
    .form("Add staff member")
    .fill({
      Username: username,
      Role: "owner",
      "Initial password": "",
      "Generate a password instead (shown once)": true,
    })
    .submit("Add staff member");
  const generated = staff.text('[data-testid="shown-password"]')!;
  expect(card(staff, username).role()).toBe("Owner");
  // A fresh, empty form for the next account.
  const addForm = staff.form("Add staff member");
  expect(addForm.fields().find(([name]) => name === "username")).toEqual(["username", ""]);

  const other = await playwright.request.newContext({ baseURL });
  try {
    const landed = await signIn(other, username, generated);
    expect(landed.url.pathname).toBe("/admin/dashboard");
    // An owner: Staff is in the menu.
    expect(landed.link("Staff", menu)).toBe("/admin/staff");
  } finally {
    await other.dispose();
  }
  // The new owner steps back to staff, so the shared server keeps one owner for the other specs'
  // sake.
  staff = await card(staff, username)
    .form("Save role")
    .fill({ [`Role of ${username}`]: "technician" })
    .submit();
  expect(card(staff, username).role()).toBe("Technician");
});

test("two owners on one account: a change pressed on a page drawn before the other's is refused with what changed, and applies when pressed again", async ({
  request,
  playwright,
  baseURL,
}) => {
  const secondOwner = uniqueUsername("owner");
  const member = uniqueUsername("member");
  const password = "second owner password";
  const owner = await staffVisitor(request);
  let staff = await owner.open("/admin/staff");
  for (const [username, role] of [
    [secondOwner, "owner"],
    [member, "technician"],
  ] as const)
    staff = await staff
      .form("Add staff member")
      .fill({ Username: username, Role: role, "Initial password": password })
      .submit("Add staff member");
  const drawn = await owner.open("/admin/staff");

  // The other owner, in a browser of their own, makes the member an owner.
  const other = await playwright.request.newContext({ baseURL });
  try {
    const theirs = await staffVisitor(other, "/admin/staff", {
      username: secondOwner,
      password,
    });
    const promoted = await card(theirs.landed, member)
      .form("Save role")
      .fill({ [`Role of ${member}`]: "owner" })
      .submit("Save role");
    expect(promoted.toast()?.description).toBe("Role changed.");
  } finally {
    await other.dispose();
  }

  const refused = await card(drawn, member).form(`Disable ${member}`).submit(`Disable ${member}`);
  expect(refused.status).toBe(409);
  expect(refused.toast()?.description).toContain(
    `${member} was changed while you had this page open, so nothing was changed.`,
  );
  const alert = card(refused, member).alert();
  expect(alert).toContain("Changed since you opened it:");
  expect(alert).toContain(`${secondOwner}: ${member}: Technician → Owner`);
  // The card shows the account as it is now; pressing again applies.
  expect(card(refused, member).role()).toBe("Owner");
  expect(card(refused, member).status()).toBe("Active");
  const disabled = await card(refused, member)
    .form(`Disable ${member}`)
    .submit(`Disable ${member}`);
  expect(disabled.toast()?.description).toBe("Account disabled; its sessions have ended.");
  expect(card(disabled, member).status()).toBe("Disabled");
});
