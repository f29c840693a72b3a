import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

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
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (tags) builder = builder.withTags(tags);
  if (!frames) builder = builder.setLegacyMode(true);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${label ? `${label}: ` : ""}${v.id} (${v.help}) ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}
