import { z } from "zod";
import { webVitalNames } from "~/types/analytics";

/** A beacon is small: a few navigations and five measurements. */
export const maxBeaconBytes = 16 * 1024;

const path = z
  .string()
  .max(2048, "A path is at most 2048 characters.")
  .startsWith("/", "A path starts with /.");

/** What pages with JavaScript send to /api/analytics (app/browser/analytics-beacon.ts). */
export const analyticsBeaconSchema = z
  .object({
    views: z.array(z.object({ path }).strict()).max(50, "At most 50 views per beacon.").default([]),
    vitals: z
      .array(
        z
          .object({
            path,
            name: z.enum(webVitalNames),
            // Milliseconds (CLS: a score); anything beyond an hour is not a measurement.
            value: z.number().finite().min(0).max(3_600_000),
          })
          .strict(),
      )
      .max(50, "At most 50 measurements per beacon.")
      .default([]),
  })
  .strict()
  .refine(
    (beacon) => beacon.views.length + beacon.vitals.length > 0,
    "The beacon holds no views or measurements.",
  );

export type AnalyticsBeacon = z.infer<typeof analyticsBeaconSchema>;
