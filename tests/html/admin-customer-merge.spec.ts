import { expect, test } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { uniqueName } from "../e2e/support/admin";
import { addStaffAccount, staffVisitor } from "./support/html-page";

/**
 * Merging likely duplicates without JavaScript (decision 0042): the owner's button posts, the
 * kept record gets the other's repairs and contacts, and the merged record's address leads to
 * it; a manager is refused the page and the post alike. The merge's rules (versions, audit, what
 * moves): tests/integration/customer-records.test.ts.
 */

test("the owner merges two records of one person; a manager may not", async ({
  request,
  playwright,
  baseURL,
}) => {
  const lastName = uniqueName("Bélanger");
  const mailbox = lastName.replace("é", "e").replace(" ", ".").toLowerCase();
  const first = await bookViaApi(request, {
    firstName: "Hélène",
    lastName,
    email: `${mailbox}@example.com`,
  });
  const second = await bookViaApi(request, {
    firstName: "helene",
    lastName: lastName.replace("é", "e").toUpperCase(),
    email: `${mailbox}.work@example.com`,
  });

  const owner = await staffVisitor(request, "/admin/customers/duplicates");
  const account = await addStaffAccount(owner, "manager");

  const duplicates = await owner.open("/admin/customers/duplicates");
  const pair = duplicates
    .visible('[data-testid="duplicate-pair"]')
    .find((element) => duplicates.$(element).text().includes(lastName));
  expect(pair, "the pair is listed").toBeDefined();
  const ids = duplicates
    .$(pair!)
    .find("a")
    .toArray()
    .map((a) => Number(/\/admin\/customers\/(\d+)$/.exec(duplicates.$(a).attr("href") ?? "")?.[1]));
  expect(ids).toHaveLength(2);
  const [keep, gone] = ids as [number, number];
  const button = new RegExp(`^Keep #${keep}, merge #${gone} into it$`);

  // The manager signs in on a browser of their own: one cookie jar holds one session.
  const managersBrowser = await playwright.request.newContext({ baseURL });
  try {
    const manager = await staffVisitor(managersBrowser, "/admin/dashboard", account);
    expect((await manager.open("/admin/customers/duplicates")).status).toBe(403);
    // The owner's button, posted from the manager's browser.
    const refused = await managersBrowser.post("/admin/customers/duplicates", {
      form: Object.fromEntries(duplicates.form(button).fields()),
      headers: { origin: new URL(baseURL!).origin, "sec-fetch-site": "same-origin" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
  } finally {
    await managersBrowser.dispose();
  }
  expect((await owner.open(`/admin/customers/${gone}`)).url.pathname).toBe(
    `/admin/customers/${gone}`,
  );

  const kept = await duplicates.form(button).submit(button);
  expect(kept.url.pathname).toBe(`/admin/customers/${keep}`);
  expect(kept.toast()).toMatchObject({
    type: "success",
    description: `Customer #${gone} merged into this one: 1 repair(s), 0 device(s) and 2 contact(s) moved.`,
  });
  const page = kept.text("main") ?? "";
  for (const booking of [first, second]) expect(page).toContain(booking.reference);
  expect(page).toContain(`${mailbox}.work@example.com`);
  expect((await owner.open(`/admin/customers/${gone}`)).url.pathname).toBe(
    `/admin/customers/${keep}`,
  );
});
