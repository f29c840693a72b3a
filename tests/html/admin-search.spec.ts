import { expect, test } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { uniqueSurname } from "./support/admin-repair-list";
import { staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * The search box in the admin header without JavaScript (docs/decisions/0045): on every admin
 * page a GET form to the repair list, which lists what it found and keeps the search in the box.
 * What each kind of search finds is in tests/integration/search-everything.test.ts.
 */

const references = (page: HtmlPage) => page.texts('[data-testid="repair-row"] td:first-child');
const headerBox = (page: HtmlPage) => page.$(page.control("Find a repair")).attr("value");

test.describe("the admin header's search", () => {
  test("searches from any admin page and lands on the results with the search kept", async ({
    request,
  }) => {
    const surname = uniqueSurname();
    const accented = await bookViaApi(request, {
      firstName: "Zoë",
      lastName: `Côté${surname}`,
      deviceCategory: "Mobile Repair Service",
      deviceBrand: "Apple",
      deviceModel: "iPhone 13",
    });
    const plain = await bookViaApi(request, {
      firstName: "Zoe",
      lastName: `Belanger${surname}`,
      deviceCategory: "Mobile Repair Service",
      deviceBrand: "Google",
      deviceModel: "Pixel 7",
    });
    const staff = await staffVisitor(request, "/admin/dashboard");
    const searches: [string, string, { reference: string }[]][] = [
      ["/admin/dashboard", `cote${surname}`, [accented]],
      ["/admin/agenda", `Bélanger${surname}`, [plain]],
      [`/admin/repairs/${plain.id}`, `iphone13 cote${surname}`, [accented]],
      ["/admin/messages", accented.reference, [accented]],
      ["/admin/security", `ZOE ${surname}`, [plain, accented]],
    ];
    for (const [path, q, expected] of searches) {
      const page = await staff.open(path);
      expect(headerBox(page), path).toBe("");
      const results = await page.form("Find").fill({ "Find a repair": q }).submit("Find");
      expect(results.url.pathname, path).toBe("/admin/repairs");
      expect(results.url.searchParams.get("q"), path).toBe(q);
      expect(references(results), `${path}: ${q}`).toEqual(
        expected.map((booking) => `Open ${booking.reference}`),
      );
      expect(headerBox(results), path).toBe(q);
    }
  });

  test("lists the customers it finds before their repairs, a few and the way to all of them", async ({
    request,
  }) => {
    const surname = uniqueSurname();
    const names = ["Zoë", "Chloé", "Noémie", "Amélie", "Aurélie", "Mélodie"];
    for (const firstName of names)
      await bookViaApi(request, { firstName, lastName: `Côté${surname}` });
    const { landed } = await staffVisitor(request, "/admin/dashboard");
    const results = await landed
      .form("Find")
      .fill({ "Find a repair": `cote${surname}` })
      .submit("Find");
    expect(results.headings(2)).toContain("6 customers match");
    const listed = results.texts('[aria-label="Matching customers"] li a');
    expect(listed).toHaveLength(5);
    for (const name of listed) expect(name).toMatch(new RegExp(`^\\S+ Côté${surname}$`));
    const all = await results.follow("All 6 matching customers");
    expect(all.url.pathname).toBe("/admin/customers");
    expect(all.texts('[aria-label="Customers"] li a').sort()).toEqual(
      names.map((name) => `${name} Côté${surname}`).sort(),
    );
    expect(references(results)).toHaveLength(6);

    const none = await landed.form("Find").fill({ "Find a repair": "WF-00001" }).submit("Find");
    expect(none.headings(2).some((heading) => heading.includes("match"))).toBe(false);
  });

  test("says so when nothing matches, the search still in the box", async ({ request }) => {
    const { landed } = await staffVisitor(request, "/admin/dashboard");
    const q = `Nobody${uniqueSurname()}`;
    const results = await landed.form("Find").fill({ "Find a repair": q }).submit("Find");
    expect(references(results)).toEqual([]);
    expect(results.text("main")).toContain("No repair requests found");
    expect(headerBox(results)).toBe(q);
  });
});
