import type { CatalogueModel, CategoryCatalogue, Price } from "./types";

const CALL = "Call For Price";

/** The console repairs, in the order shown to customers. */
const repairNames = {
  screen: "Screen Repair (Glass and LCD)",
  battery: "Battery Replacement",
  chargingPort: "Charging Port Repair",
  hdmiPort: "HDMI Port Repair",
  discDrive: "Disc Drive Repair",
  joystickDrift: "Joystick Drift Repair",
  overheating: "Overheating and Fan Cleaning",
} as const;

type ConsoleRepair = keyof typeof repairNames;

/** One device with the repairs that apply to it; "For any other repair" is always added last. */
function device(name: string, prices: Partial<Record<ConsoleRepair, Price>>): CatalogueModel {
  const repairs: Record<string, Price> = {};
  for (const key of Object.keys(repairNames) as ConsoleRepair[]) {
    const price = prices[key];
    if (price) repairs[repairNames[key]] = price;
  }
  repairs["For any other repair"] = CALL;
  return { name, repairs };
}

export const consoleCatalogue: CategoryCatalogue = {
  category: "console",
  brands: [
    {
      name: "Sony",
      models: [
        device("PlayStation 4", { hdmiPort: "109.99", discDrive: "119.99", overheating: "79.99" }),
        device("PlayStation 4 Slim", {
          hdmiPort: "109.99",
          discDrive: "119.99",
          overheating: "79.99",
        }),
        device("PlayStation 4 Pro", {
          hdmiPort: "119.99",
          discDrive: "129.99",
          overheating: "89.99",
        }),
        device("PlayStation 5", { hdmiPort: "149.99", discDrive: "169.99", overheating: "99.99" }),
        device("PlayStation 5 Digital Edition", { hdmiPort: "149.99", overheating: "99.99" }),
        device("PlayStation 5 Slim", {
          hdmiPort: "159.99",
          discDrive: "179.99",
          overheating: "109.99",
        }),
        device("PlayStation 5 Pro", { hdmiPort: "179.99", overheating: "119.99" }),
        device("DualSense Controller", {
          battery: "59.99",
          chargingPort: "59.99",
          joystickDrift: "69.99",
        }),
        device("DualShock 4 Controller", {
          battery: "49.99",
          chargingPort: "49.99",
          joystickDrift: "59.99",
        }),
      ],
    },
    {
      name: "Microsoft",
      models: [
        device("Xbox One", { hdmiPort: "109.99", discDrive: "119.99", overheating: "79.99" }),
        device("Xbox One S", { hdmiPort: "109.99", discDrive: "119.99", overheating: "79.99" }),
        device("Xbox One X", { hdmiPort: "129.99", discDrive: "129.99", overheating: "89.99" }),
        device("Xbox Series S", { hdmiPort: "149.99", overheating: "99.99" }),
        device("Xbox Series X", { hdmiPort: "159.99", discDrive: "169.99", overheating: "109.99" }),
        // Runs on AA batteries or a separate battery pack, so no battery replacement.
        device("Xbox Wireless Controller", { chargingPort: "49.99", joystickDrift: "59.99" }),
      ],
    },
    {
      name: "Nintendo",
      models: [
        device("Switch", {
          screen: "129.99",
          battery: "79.99",
          chargingPort: "89.99",
          overheating: "79.99",
        }),
        device("Switch OLED", {
          screen: "199.99",
          battery: "89.99",
          chargingPort: "99.99",
          overheating: "89.99",
        }),
        device("Switch Lite", {
          screen: "109.99",
          battery: "69.99",
          chargingPort: "79.99",
          joystickDrift: "59.99",
          overheating: "69.99",
        }),
        device("Switch 2", {
          screen: CALL,
          battery: CALL,
          chargingPort: "119.99",
          overheating: "99.99",
        }),
        device("Joy-Con", { battery: "44.99", joystickDrift: "49.99" }),
      ],
    },
  ],
};
