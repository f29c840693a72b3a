import { count } from "drizzle-orm";
import type { Database } from "#db/client";
import { buybackPrices } from "#db/schema";
import type { CategorySlug } from "../app/config/shop";

type GridSeed = typeof buybackPrices.$inferInsert;

/**
 * The starter buyback grid, in dollars: excellent, good, fair, broken, then the battery, parts and
 * carrier lock deductions. Late-2026 Oakville street prices for what the shop can resell after
 * refurbishing; staff adjust them on /admin/trade-ins/grid or by CSV.
 */
type Prices = [number, number, number, number, number, number, number];

const models: [CategorySlug, string, string, Record<string, Prices>][] = [
  [
    "mobile",
    "Apple",
    "iPhone 17 Pro Max",
    {
      "256 GB": [1150, 1020, 800, 420, 60, 150, 50],
      "512 GB": [1280, 1140, 890, 470, 60, 150, 50],
      "1 TB": [1400, 1250, 980, 520, 60, 150, 50],
    },
  ],
  [
    "mobile",
    "Apple",
    "iPhone 17 Pro",
    {
      "256 GB": [1000, 890, 700, 360, 60, 140, 50],
      "512 GB": [1120, 990, 780, 400, 60, 140, 50],
    },
  ],
  [
    "mobile",
    "Apple",
    "iPhone 17",
    {
      "256 GB": [720, 640, 500, 250, 50, 120, 40],
      "512 GB": [820, 730, 570, 290, 50, 120, 40],
    },
  ],
  ["mobile", "Apple", "iPhone Air", { "256 GB": [780, 690, 540, 270, 50, 120, 40] }],
  [
    "mobile",
    "Apple",
    "iPhone 16 Pro Max",
    {
      "256 GB": [880, 780, 610, 320, 60, 130, 50],
      "512 GB": [960, 850, 670, 350, 60, 130, 50],
    },
  ],
  [
    "mobile",
    "Apple",
    "iPhone 16 Pro",
    {
      "128 GB": [720, 640, 500, 260, 50, 120, 40],
      "256 GB": [790, 700, 550, 290, 50, 120, 40],
    },
  ],
  [
    "mobile",
    "Apple",
    "iPhone 16",
    {
      "128 GB": [520, 460, 360, 180, 40, 100, 40],
      "256 GB": [580, 510, 400, 200, 40, 100, 40],
    },
  ],
  ["mobile", "Apple", "iPhone 16e", { "128 GB": [400, 350, 270, 130, 40, 90, 30] }],
  [
    "mobile",
    "Apple",
    "iPhone 15 Pro Max",
    {
      "256 GB": [700, 620, 480, 250, 50, 120, 40],
      "512 GB": [760, 670, 520, 270, 50, 120, 40],
    },
  ],
  [
    "mobile",
    "Apple",
    "iPhone 15 Pro",
    {
      "128 GB": [560, 490, 380, 200, 50, 110, 40],
      "256 GB": [610, 540, 420, 220, 50, 110, 40],
    },
  ],
  [
    "mobile",
    "Apple",
    "iPhone 15",
    {
      "128 GB": [400, 350, 270, 130, 40, 90, 30],
      "256 GB": [440, 390, 300, 150, 40, 90, 30],
    },
  ],
  ["mobile", "Apple", "iPhone 14", { "128 GB": [300, 260, 200, 90, 40, 80, 30] }],
  ["mobile", "Apple", "iPhone 13", { "128 GB": [230, 200, 150, 60, 30, 60, 25] }],
  [
    "mobile",
    "Samsung",
    "Galaxy S25 Ultra",
    {
      "256 GB": [880, 770, 600, 300, 50, 130, 40],
      "512 GB": [960, 840, 660, 330, 50, 130, 40],
    },
  ],
  ["mobile", "Samsung", "Galaxy S25+", { "256 GB": [600, 520, 400, 190, 40, 110, 40] }],
  [
    "mobile",
    "Samsung",
    "Galaxy S25",
    {
      "128 GB": [480, 420, 320, 150, 40, 100, 30],
      "256 GB": [520, 450, 350, 160, 40, 100, 30],
    },
  ],
  ["mobile", "Samsung", "Galaxy S24 Ultra", { "256 GB": [620, 540, 420, 200, 50, 110, 40] }],
  ["mobile", "Samsung", "Galaxy S24", { "128 GB": [350, 300, 230, 100, 40, 80, 30] }],
  ["mobile", "Samsung", "Galaxy Z Fold7", { "256 GB": [1050, 900, 650, 300, 60, 150, 50] }],
  ["mobile", "Samsung", "Galaxy Z Flip7", { "256 GB": [560, 480, 340, 150, 50, 110, 40] }],
  ["mobile", "Samsung", "Galaxy A56", { "128 GB": [200, 170, 120, 40, 25, 50, 20] }],
  ["mobile", "Google", "Pixel 10 Pro", { "128 GB": [640, 560, 430, 200, 50, 110, 40] }],
  ["mobile", "Google", "Pixel 10", { "128 GB": [460, 400, 300, 140, 40, 90, 30] }],
  [
    "tablet",
    "Apple",
    "iPad Pro 13-inch (M5)",
    {
      "256 GB": [1150, 1000, 780, 380, 60, 150, 0],
      "512 GB": [1300, 1140, 880, 430, 60, 150, 0],
    },
  ],
  ["tablet", "Apple", "iPad Pro 11-inch (M4)", { "256 GB": [700, 610, 470, 220, 50, 120, 0] }],
  [
    "tablet",
    "Apple",
    "iPad Air 11-inch (M3)",
    {
      "128 GB": [480, 420, 320, 150, 40, 90, 0],
      "256 GB": [540, 470, 360, 170, 40, 90, 0],
    },
  ],
  ["tablet", "Apple", "iPad (A16)", { "128 GB": [280, 240, 180, 80, 30, 60, 0] }],
  ["tablet", "Apple", "iPad mini (A17 Pro)", { "128 GB": [380, 330, 250, 110, 30, 80, 0] }],
  ["tablet", "Samsung", "Galaxy Tab S10 Ultra", { "256 GB": [720, 620, 470, 210, 50, 120, 0] }],
  [
    "laptop",
    "Apple",
    "MacBook Air 13-inch (M4)",
    {
      "256 GB": [820, 720, 560, 260, 80, 150, 0],
      "512 GB": [960, 840, 650, 300, 80, 150, 0],
    },
  ],
  ["laptop", "Apple", "MacBook Air 15-inch (M4)", { "512 GB": [1080, 950, 730, 340, 80, 160, 0] }],
  ["laptop", "Apple", "MacBook Air 13-inch (M2)", { "256 GB": [520, 450, 340, 150, 70, 120, 0] }],
  [
    "laptop",
    "Apple",
    "MacBook Pro 14-inch (M5)",
    {
      "512 GB": [1500, 1320, 1020, 480, 100, 200, 0],
      "1 TB": [1700, 1500, 1160, 540, 100, 200, 0],
    },
  ],
  [
    "laptop",
    "Apple",
    "MacBook Pro 16-inch (M4 Pro)",
    { "512 GB": [2000, 1760, 1360, 640, 120, 250, 0] },
  ],
  ["console", "Sony", "PlayStation 5 Pro", { "2 TB": [620, 550, 420, 180, 0, 120, 0] }],
  [
    "console",
    "Sony",
    "PlayStation 5 Slim",
    {
      "1 TB": [380, 330, 250, 100, 0, 80, 0],
    },
  ],
  ["console", "Nintendo", "Switch 2", { "256 GB": [380, 330, 250, 100, 30, 80, 0] }],
  ["console", "Nintendo", "Switch OLED", { "64 GB": [220, 190, 140, 50, 20, 50, 0] }],
  ["console", "Microsoft", "Xbox Series X", { "1 TB": [360, 310, 230, 90, 0, 80, 0] }],
  ["watch", "Apple", "Apple Watch Ultra 3", { "64 GB": [560, 480, 360, 150, 50, 100, 0] }],
  ["watch", "Apple", "Apple Watch Series 11", { "64 GB": [300, 260, 190, 70, 40, 60, 0] }],
  ["watch", "Apple", "Apple Watch SE 3", { "32 GB": [160, 140, 100, 30, 25, 40, 0] }],
  ["watch", "Samsung", "Galaxy Watch8", { "32 GB": [180, 150, 110, 40, 25, 40, 0] }],
];

const cents = (dollars: number) => Math.round(dollars * 100);

/** The starter grid as table rows. */
export function buybackGridRows(): GridSeed[] {
  return models.flatMap(([category, brand, model, sizes]) =>
    Object.entries(sizes).map(
      ([storage, [excellent, good, fair, broken, battery, parts, carrier]]) => ({
        category,
        brand,
        model,
        storage,
        excellentCents: cents(excellent),
        goodCents: cents(good),
        fairCents: cents(fair),
        brokenCents: cents(broken),
        batteryDeductionCents: cents(battery),
        partsDeductionCents: cents(parts),
        carrierLockDeductionCents: cents(carrier),
      }),
    ),
  );
}

/** Inserts the starter rows missing and leaves staff edits alone; how many it added. */
export async function seedBuybackGrid(db: Database): Promise<number> {
  const inserted = await db
    .insert(buybackPrices)
    .values(buybackGridRows())
    .onConflictDoNothing()
    .returning({ id: buybackPrices.id });
  return inserted.length;
}

/** At start: a new database gets the starter grid. */
export async function seedBuybackGridIfEmpty(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(buybackPrices);
  return row && row.n > 0 ? 0 : seedBuybackGrid(db);
}
