// Lighthouse 12 in its default mobile configuration (Moto G emulation, simulated slow 4G) run
// against the production build with Debian's Chromium, one fresh browser per page so no cache or
// service state carries from one page to the next.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../../tests/support/chromium";

export const lighthouseCategories = ["performance", "accessibility", "best-practices", "seo"] as const;
export type LighthouseScores = Record<(typeof lighthouseCategories)[number], number>;

/** Lighthouse sometimes loses the trace of a load on a busy machine; such a run is repeated, not scored. */
export async function scorePage(url: string, attempts = 3): Promise<LighthouseScores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await scoreOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

async function scoreOnce(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...lighthouseCategories] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
    return Object.fromEntries(lighthouseCategories.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)])) as LighthouseScores;
  } finally {
    await chrome.kill();
  }
}
