import { expect } from "@playwright/test";
import type { HtmlPage, visitor } from "./html-page";

/**
 * The condition answers for a good phone with light scratches and a worn battery, by their
 * labels: an iPhone 15 128 GB so answered is offered $310.00.
 */
export const sellAnswers = {
  Yes: true,
  "Light scratches": true,
  "Like new: no marks": true,
  "Below 80 %": true,
  "Yes, all of them": true,
  "No, I've signed out": true,
  "No, it's unlocked": true,
};

/** From /sell to the condition questions of an Apple iPhone 15 128 GB, by the links alone. */
export async function sellQuestions(browsing: ReturnType<typeof visitor>): Promise<HtmlPage> {
  let step = await browsing.open("/sell");
  for (const [heading, choice] of [
    ["What are you selling?", "Phone"],
    ["Which brand?", "Apple"],
    ["Which model?", "iPhone 15"],
    ["How much storage?", "128 GB"],
  ] as const) {
    expect(step.headings(2)).toContain(heading);
    step = await browsing.open(step.link(choice, "main"));
  }
  expect(step.headings(2)).toContain("Tell us about its condition");
  return step;
}
