import {
  commonIssues,
  deviceCategories,
  type CategorySlug,
  type DeviceCategory,
} from "~/config/shop";
import type { RepairPrice } from "~/types/catalogue";
import { prefilledDescription } from "~/utils/booking-description";

export type BookingPrefill = {
  /** The category the link names, for looking its repair up in the catalogue. */
  categorySlug?: CategorySlug;
  deviceCategory?: string;
  deviceBrand?: string;
  deviceModel?: string;
  issueType?: string;
  issueDescription?: string;
  issueOptions: string[];
};

type BookingTarget = {
  category: Pick<DeviceCategory, "title">;
  brand: string;
  /** The finder sends it; the selector and price lists leave it to the model's name. */
  series?: string;
  model: string;
  /**
   * A priced repair adds the issue and the price, empty when the shop quotes it ("Call For Price").
   */
  repair?: Pick<RepairPrice, "repair" | "price">;
};

/** The one way to link to the booking form with its fields filled in; `bookingPrefill` reads it back. */
export function bookingHref({ category, brand, series, model, repair }: BookingTarget): string {
  const params = new URLSearchParams({ brand });
  if (series) params.set("series", series);
  params.set("model", model);
  if (repair) {
    params.set("issue", repair.repair);
    params.set("price", repair.price ?? "");
  }
  params.set("deviceCategory", category.title);
  return `/book-appointment?${params}`;
}

const clean = (value: string | null) => value?.trim().slice(0, 200) || undefined;

/**
 * The selector, finder and price lists link here with brand, model, issue, price and
 * deviceCategory (and a series, which the model's name already carries).
 * The description is the legacy sentence; with no repair chosen (the finder) there is no repair
 * or price to name, so it says only the device. An issue the form does not list is offered anyway.
 */
export function bookingPrefill(params: URLSearchParams): BookingPrefill {
  const brand = clean(params.get("brand"));
  const model = clean(params.get("model"));
  const issue = clean(params.get("issue"));
  const price = clean(params.get("price"));
  const categoryParam = clean(params.get("deviceCategory"));
  const category = deviceCategories.find(
    (c) => c.title === categoryParam || c.slug === categoryParam,
  );

  const issueOptions: string[] = [...commonIssues];
  if (issue && !issueOptions.includes(issue)) issueOptions.unshift(issue);

  const prefilled = brand || model || issue || categoryParam;
  return {
    categorySlug: category?.slug,
    deviceCategory: category?.title,
    deviceBrand: brand,
    deviceModel: model,
    issueType: issue,
    issueDescription: prefilled
      ? prefilledDescription({ brand, model, issue, price, category })
      : undefined,
    issueOptions,
  };
}
