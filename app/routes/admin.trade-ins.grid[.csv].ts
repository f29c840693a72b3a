import { listGrid } from "~/models/buyback-grid.server";
import { gridListQuerySchema } from "~/schemas/trade-filters";
import { staffLoader } from "~/server/staff-route.server";
import { csvResponse, type CsvValue } from "~/utils/csv";
import { gridCsvHeader } from "~/utils/grid-csv";
import { shopToday } from "~/utils/shop-time";

/** The grid as shown with the same filters, in the columns the import reads back. */
export const loader = staffLoader(async ({ request }) => {
  const { q, category, brand } = gridListQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const grid = await listGrid({ q, category, brand });
  return csvResponse(`buyback-grid-${shopToday()}.csv`, rows(grid));
});

async function* rows(grid: Awaited<ReturnType<typeof listGrid>>): AsyncGenerator<CsvValue[]> {
  yield [...gridCsvHeader];
  for (const row of grid)
    yield [
      row.category,
      row.brand,
      row.model,
      row.storage,
      { cents: row.excellentCents },
      { cents: row.goodCents },
      { cents: row.fairCents },
      { cents: row.brokenCents },
      { cents: row.batteryDeductionCents },
      { cents: row.partsDeductionCents },
      { cents: row.carrierLockDeductionCents },
    ];
}
