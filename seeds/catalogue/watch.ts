import type { CatalogueModel, CategoryCatalogue, Price } from "./types";

const CALL = "Call For Price";

/** One watch and its prices, in the order shown to customers. */
function watch(name: string, screen: Price, battery: Price): CatalogueModel {
  return {
    name,
    repairs: {
      "Screen Repair (Glass and LCD)": screen,
      "Battery Replacement": battery,
      "For any other repair": CALL,
    },
  };
}

export const watchCatalogue: CategoryCatalogue = {
  category: "watch",
  brands: [
    {
      name: "Apple",
      models: [
        // Prices: screen, battery.
        watch("Apple Watch Series 4", "149.99", "79.99"),
        watch("Apple Watch Series 5", "169.99", "79.99"),
        watch("Apple Watch Series 6", "189.99", "89.99"),
        watch("Apple Watch Series 7", "229.99", "99.99"),
        watch("Apple Watch Series 8", "249.99", "99.99"),
        watch("Apple Watch Series 9", "279.99", "109.99"),
        watch("Apple Watch Series 10", "329.99", "119.99"),
        watch("Apple Watch SE (1st generation)", "169.99", "79.99"),
        watch("Apple Watch SE (2nd generation)", "199.99", "89.99"),
        watch("Apple Watch Ultra", "349.99", "119.99"),
        watch("Apple Watch Ultra 2", "399.99", "129.99"),
      ],
    },
    {
      name: "Samsung",
      series: [
        {
          name: "Galaxy Watch",
          models: [
            watch("Galaxy Watch4", "149.99", "69.99"),
            watch("Galaxy Watch4 Classic", "169.99", "69.99"),
            watch("Galaxy Watch5", "169.99", "79.99"),
            watch("Galaxy Watch5 Pro", "209.99", "89.99"),
            watch("Galaxy Watch6", "189.99", "79.99"),
            watch("Galaxy Watch6 Classic", "219.99", "89.99"),
            watch("Galaxy Watch7", "209.99", "89.99"),
            watch("Galaxy Watch Ultra", "279.99", "109.99"),
          ],
        },
      ],
    },
  ],
};
