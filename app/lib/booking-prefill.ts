import { commonIssues, deviceCategories } from "~/config/shop";
import { prefilledDescription } from "./booking-description";

export type BookingPrefill = {
  deviceCategory?: string;
  deviceBrand?: string;
  deviceModel?: string;
  issueType?: string;
  issueDescription?: string;
  issueOptions: string[];
};

const clean = (value: string | null) => value?.trim().slice(0, 200) || undefined;

/**
 * The selector and finder link here with brand, model, issue, price and deviceCategory (and a
 * series, which the model's name already carries).
 * The description is the legacy sentence; an issue the form does not list is offered anyway.
 */
export function bookingPrefill(params: URLSearchParams): BookingPrefill {
  const brand = clean(params.get("brand"));
  const model = clean(params.get("model"));
  const issue = clean(params.get("issue"));
  const price = clean(params.get("price"));
  const categoryParam = clean(params.get("deviceCategory"));
  const category = deviceCategories.find((c) => c.title === categoryParam || c.slug === categoryParam);

  const issueOptions: string[] = [...commonIssues];
  if (issue && !issueOptions.includes(issue)) issueOptions.unshift(issue);

  const prefilled = brand || model || issue || categoryParam;
  return {
    deviceCategory: category?.title,
    deviceBrand: brand,
    deviceModel: model,
    issueType: issue,
    issueDescription: prefilled ? prefilledDescription({ brand, model, issue, price, category }) : undefined,
    issueOptions,
  };
}
