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

  test("says so when nothing matches, the search still in the box", async ({ request }) => {
    const { landed } = await staffVisitor(request, "/admin/dashboard");
    const q = `Nobody${uniqueSurname()}`;
    const results = await landed.form("Find").fill({ "Find a repair": q }).submit("Find");
    expect(references(results)).toEqual([]);
    expect(results.text("main")).toContain("No repair requests found");
    expect(headerBox(results)).toBe(q);
  });
});
