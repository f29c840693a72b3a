import { expect, test } from "@playwright/test";
import { faqCategories, faqItems } from "../../app/content/faq";
import { contact } from "../../app/config/shop";
import { visitor, type HtmlPage } from "./support/html-page";
import { hrefOf, jsonLd, links, valueOf } from "./public-forms-support";

/**
 * The FAQ as the server draws it and as its GET form filters it without JavaScript (a search sent
 * with Search or Enter). With JavaScript the page script filters the same items in place:
 * tests/e2e/public-faq.spec.ts.
 */

/** The questions shown: the page holds all of them, and hides those the filter leaves out. */
const questions = (page: HtmlPage) => page.texts("main details:not([hidden]) > summary");
const count = (page: HtmlPage) => page.text('[data-testid="faq-count"]');
const address = (page: HtmlPage) => `${page.url.pathname}${page.url.search}`;

/** Fills the search form and sends it (Enter presses its only button, Search). */
const search = (page: HtmlPage, fields: { q?: string; category?: string }) =>
  page
    .form("Search")
    .fill({
      ...(fields.q !== undefined ? { "Search questions": fields.q } : {}),
      ...(fields.category !== undefined ? { Category: fields.category } : {}),
    })
    .submit();

const matching = (word: string) =>
  faqItems.filter((item) => `${item.question} ${item.answer}`.toLowerCase().includes(word));

test("lists all 18 questions in their four categories, with call and contact buttons", async ({
  request,
}) => {
  const browsing = visitor(request);
  const page = await browsing.open("/faq");
  expect(page.headings(1)).toEqual(["Frequently Asked Questions"]);
  expect(questions(page)).toHaveLength(18);
  expect(questions(page)).toEqual(faqItems.map((item) => item.question));
  expect(count(page)).toBe("Showing 18 of 18 questions");
  const options = page.$(page.control("Category")).find("option").toArray();
  expect(options.map((option) => page.$(option).text())).toEqual([
    "All categories",
    ...faqCategories.map((c) => c.label),
  ]);
  expect(options.map((option) => page.$(option).attr("value"))).toEqual([
    "all",
    "general",
    "repair",
    "warranty",
    "timing",
  ]);
  // Every category the filter offers has questions of its own.
  for (const c of faqCategories) {
    const filtered = await browsing.open(`/faq?category=${c.value}`);
    expect(questions(filtered).length, c.value).toBeGreaterThan(0);
  }

  const calls = links(page, `Call ${contact.phone.display}`);
  expect(page.$(calls.at(-1)).attr("href")).toBe(contact.phone.href);
  expect(hrefOf(page, "Contact Us", page.$("main"))).toBe("/contact");

  const faqPage = jsonLd(page).find((data) => data["@type"] === "FAQPage") as {
    mainEntity: { name: string; acceptedAnswer: { text: string } }[];
  };
  expect(faqPage.mainEntity.map((q) => q.name)).toEqual(faqItems.map((item) => item.question));
  expect(faqPage.mainEntity[0]!.acceptedAnswer.text).toBe(faqItems[0]!.answer);
});

test("searches questions and answers, filters by category, and says when nothing matches", async ({
  request,
}) => {
  let page = await visitor(request).open("/faq");

  page = await search(page, { q: "refund" });
  const refunds = matching("refund");
  expect(questions(page)).toEqual(refunds.map((item) => item.question));
  expect(count(page)).toBe(`Showing ${refunds.length} of 18 questions`);
  // The address holds the search, so the result can be shared.
  expect(page.url.searchParams.get("q")).toBe("refund");

  page = await search(page, { q: "", category: "Timing" });
  const timing = faqItems.filter((item) => item.category === "timing");
  expect(questions(page)).toEqual(timing.map((item) => item.question));
  expect(page.url.searchParams.get("category")).toBe("timing");

  // Both at once: the category narrows the search.
  page = await search(page, { q: "warranty" });
  const both = matching("warranty").filter((item) => item.category === "timing");
  expect(questions(page)).toEqual(both.map((item) => item.question));
  expect(both.length).toBeLessThan(matching("warranty").length);

  page = await search(page, { q: "xylophone" });
  expect(count(page)).toBe("No questions found");
  expect(questions(page)).toEqual([]);
  expect(page.$("[data-faq-list]").is("[hidden]")).toBe(true);

  page = await search(page, { q: "", category: "All categories" });
  expect(questions(page)).toHaveLength(18);
  expect(page.url.searchParams.get("q") ?? "").toBe("");
});

test("Enter in the search box sends the search with the category, to an address of its own", async ({
  request,
}) => {
  const page = await visitor(request).open("/faq?category=timing");
  const result = await search(page, { q: "repair" });
  const both = matching("repair").filter((item) => item.category === "timing");
  expect(both.length).toBeGreaterThan(0);
  expect(questions(result)).toEqual(both.map((item) => item.question));
  expect(address(result)).toBe("/faq?q=repair&category=timing");
  expect(valueOf(result, "Search questions")).toBe("repair");
  expect(valueOf(result, "Category")).toBe("timing");
  expect(count(result)).toBe(`Showing ${both.length} of 18 questions`);
});

test("a shared search opens filtered", async ({ request }) => {
  const page = await visitor(request).open("/faq?q=WATER&category=repair");
  expect(valueOf(page, "Search questions")).toBe("WATER");
  expect(valueOf(page, "Category")).toBe("repair");
  const expected = matching("water").filter((item) => item.category === "repair");
  expect(expected.length).toBeGreaterThan(0);
  expect(questions(page)).toEqual(expected.map((item) => item.question));
});

test("the answers are closed disclosures of one group, so one opens at a time", async ({
  request,
}) => {
  const page = await visitor(request).open("/faq");
  const items = page.visible("main details").map((details) => page.$(details));
  expect(items).toHaveLength(18);
  // <details name>: the browser closes the open one when another opens (the clicks and keys are
  // tests/e2e/public-faq.spec.ts).
  expect(new Set(items.map((details) => details.attr("name")))).toEqual(new Set(["faq"]));
  expect(page.visible("main details[open]")).toEqual([]);
});
