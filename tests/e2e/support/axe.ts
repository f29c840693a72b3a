import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Rules about the document itself, whose element really is the root. */
const documentRules = new Set([
  "html-has-lang",
  "html-lang-valid",
  "document-title",
  "meta-viewport",
]);

const unplaced = (node: { target: unknown[] }) =>
  node.target.length === 1 && node.target[0] === ":root";

/**
 * axe's violations on the page as it stands, a line each: the rule, what it asks for and the
 * elements it names. axe runs inside the page and lists only violations: the same rules, in a
 * quarter of the time on a long price list, as it opens no second page to merge the results of
 * frames and lists none of the elements that passed. Our pages frame nothing of ours; `frames`
 * checks cross-origin frames (the map) too.
 */
export async function axeViolations(
  page: Page,
  { label, tags, frames = false }: { label?: string; tags?: string[]; frames?: boolean } = {},
) {
  // A toast fading in is part transparent: its colours are checked as they end, not midway (a
  // loaded machine can scan while it fades). Endless animations are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const analyze = () => {
    let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
    if (tags) builder = builder.withTags(tags);
    if (!frames) builder = builder.setLegacyMode(true);
    return builder.analyze();
  };
  let { violations } = await analyze();
  // Twice on a machine running three test suites at once (never on a quiet one), axe named a
  // form control it could not place, as ":root", on a page that was still settling. Such a
  // finding is read again once: a real fault is found again and reported.
  if (violations.some((v) => !documentRules.has(v.id) && v.nodes.some(unplaced)))
    ({ violations } = await analyze());
  return violations.map(
    (v) =>
      `${label ? `${label}: ` : ""}${v.id} (${v.help}) ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}
