import type { ActionFunctionArgs } from "react-router";
import { recordBeacon } from "~/models/analytics.server";
import {
  failure,
  methodNotAllowed,
  readJsonObject,
  tooManyRequests,
  validationFailed,
} from "~/server/legacy-api.server";
import { analyticsBeaconSchema, maxBeaconBytes } from "~/schemas/analytics";

/**
 * The beacon of pages with JavaScript (client-side navigations and Web Vitals). Answers 204 as
 * soon as the beacon is checked: recording only fills a buffer that a timer writes later.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const parsed = analyticsBeaconSchema.safeParse(await readJsonObject(request, maxBeaconBytes));
    if (!parsed.success) return validationFailed(parsed.error);
    const visitor = {
      userAgent: request.headers.get("user-agent"),
      mobileHint: request.headers.get("sec-ch-ua-mobile"),
    };
    const result = await recordBeacon(parsed.data, visitor, context.clientIp);
    if (result.outcome === "rate_limited")
      return tooManyRequests(result.retryAfterSeconds, "Too many beacons. Please slow down.");
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  } catch (error) {
    return failure(error, "Analytics are unavailable right now.");
  }
}

export const loader = () => methodNotAllowed("POST");
