import type { Page } from "@playwright/test";
import { faqCategories, faqItems } from "../../app/content/faq";
import { contact } from "../../app/config/shop";
import { desktop, expect, test } from "./fixtures";
import { countDocumentLoads, jsonLd, open } from "./support/public";

test.use({ viewport: desktop });

/** The questions shown: the page holds all of them, and hides those the filter leaves out. */
const questions = (page: Page) =>
  page.getByRole("main").locator("details > summary").filter({ visible: true });
const openItems = (page: Page) => page.getByRole("main").locator("details[open]");
const search = (page: Page) => page.getByRole("searchbox", { name: "Search questions" });
const category = (page: Page) => page.getByLabel("Category", { exact: true });
const count = (page: Page) => page.getByTestId("faq-count");

/** Without JavaScript the form is sent; with it the list has already filtered. */
async function apply(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
}

const matching = (word: string) =>
  faqItems.filter((item) => `${item.question} ${item.answer}`.toLowerCase().includes(word));

test("lists all 18 questions in their four categories, with call and contact buttons", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/faq", jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  expect(faqItems).toHaveLength(18);
  await expect(questions(page)).toHaveText(faqItems.map((item) => item.question));
  await expect(count(page)).toHaveText("Showing 18 of 18 questions");
  await expect(category(page).locator("option")).toHaveText([
    "All categories",
    ...faqCategories.map((c) => c.label),
  ]);
  expect(faqCategories.map((c) => c.value)).toEqual(["general", "repair", "warranty", "timing"]);
  for (const c of faqCategories)
    expect(faqItems.filter((item) => item.category === c.value).length).toBeGreaterThan(0);

  await expect(
    page.getByRole("link", { name: `Call ${contact.phone.display}` }).last(),
  ).toHaveAttribute("href", contact.phone.href);
  await expect(
    page.getByRole("main").getByRole("link", { name: "Contact Us", exact: true }),
  ).toHaveAttribute("href", "/contact");

  const faqPage = (await jsonLd(page)).find((data) => data["@type"] === "FAQPage") as {
    mainEntity: { name: string; acceptedAnswer: { text: string } }[];
  };
  expect(faqPage.mainEntity.map((q) => q.name)).toEqual(faqItems.map((item) => item.question));
  expect(faqPage.mainEntity[0]!.acceptedAnswer.text).toBe(faqItems[0]!.answer);
});

test("searches questions and answers, filters by category, and says when nothing matches", async ({
  page,
  jsEnabled,
}) => {
  const loads = countDocumentLoads(page);
  await open(page, "/faq", jsEnabled);
  const loadsAtStart = loads();

  await search(page).fill("refund");
  await apply(page, jsEnabled);
  const refunds = matching("refund");
  await expect(questions(page)).toHaveText(refunds.map((item) => item.question));
  await expect(count(page)).toHaveText(`Showing ${refunds.length} of 18 questions`);
  // The address follows, so the result can be shared (with JavaScript a moment after typing).
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("refund");

  await search(page).fill("");
  await category(page).selectOption({ label: "Timing" });
  await apply(page, jsEnabled);
  const timing = faqItems.filter((item) => item.category === "timing");
  await expect(questions(page)).toHaveText(timing.map((item) => item.question));
  await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBe("timing");

  // Both at once: the category narrows the search.
  await search(page).fill("warranty");
  await apply(page, jsEnabled);
  const both = matching("warranty").filter((item) => item.category === "timing");
  await expect(questions(page)).toHaveText(both.map((item) => item.question));
  expect(both.length).toBeLessThan(matching("warranty").length);

  await search(page).fill("xylophone");
  await apply(page, jsEnabled);
  await expect(count(page)).toHaveText("No questions found");
  await expect(questions(page)).toHaveCount(0);

  await category(page).selectOption({ label: "All categories" });
  await search(page).fill("");
  await apply(page, jsEnabled);
  await expect(questions(page)).toHaveCount(18);
  await expect.poll(() => new URL(page.url()).searchParams.get("q") ?? "").toBe("");

  // With JavaScript the list filters in place: the address is replaced, never loaded.
  if (jsEnabled) expect(loads() - loadsAtStart).toBe(0);
});

test("Enter in the search box shows the result, and Back and Forward bring each address's result", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/faq?category=timing", jsEnabled);
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

test("a shared search opens filtered", async ({ page }) => {
  await page.goto("/faq?q=WATER&category=repair");
  await expect(search(page)).toHaveValue("WATER");
  await expect(category(page)).toHaveValue("repair");
  const expected = matching("water").filter((item) => item.category === "repair");
  expect(expected.length).toBeGreaterThan(0);
  await expect(questions(page)).toHaveText(expected.map((item) => item.question));
});

test("the accordion opens one answer at a time and closes the open one when clicked", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/faq", jsEnabled);
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
