import type { PriceTable } from "~/lib/catalogue.server";
import { priceText } from "./price";

/** One table per brand and series, a row per model and a column per repair. */
export function PriceTables({ tables }: { tables: PriceTable[] }) {
  const brands = [...new Set(tables.map((t) => t.brand))];
  return (
    <div className="space-y-12">
      {brands.map((brand) => (
        <section key={brand} aria-label={brand}>
          <h2 className="text-2xl font-bold text-slate-900">{brand}</h2>
          {tables
            .filter((t) => t.brand === brand)
            .map((table) => {
              const caption = table.series ? `${brand} ${table.series}` : brand;
              return (
                <div key={table.series ?? ""} className="mt-6">
                  {table.series ? <h3 className="text-lg font-semibold text-slate-800">{table.series}</h3> : null}
                  {/* Focusable so keyboard users can scroll a table wider than the screen. */}
                  <div role="region" aria-label={`${caption} prices`} tabIndex={0} className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
                    <table className="min-w-full text-left text-sm">
                      <caption className="sr-only">{caption} repair prices in Canadian dollars</caption>
                      <thead className="bg-slate-100 text-slate-900">
                        <tr>
                          <th scope="col" className="px-4 py-3 font-semibold">
                            Model
                          </th>
                          {table.repairs.map((repair) => (
                            <th key={repair} scope="col" className="px-4 py-3 font-semibold">
                              {repair}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-200">
                        {table.rows.map((row) => (
                          <tr key={row.model} className="even:bg-slate-50">
                            <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">
                              {row.model}
                            </th>
                            {table.repairs.map((repair) => {
                              const price = row.prices[repair];
                              return (
                                <td key={repair} className="whitespace-nowrap px-4 py-3 text-slate-700">
                                  {price ? (
                                    priceText(price)
                                  ) : (
                                    <>
                                      <span aria-hidden="true">–</span>
                                      <span className="sr-only">Not offered</span>
                                    </>
                                  )}
                                </td>
                              );
                            })}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </div>
              );
            })}
        </section>
      ))}
    </div>
  );
}
