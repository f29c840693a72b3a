import { findCategory } from "~/config/shop";
import { csvResponse, type CsvValue } from "~/utils/csv";
import { shopToday } from "~/utils/shop-time";
import { streamRepairItems } from "~/models/repair-item.server";
import { repairItemListQuerySchema } from "~/schemas/admin-filters";
import { staffLoader } from "~/server/staff-route.server";

/** The price list as shown with the same filters (every page of it), for a spreadsheet. */
export const loader = staffLoader(async ({ request }) => {
  const { q, category, brand } = repairItemListQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return csvResponse(
    `price-list-${shopToday()}.csv`,
    rows(streamRepairItems({ q, category, brand })),
  );
});

async function* rows(items: ReturnType<typeof streamRepairItems>): AsyncGenerator<CsvValue[]> {
  yield ["category", "brand", "series", "model", "repair", "price"];
  for await (const item of items) {
    // A number a spreadsheet can sum, or the label the shop quotes instead.
    const price = item.price === null ? item.priceLabel : Number(item.price);
    yield [
      findCategory(item.category)?.title ?? item.category,
      item.brand,
      item.series,
      item.model,
      item.repair,
      price,
    ];
  }
}
