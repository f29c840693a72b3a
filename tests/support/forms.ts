import type { AppLoadContext, LoaderFunctionArgs, Params } from "react-router";
import { holidayOn } from "~/utils/ontario-holidays";
import { addDays, shopToday } from "~/utils/shop-time";
import { issueFormKey } from "~/server/submission.server";
import { action as bookingJsonAction } from "~/routes/api.endpoints.submit_booking[.php]";

let counter = 0;
/** A submission key as the server renders it into a form: signed with this process's secret. */
export const freshKey = () => issueFormKey();

export const testContext = (clientIp = `203.0.113.${(++counter % 250) + 1}`): AppLoadContext => ({
  requestId: "test",
  cspNonce: "",
  clientIp,
});

/** What React Router hands a loader or an action for this request. */
export function routeArgs(
  request: Request,
  params: Params = {},
  context: AppLoadContext = testContext(),
): LoaderFunctionArgs {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params, context };
}

/** A loader or an action, called as React Router would call it. */
export type RouteHandler = (args: LoaderFunctionArgs) => Promise<unknown>;

/**
 * A weekday at least `daysAhead` days ahead and no statutory holiday, so the slot is open and not
 * in the past.
 */
export function futureWeekday(daysAhead = 3): string {
  let date = addDays(shopToday(), daysAhead);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) || holidayOn(date))
    date = addDays(date, 1);
  return date;
}

export const validBooking = (overrides: Record<string, string> = {}) => ({
  firstName: "Ann",
  lastName: "Lee",
  email: "ann.lee@example.com",
  phone: "(905) 555-0100",
  deviceCategory: "Mobile Repair Service",
  deviceBrand: "Apple",
  deviceModel: "iPhone 13",
  issueType: "Battery Replacement",
  issueDescription: "Battery drains by noon.",
  preferredDate: futureWeekday(),
  preferredTime: "14:00",
  urgency: "normal",
  submissionKey: freshKey(),
  ...overrides,
});

export function formPost(url: string, fields: Record<string, string>) {
  return new Request(`http://localhost${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

/** A booking sent to the legacy JSON door, as the old site's JavaScript sent it. */
export const bookByJson = (body: unknown) =>
  bookingJsonAction(
    routeArgs(
      new Request("http://localhost/api/endpoints/submit_booking.php", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    ),
  );

/** The site address the domain functions put in e-mail links during tests. */
export const testOrigin = "http://localhost";
