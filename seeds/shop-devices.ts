import { count } from "drizzle-orm";
import type { Database } from "#db/client";
import { stockDevices } from "#db/schema";
import { trade } from "~/config/shop";
import { newStockPublicId } from "~/utils/shop-device";

export type StockDeviceSeed = Omit<typeof stockDevices.$inferInsert, "publicId">;

/**
 * A few refurbished devices so that a new development or demo database shows a shop with
 * something in it. The IMEIs are Luhn-valid test numbers, not real phones'.
 */
export const sampleShopDevices: StockDeviceSeed[] = [
  {
    category: "mobile",
    brand: "Apple",
    model: "iPhone 13",
    storage: "128 GB",
    colour: "Midnight",
    grade: "excellent",
    batteryHealth: 91,
    imei: "356938035643809",
    description: "New battery fitted in our shop. Comes with a USB-C to Lightning cable.",
    priceCents: 54_900,
    costCents: 38_000,
    warrantyMonths: 6,
  },
  {
    category: "mobile",
    brand: "Samsung",
    model: "Galaxy S22",
    storage: "256 GB",
    colour: "Phantom Black",
    grade: "good",
    batteryHealth: 86,
    imei: "490154203237518",
    description: "Light scratches on the back glass. Screen is flawless.",
    priceCents: 42_900,
    costCents: 29_000,
    warrantyMonths: trade.defaultWarrantyMonths,
  },
  {
    category: "tablet",
    brand: "Apple",
    model: "iPad Air (5th generation)",
    storage: "64 GB",
    colour: "Space Grey",
    grade: "good",
    batteryHealth: 88,
    serialNumber: "DMPHX2Q7Q1GC",
    description: "Wi-Fi model. A small scuff on one corner.",
    priceCents: 49_900,
    costCents: 34_000,
    warrantyMonths: trade.defaultWarrantyMonths,
  },
  {
    category: "laptop",
    brand: "Lenovo",
    model: "ThinkPad T14 Gen 2",
    storage: "512 GB",
    colour: "Black",
    grade: "fair",
    batteryHealth: 79,
    serialNumber: "PF3K9ZQ1",
    description:
      "Intel Core i5, 16 GB memory, Windows 11 Pro installed fresh. Wear on the palm rest.",
    priceCents: 47_500,
    costCents: 30_000,
    warrantyMonths: trade.defaultWarrantyMonths,
  },
  {
    category: "console",
    brand: "Nintendo",
    model: "Switch OLED",
    storage: "64 GB",
    colour: "White",
    grade: "excellent",
    serialNumber: "XTW70012345678",
    description: "With dock, Joy-Con controllers and power adapter.",
    priceCents: 32_900,
    costCents: 22_000,
    warrantyMonths: trade.defaultWarrantyMonths,
  },
];

/** The sample devices, listed for sale now; how many were added. */
export async function seedShopDevices(db: Database): Promise<number> {
  const added = await db
    .insert(stockDevices)
    .values(
      sampleShopDevices.map((device) => ({
        ...device,
        publicId: newStockPublicId(),
        state: "for_sale" as const,
        listedAt: new Date(),
      })),
    )
    .returning({ id: stockDevices.id });
  return added.length;
}

/** At start outside production: a database that never had a device for sale gets the samples. */
export async function seedShopDevicesIfEmpty(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stockDevices);
  return row && row.n > 0 ? 0 : seedShopDevices(db);
}
