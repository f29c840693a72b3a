import { describe, expect, it } from "vitest";
import { isCurrentItem, mainNavigation } from "~/config/navigation";

const item = (label: string) => mainNavigation.find((entry) => entry.label === label)!;

describe("the current navigation item", () => {
  it("is Services on every service and price-list page", () => {
    for (const path of ["/services", "/services/", "/services/mobile", "/price-list/laptop"])
      expect(isCurrentItem(item("Services"), path)).toBe(true);
    for (const path of ["/", "/servicesx", "/price-lists", "/about"])
      expect(isCurrentItem(item("Services"), path)).toBe(false);
  });

  it("is Home on the home page only", () => {
    expect(isCurrentItem(item("Home"), "/")).toBe(true);
    expect(isCurrentItem(item("Home"), "/about")).toBe(false);
  });

  it("covers a page's own sub-pages", () => {
    expect(isCurrentItem(item("Blog"), "/blog/screen-protectors")).toBe(true);
    expect(isCurrentItem(item("Track Repair"), "/track-repair/abc")).toBe(true);
  });
});
