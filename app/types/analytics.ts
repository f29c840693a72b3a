// First-party analytics (docs/decisions/0007): what is counted, and what the Analytics page shows.
// The lists are plain data apart from the Drizzle schema, which takes its enums from here.

/** The device classes a page view is counted under. */
export const deviceClasses = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** The Core Web Vitals (and two more) the browsers report. */
export const webVitalNames = ["LCP", "CLS", "INP", "FCP", "TTFB"] as const;
export type WebVitalName = (typeof webVitalNames)[number];
export type WebVitalRating = "good" | "needs-improvement" | "poor";

/** A step of the booking funnel and how many of the step before's views reached it. */
export type FunnelStep = {
  label: string;
  views: number;
  /** Of the step before, in percent; null for the first or after 0. */ share: number | null;
};

type VitalCell = { p75: number; rating: WebVitalRating; samples: number };

/** A page's 75th percentiles, each rated, with the number of samples behind them. */
export type PageVitals = {
  path: string;
  samples: number;
  metrics: Partial<Record<WebVitalName, VitalCell>>;
};
