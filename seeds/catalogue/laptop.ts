import type { CatalogueModel, CategoryCatalogue, Price } from "./types";

const CALL = "Call For Price";

/** One laptop and its prices, in the order shown to customers. */
function laptop(
  name: string,
  screen: Price,
  battery: Price,
  chargingPort: Price,
  keyboard: Price,
  trackpad: Price,
  bottomCase: Price,
): CatalogueModel {
  return {
    name,
    repairs: {
      "Screen Repair (Glass and LCD)": screen,
      "Battery Replacement": battery,
      "Charging Port Repair": chargingPort,
      "Keyboard Replacement": keyboard,
      "Trackpad Repair": trackpad,
      "Bottom Case Replacement": bottomCase,
      "For any other repair": CALL,
    },
  };
}

/** A 2-in-1 whose keyboard is a detachable cover: no keyboard, trackpad or bottom case to repair. */
function detachable(name: string, screen: Price, battery: Price, chargingPort: Price): CatalogueModel {
  return {
    name,
    repairs: {
      "Screen Repair (Glass and LCD)": screen,
      "Battery Replacement": battery,
      "Charging Port Repair": chargingPort,
      "For any other repair": CALL,
    },
  };
}

export const laptopCatalogue: CategoryCatalogue = {
  category: "laptop",
  brands: [
    {
      name: "Apple",
      series: [
        {
          name: "MacBook Air",
          models: [
            // Prices: screen, battery, charging port, keyboard, trackpad, bottom case.
            laptop("MacBook Air 13-inch (2017)",                     "349.99", "149.99", "129.99", "249.99", "149.99", "79.99"),
            laptop("MacBook Air 13-inch (Retina, 2018)",             "429.99", "169.99", "149.99", "329.99", "169.99", "89.99"),
            laptop("MacBook Air 13-inch (Retina, 2019)",             "429.99", "169.99", "149.99", "329.99", "169.99", "89.99"),
            laptop("MacBook Air 13-inch (Retina, 2020)",             "449.99", "179.99", "149.99", "349.99", "169.99", "99.99"),
            laptop("MacBook Air 13-inch (M1, 2020)",                 "469.99", "189.99", "159.99", "349.99", "179.99", "99.99"),
            laptop("MacBook Air 13-inch (M2, 2022)",                 "549.99", "219.99", "179.99", "399.99", "199.99", "109.99"),
            laptop("MacBook Air 15-inch (M2, 2023)",                 "629.99", "239.99", "189.99", "429.99", "219.99", "119.99"),
            laptop("MacBook Air 13-inch (M3, 2024)",                 "569.99", "229.99", "189.99", "419.99", "209.99", "119.99"),
            laptop("MacBook Air 15-inch (M3, 2024)",                 "649.99", "249.99", "199.99", "449.99", "229.99", "129.99"),
            laptop("MacBook Air 13-inch (M4, 2025)",                 CALL,     "249.99", "199.99", CALL,     "219.99", "129.99"),
            laptop("MacBook Air 15-inch (M4, 2025)",                 CALL,     "269.99", "209.99", CALL,     "239.99", "139.99"),
          ],
        },
        {
          name: "MacBook Pro",
          models: [
            laptop("MacBook Pro 13-inch (2017)",                     "399.99", "179.99", "149.99", "329.99", "169.99", "89.99"),
            laptop("MacBook Pro 15-inch (2017)",                     "499.99", "199.99", "169.99", "379.99", "189.99", "99.99"),
            laptop("MacBook Pro 13-inch (2018)",                     "449.99", "189.99", "159.99", "349.99", "179.99", "99.99"),
            laptop("MacBook Pro 15-inch (2018)",                     "529.99", "209.99", "169.99", "399.99", "199.99", "109.99"),
            laptop("MacBook Pro 13-inch (2019)",                     "449.99", "189.99", "159.99", "349.99", "179.99", "99.99"),
            laptop("MacBook Pro 15-inch (2019)",                     "549.99", "219.99", "179.99", "419.99", "199.99", "109.99"),
            laptop("MacBook Pro 16-inch (2019)",                     "599.99", "229.99", "189.99", "449.99", "219.99", "119.99"),
            laptop("MacBook Pro 13-inch (2020)",                     "469.99", "199.99", "159.99", "369.99", "189.99", "99.99"),
            laptop("MacBook Pro 13-inch (M1, 2020)",                 "489.99", "199.99", "169.99", "379.99", "189.99", "109.99"),
            laptop("MacBook Pro 14-inch (M1 Pro/M1 Max, 2021)",      "599.99", "249.99", "199.99", "449.99", "229.99", "129.99"),
            laptop("MacBook Pro 16-inch (M1 Pro/M1 Max, 2021)",      "699.99", "269.99", "209.99", "479.99", "249.99", "139.99"),
            laptop("MacBook Pro 13-inch (M2, 2022)",                 "529.99", "219.99", "179.99", "399.99", "199.99", "109.99"),
            laptop("MacBook Pro 14-inch (M2 Pro/M2 Max, 2023)",      "629.99", "259.99", "209.99", "469.99", "239.99", "129.99"),
            laptop("MacBook Pro 16-inch (M2 Pro/M2 Max, 2023)",      "729.99", "279.99", "219.99", "499.99", "259.99", "139.99"),
            laptop("MacBook Pro 14-inch (M3, 2023)",                 "629.99", "259.99", "209.99", "469.99", "239.99", "129.99"),
            laptop("MacBook Pro 14-inch (M3 Pro/M3 Max, 2023)",      "659.99", "269.99", "219.99", "489.99", "249.99", "139.99"),
            laptop("MacBook Pro 16-inch (M3 Pro/M3 Max, 2023)",      "759.99", "289.99", "229.99", "519.99", "269.99", "149.99"),
            laptop("MacBook Pro 14-inch (M4, 2024)",                 CALL,     "279.99", "219.99", "499.99", "259.99", "139.99"),
            laptop("MacBook Pro 14-inch (M4 Pro/M4 Max, 2024)",      CALL,     "289.99", "229.99", "519.99", "269.99", "149.99"),
            laptop("MacBook Pro 16-inch (M4 Pro/M4 Max, 2024)",      CALL,     "309.99", "239.99", "549.99", "279.99", "159.99"),
            laptop("MacBook Pro 14-inch (M5, 2025)",                 CALL,     CALL,     "239.99", CALL,     CALL,     "149.99"),
          ],
        },
      ],
    },
    {
      name: "Dell",
      models: [
        laptop("XPS 13",                  "349.99", "149.99", "129.99", "199.99", "149.99", "99.99"),
        laptop("XPS 15",                  "429.99", "169.99", "139.99", "229.99", "169.99", "119.99"),
        laptop("Inspiron 15",             "179.99", "109.99", "99.99",  "119.99", "99.99",  "79.99"),
        laptop("Inspiron 14 2-in-1",      "249.99", "119.99", "99.99",  "139.99", "109.99", "89.99"),
        laptop("Latitude 5440",           "229.99", "129.99", "109.99", "129.99", "109.99", "89.99"),
      ],
    },
    {
      name: "HP",
      models: [
        laptop("Pavilion 15",             "179.99", "109.99", "99.99",  "119.99", "99.99",  "79.99"),
        laptop("Envy x360",               "279.99", "129.99", "109.99", "149.99", "119.99", "89.99"),
        laptop("Spectre x360 14",         "399.99", "159.99", "129.99", "199.99", "139.99", "109.99"),
        laptop("EliteBook 840",           "249.99", "129.99", "109.99", "139.99", "109.99", "89.99"),
        laptop("OMEN 16",                 "299.99", "139.99", "119.99", "159.99", "119.99", "99.99"),
      ],
    },
    {
      name: "Lenovo",
      models: [
        laptop("ThinkPad T14",            "249.99", "129.99", "109.99", "129.99", "109.99", "89.99"),
        laptop("ThinkPad X1 Carbon",      "349.99", "149.99", "129.99", "179.99", "129.99", "109.99"),
        laptop("IdeaPad 5",               "199.99", "109.99", "99.99",  "119.99", "99.99",  "79.99"),
        laptop("Yoga 7",                  "279.99", "129.99", "109.99", "149.99", "119.99", "89.99"),
        laptop("Legion 5",                "279.99", "139.99", "119.99", "159.99", "119.99", "99.99"),
      ],
    },
    {
      name: "ASUS",
      models: [
        laptop("ZenBook 14",              "299.99", "129.99", "109.99", "149.99", "119.99", "89.99"),
        laptop("VivoBook 15",             "169.99", "99.99",  "89.99",  "109.99", "89.99",  "79.99"),
        laptop("ROG Zephyrus G14",        "349.99", "149.99", "129.99", "179.99", "129.99", "109.99"),
        laptop("TUF Gaming A15",          "229.99", "129.99", "109.99", "139.99", "109.99", "89.99"),
      ],
    },
    {
      name: "Acer",
      models: [
        laptop("Aspire 5",                "169.99", "99.99",  "89.99",  "109.99", "89.99",  "79.99"),
        laptop("Swift 3",                 "229.99", "119.99", "99.99",  "129.99", "99.99",  "79.99"),
        laptop("Swift Go 14",             "279.99", "129.99", "109.99", "139.99", "109.99", "89.99"),
        laptop("Nitro 5",                 "209.99", "119.99", "109.99", "129.99", "99.99",  "89.99"),
      ],
    },
    {
      name: "Microsoft",
      models: [
        laptop("Surface Laptop 4",        "349.99", "159.99", "129.99", "199.99", "149.99", "99.99"),
        laptop("Surface Laptop 5",        "379.99", "169.99", "129.99", "209.99", "149.99", "109.99"),
        laptop("Surface Laptop 6",        "429.99", "179.99", "139.99", "229.99", "159.99", "119.99"),
        laptop("Surface Laptop 7",        CALL,     "199.99", "149.99", "249.99", "169.99", "129.99"),
        laptop("Surface Laptop Go 3",     "249.99", "129.99", "99.99",  "149.99", "109.99", "89.99"),
        // Prices: screen, battery, charging port.
        detachable("Surface Pro 7",       "279.99", "149.99", "129.99"),
        detachable("Surface Pro 8",       "329.99", "159.99", "139.99"),
        detachable("Surface Pro 9",       "369.99", "169.99", "149.99"),
        detachable("Surface Pro 11",      CALL,     "189.99", "159.99"),
      ],
    },
  ],
};
