import type { DeviceGrade } from "~/types/trade";

/**
 * What each grade of a second-hand device means, in the words the shop page and the device page
 * show a customer. Browser-safe: the public pages, the counter's invoice line and the tests read
 * it from here.
 */
export const gradeTexts: Record<DeviceGrade, { label: string; meaning: string }> = {
  excellent: {
    label: "Excellent",
    meaning:
      "Looks close to new: no scratches you can see at arm's length, and everything works as it should.",
  },
  good: {
    label: "Good",
    meaning:
      "Light signs of use, such as fine scratches on the body or screen, that you notice only up close. Everything works as it should.",
  },
  fair: {
    label: "Fair",
    meaning:
      "Visible wear, such as scratches or small dents on the body. The screen has no cracks and everything works as it should.",
  },
  broken: {
    label: "For parts or repair",
    meaning:
      "Something does not work, as the description says. Sold as it is, for parts or for a repair we can quote you.",
  },
};

export const gradeLabel = (grade: DeviceGrade) => gradeTexts[grade].label;

/**
 * The schema.org item condition search engines read: refurbished when it left our bench working,
 * used when sold for parts.
 */
export const gradeItemCondition = (grade: DeviceGrade) =>
  grade === "broken"
    ? "https://schema.org/UsedCondition"
    : "https://schema.org/RefurbishedCondition";
