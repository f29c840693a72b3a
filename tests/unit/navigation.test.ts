import { describe, expect, it } from "vitest";
import { isCurrentItem, mainNavigation } from "~/config/navigation";
import { deviceCategories, headerServiceSlugs } from "~/config/shop";

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
    expect(isCurrentItem(item("Shop"), "/shop/apple-iphone-13-128-gb-abcdefghjk")).toBe(true);
  });
});

describe("the Services menu", () => {
  it("lists the header's three categories on a laptop, and every category and the price lists on a phone", () => {
    const services = item("Services");
    expect(services.children!.map((c) => c.to)).toEqual(
      headerServiceSlugs.map((slug) => `/services/${slug}`),
    );
    expect(services.phoneChildren!.map((c) => c.label)).toEqual([
      ...deviceCategories.map((c) => c.shortName),
      "Price Lists",
    ]);
    const priceLists = services.phoneChildren!.at(-1)!;
    expect(isCurrentItem(priceLists, "/price-list/laptop")).toBe(true);
  });
});
