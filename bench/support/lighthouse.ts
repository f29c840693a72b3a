// Lighthouse 12 in its default mobile configuration (Moto G emulation, simulated slow 4G) run
// against the production build with Debian's Chromium, one fresh browser per page so no cache or
// service state carries from one page to the next.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumArgs, chromiumPath } from "../../tests/support/chromium";

export const lighthouseCategories = [
  "performance",
  "accessibility",
  "best-practices",
  "seo",
] as const;
type LighthouseScores = Record<(typeof lighthouseCategories)[number], number>;

/**
 * Whether the page reserves the room of its images before they arrive. `lcpImageUnsized` names the
 * largest contentful paint when it is an <img> without width and height attributes; `unsizedImages`
 * lists what Lighthouse's unsized-images audit flags (an image sized by neither attributes nor CSS).
 */
type ImageSizing = {
  lcpElement: string | null;
  lcpImageUnsized: string | null;
  unsizedImages: string[];
};
export type PageReport = { scores: LighthouseScores; images: ImageSizing };

type LighthouseResult = RunnerResult["lhr"];

type NodeItem = { type: "node"; path?: string; snippet?: string; nodeLabel?: string };
type Details = { type: string; items?: unknown[] };

/**
 * The page's report from the median of `runs` Lighthouse runs, as Lighthouse's own guide to score
 * variability advises (the median of five is about twice as stable as one run): the run whose first
 * contentful paint and time to interactive are nearest the medians (`computeMedianRun`).
 */
export async function scorePage(url: string, runs = 5): Promise<PageReport> {
  const reports: { lhr: LighthouseResult; report: PageReport }[] = [];
  for (let run = 0; run < runs; run += 1) reports.push(await scoreWithRetries(url));
  const median = computeMedianRun(reports.map(({ lhr }) => lhr));
  return reports.find(({ lhr }) => lhr === median)!.report;
}

/** Lighthouse sometimes loses the trace of a load on a busy machine; such a run is repeated, not scored. */
async function scoreWithRetries(url: string, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await scoreOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

async function scoreOnce(url: string): Promise<{ lhr: LighthouseResult; report: PageReport }> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...lighthouseCategories],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, runtimeError, audits } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
    const scores = Object.fromEntries(
      lighthouseCategories.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
    ) as LighthouseScores;

    const lcp = lcpNode(audits["largest-contentful-paint-element"]?.details as Details | undefined);
    const unsized = audits["unsized-images"];
    if (!unsized) throw new Error(`Lighthouse ran no unsized-images audit on ${url}`);
    const unsizedImages =
      unsized.score === 1 ? [] : nodeItems(unsized.details as Details | undefined).map(describe);
    // The report's snippet may drop attributes past 500 characters (a long srcset); the gathered
    // image elements keep the raw width and height attributes, found by the same node path.
    const image = lcp?.path
      ? result.artifacts.ImageElements?.find(
          (element) => element.node.devtoolsNodePath === lcp.path,
        )
      : undefined;
    const isImg = image ? !image.isCss : /^<img\b/i.test(lcp?.snippet ?? "");
    const sized = image
      ? image.attributeWidth !== null && image.attributeHeight !== null
      : /\swidth="/.test(lcp?.snippet ?? "") && /\sheight="/.test(lcp?.snippet ?? "");
    return {
      lhr: result.lhr,
      report: {
        scores,
        images: {
          lcpElement: lcp ? describe(lcp) : null,
          lcpImageUnsized: lcp && isImg && !sized ? describe(lcp) : null,
          unsizedImages,
        },
      },
    };
  } finally {
    await chrome.kill();
  }
}

/** The element of the audit's first table: the largest contentful paint itself. */
function lcpNode(details: Details | undefined): NodeItem | undefined {
  const table = details?.type === "list" ? (details.items?.[0] as Details | undefined) : details;
  return nodeItems(table)[0];
}

function nodeItems(details: Details | undefined): NodeItem[] {
  return (details?.items ?? [])
    .map((item) => (item as { node?: NodeItem }).node)
    .filter((node): node is NodeItem => node?.type === "node");
}

const describe = (node: NodeItem) => node.snippet ?? node.nodeLabel ?? "?";
