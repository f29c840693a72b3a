import type { CatalogueModel, CategoryCatalogue, Price } from "./types";

const CALL = "Call For Price";

/** One tablet and its prices, in the order shown to customers. */
function tablet(
  name: string,
  screen: Price,
  battery: Price,
  chargingPort: Price,
  camera: Price,
): CatalogueModel {
  return {
    name,
    repairs: {
      "Screen Repair (Glass and LCD)": screen,
      "Battery Replacement": battery,
      "Charging Port Repair": chargingPort,
      "Camera Repair": camera,
      "For any other repair": CALL,
    },
  };
}

export const tabletCatalogue: CategoryCatalogue = {
  category: "tablet",
  brands: [
    {
      name: "Apple",
      models: [
        // Prices: screen, battery, charging port, camera.
        tablet("iPad (7th generation)", "119.99", "99.99", "99.99", "79.99"),
        tablet("iPad (8th generation)", "129.99", "99.99", "99.99", "79.99"),
        tablet("iPad (9th generation)", "139.99", "109.99", "99.99", "79.99"),
        tablet("iPad (10th generation)", "199.99", "129.99", "119.99", "99.99"),
        tablet("iPad (A16)", "229.99", "139.99", "129.99", "109.99"),
        tablet("iPad mini (5th generation)", "199.99", "109.99", "109.99", "89.99"),
        tablet("iPad mini (6th generation)", "259.99", "129.99", "119.99", "99.99"),
        tablet("iPad mini (A17 Pro)", "299.99", "149.99", "129.99", "109.99"),
        tablet("iPad Air (3rd generation)", "229.99", "119.99", "109.99", "89.99"),
        tablet("iPad Air (4th generation)", "279.99", "129.99", "119.99", "99.99"),
        tablet("iPad Air (5th generation)", "299.99", "139.99", "129.99", "109.99"),
        tablet("iPad Air 11-inch (M2)", "349.99", "149.99", "139.99", "119.99"),
        tablet("iPad Air 13-inch (M2)", "449.99", "169.99", "139.99", "119.99"),
        tablet("iPad Air 11-inch (M3)", "369.99", "159.99", "149.99", "129.99"),
        tablet("iPad Air 13-inch (M3)", "479.99", "179.99", "149.99", "129.99"),
        tablet("iPad Pro 11-inch (1st generation)", "329.99", "149.99", "129.99", "119.99"),
        tablet("iPad Pro 11-inch (2nd generation)", "349.99", "149.99", "139.99", "139.99"),
        tablet("iPad Pro 11-inch (3rd generation)", "399.99", "159.99", "149.99", "149.99"),
        tablet("iPad Pro 11-inch (4th generation)", "429.99", "169.99", "149.99", "159.99"),
        tablet("iPad Pro 11-inch (M4)", CALL, "189.99", "169.99", "179.99"),
        tablet("iPad Pro 11-inch (M5)", CALL, CALL, "179.99", CALL),
        tablet("iPad Pro 12.9-inch (3rd generation)", "449.99", "179.99", "139.99", "119.99"),
        tablet("iPad Pro 12.9-inch (4th generation)", "479.99", "179.99", "149.99", "139.99"),
        tablet("iPad Pro 12.9-inch (5th generation)", "629.99", "189.99", "159.99", "149.99"),
        tablet("iPad Pro 12.9-inch (6th generation)", "659.99", "199.99", "159.99", "159.99"),
        tablet("iPad Pro 13-inch (M4)", CALL, "219.99", "179.99", "179.99"),
        tablet("iPad Pro 13-inch (M5)", CALL, CALL, "189.99", CALL),
      ],
    },
    {
      name: "Samsung",
      series: [
        {
          name: "Galaxy Tab S",
          models: [
            tablet("Galaxy Tab S6", "299.99", "119.99", "99.99", "89.99"),
            tablet("Galaxy Tab S6 Lite", "189.99", "99.99", "89.99", "69.99"),
            tablet("Galaxy Tab S7", "329.99", "129.99", "109.99", "99.99"),
            tablet("Galaxy Tab S7+", "449.99", "139.99", "109.99", "99.99"),
            tablet("Galaxy Tab S7 FE", "259.99", "119.99", "99.99", "79.99"),
            tablet("Galaxy Tab S8", "349.99", "139.99", "119.99", "109.99"),
            tablet("Galaxy Tab S8+", "469.99", "149.99", "119.99", "109.99"),
            tablet("Galaxy Tab S8 Ultra", "579.99", "169.99", "129.99", "119.99"),
            tablet("Galaxy Tab S9", "379.99", "149.99", "129.99", "119.99"),
            tablet("Galaxy Tab S9+", "499.99", "159.99", "129.99", "119.99"),
            tablet("Galaxy Tab S9 Ultra", "619.99", "179.99", "139.99", "129.99"),
            tablet("Galaxy Tab S9 FE", "279.99", "129.99", "109.99", "89.99"),
            tablet("Galaxy Tab S9 FE+", "319.99", "139.99", "109.99", "89.99"),
            tablet("Galaxy Tab S10+", "529.99", "169.99", "139.99", "129.99"),
            tablet("Galaxy Tab S10 Ultra", CALL, "189.99", "149.99", "139.99"),
            tablet("Galaxy Tab S10 FE", "299.99", "139.99", "119.99", "99.99"),
            tablet("Galaxy Tab S10 FE+", "339.99", "149.99", "119.99", "99.99"),
          ],
        },
        {
          name: "Galaxy Tab A",
          models: [
            tablet("Galaxy Tab A7", "139.99", "89.99", "79.99", "59.99"),
            tablet("Galaxy Tab A7 Lite", "119.99", "79.99", "69.99", "49.99"),
            tablet("Galaxy Tab A8", "149.99", "89.99", "79.99", "59.99"),
            tablet("Galaxy Tab A9", "129.99", "79.99", "69.99", "49.99"),
            tablet("Galaxy Tab A9+", "159.99", "89.99", "79.99", "59.99"),
          ],
        },
        {
          // Legacy Galaxy Note tablets the shop still services.
          name: "Galaxy Tab Note",
          models: [
            tablet("Galaxy Note 10.1 (2014 Edition)", "179.99", "89.99", "79.99", "59.99"),
            tablet("Galaxy Note Pro 12.2", "229.99", "99.99", "79.99", "59.99"),
          ],
        },
      ],
    },
  ],
};
