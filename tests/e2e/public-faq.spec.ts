import type { Page } from "@playwright/test";
import { faqItems } from "../../app/content/faq";
import { desktop, expect, test } from "./fixtures";
import { countDocumentLoads, open } from "./support/public";

/**
 * The FAQ's filter with the page script (app/browser/faq-filter.ts): it filters the items in place
 * as the visitor types, the address follows, and Back and Forward bring each address's result. The
 * page as the server draws it, and the search sent without JavaScript, are
 * tests/html/public-forms-faq.spec.ts.
 */

test.use({ viewport: desktop });

/** The questions shown: the page holds all of them, and hides those the filter leaves out. */
const questions = (page: Page) =>
  page.getByRole("main").locator("details > summary").filter({ visible: true });
const openItems = (page: Page) => page.getByRole("main").locator("details[open]");
const search = (page: Page) => page.getByRole("searchbox", { name: "Search questions" });
const category = (page: Page) => page.getByLabel("Category", { exact: true });
const count = (page: Page) => page.getByTestId("faq-count");

const matching = (word: string) =>
  faqItems.filter((item) => `${item.question} ${item.answer}`.toLowerCase().includes(word));

test("searches questions and answers as the visitor types, filters by category, and says when nothing matches @js-only", async ({
  page,
}) => {
  const loads = countDocumentLoads(page);
  await open(page, "/faq", true);
  const loadsAtStart = loads();

  await search(page).fill("refund");
  const refunds = matching("refund");
  await expect(questions(page)).toHaveText(refunds.map((item) => item.question));
  await expect(count(page)).toHaveText(`Showing ${refunds.length} of 18 questions`);
  // The address follows a moment after typing, so the result can be shared.
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("refund");

  await search(page).fill("");
  await category(page).selectOption({ label: "Timing" });
  const timing = faqItems.filter((item) => item.category === "timing");
  await expect(questions(page)).toHaveText(timing.map((item) => item.question));
  await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBe("timing");

  // Both at once: the category narrows the search.
  await search(page).fill("warranty");
  const both = matching("warranty").filter((item) => item.category === "timing");
  await expect(questions(page)).toHaveText(both.map((item) => item.question));
  expect(both.length).toBeLessThan(matching("warranty").length);

  await search(page).fill("xylophone");
  await expect(count(page)).toHaveText("No questions found");
  await expect(questions(page)).toHaveCount(0);

  await category(page).selectOption({ label: "All categories" });
  await search(page).fill("");
  await expect(questions(page)).toHaveCount(18);
  await expect.poll(() => new URL(page.url()).searchParams.get("q") ?? "").toBe("");

  // The list filters in place: the address is replaced, never loaded.
  expect(loads() - loadsAtStart).toBe(0);
});

test("Enter in the search box shows the result, and Back and Forward bring each address's result @js-only", async ({
  page,
}) => {
  await open(page, "/faq?category=timing", true);
  // A shared address opens filtered, and the script leaves it so.
  await expect(questions(page)).toHaveText(
    faqItems.filter((item) => item.category === "timing").map((item) => item.question),
  );
  await search(page).fill("repair");
  await search(page).press("Enter");
  const both = matching("repair").filter((item) => item.category === "timing");
  expect(both.length).toBeGreaterThan(0);
  await expect(questions(page)).toHaveText(both.map((item) => item.question));
  await expect.poll(() => new URL(page.url()).search).toBe("?q=repair&category=timing");

  await page.goto("/about");
  await page.goBack();
  await expect(page).toHaveURL("/faq?q=repair&category=timing");
  await expect(search(page)).toHaveValue("repair");
  await expect(category(page)).toHaveValue("timing");
  await expect(questions(page)).toHaveText(both.map((item) => item.question));
  await expect(count(page)).toHaveText(`Showing ${both.length} of 18 questions`);

  await page.goForward();
  await expect(page).toHaveURL("/about");
});

// The accordion is the browser's own (<details name>, the same without JavaScript; its markup is
// checked in tests/html/public-forms-faq.spec.ts): run once, with the page script that must leave
// it alone.
test("the accordion opens one answer at a time and closes the open one when clicked @js-only", async ({
  page,
}) => {
  await open(page, "/faq", true);
  const [first, second] = [faqItems[0]!, faqItems[1]!];
  const answer = (id: string) => page.locator(`details#${id} > p`);

  await expect(openItems(page)).toHaveCount(0);
  await expect(answer(first.id)).toBeHidden();

  await page.getByText(first.question, { exact: true }).click();
  await expect(answer(first.id)).toBeVisible();
  await expect(openItems(page)).toHaveCount(1);

  await page.getByText(second.question, { exact: true }).click();
  await expect(answer(second.id)).toBeVisible();
  await expect(answer(first.id)).toBeHidden();
  await expect(openItems(page)).toHaveCount(1);

  await page.getByText(second.question, { exact: true }).click();
  await expect(openItems(page)).toHaveCount(0);

  // Keyboard: a question is a focusable control that Enter toggles.
  await page.getByText(first.question, { exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(`details#${first.id}`)).toHaveAttribute("open", "");
});
