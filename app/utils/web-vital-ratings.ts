import type { WebVitalName, WebVitalRating } from "~/types/analytics";

/**
 * web.dev's thresholds: at or under the first a page is good, over the second it is poor.
 * Times in milliseconds; CLS is a score.
 */
export const webVitalThresholds: Record<WebVitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const [good, poor] = webVitalThresholds[name];
  if (value <= good) return "good";
  return value > poor ? "poor" : "needs-improvement";
}

export const webVitalRatingLabels: Record<WebVitalRating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

/** "2.6 s", "180 ms", "0.12". */
export function formatWebVital(name: WebVitalName, value: number): string {
  if (name === "CLS") return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}
