import { contact, type DeviceCategory } from "~/config/shop";
import { deviceName } from "~/utils/booking-description";
import { bookingHref } from "~/utils/booking-prefill";
import type { PriceTable } from "~/types/catalogue";
import { priceText } from "~/utils/price";

/** Where a brand's or series' table starts, for the list of them above the prices. */
export const tableAnchor = (table: Pick<PriceTable, "brand" | "series">) =>
  `prices-${[table.brand, table.series].filter(Boolean).join("-")}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

/*
 * One markup for every screen, so the page is sent once: from `lg` up a table, below it each row a
 * card (the model, then a line per repair: name, price, "Book") that never scrolls sideways. A list
 * has hundreds of prices, so the styles sit once on the table instead of on every cell.
 */
const tableClass = [
  "block w-full text-left lg:table",
  // A row: a card, two to a line from `sm`; a table row with a light stripe from `lg`.
  "[&_tbody]:grid [&_tbody]:gap-4 sm:[&_tbody]:grid-cols-2 lg:[&_tbody]:table-row-group",
  "[&_tbody_tr]:block [&_tbody_tr]:overflow-hidden [&_tbody_tr]:rounded-lg [&_tbody_tr]:border [&_tbody_tr]:border-slate-200",
  "lg:[&_tbody_tr]:table-row lg:[&_tbody_tr]:rounded-none lg:[&_tbody_tr]:border-0 lg:[&_tbody_tr]:border-t lg:[&_tbody_tr:nth-child(even)]:bg-slate-50",
  // The model: the card's title, or the row's header cell.
  "[&_tbody_th]:block [&_tbody_th]:bg-slate-100 [&_tbody_th]:px-3 [&_tbody_th]:py-3 [&_tbody_th]:font-semibold [&_tbody_th]:text-slate-900",
  "lg:[&_tbody_th]:table-cell lg:[&_tbody_th]:bg-transparent lg:[&_tbody_th]:py-2 lg:[&_tbody_th]:text-sm lg:[&_tbody_th]:font-medium",
  // A price: the card's line, or a button-like link in its column.
  "[&_td]:block [&_td]:border-t [&_td]:border-slate-200 lg:[&_td]:table-cell lg:[&_td]:border-0 lg:[&_td]:px-1.5 lg:[&_td]:py-1.5",
  "[&_td>*]:flex [&_td>*]:min-h-12 [&_td>*]:items-center [&_td>*]:gap-2 [&_td>*]:whitespace-nowrap [&_td>*]:px-3 [&_td>*]:py-2",
  "lg:[&_td>*]:inline-flex lg:[&_td>*]:min-h-0 lg:[&_td>*]:px-2 lg:[&_td>*]:py-1",
  "[&_td>a]:font-semibold [&_td>a]:tabular-nums [&_td>a]:text-slate-900 [&_td>a:hover]:bg-brand-50 [&_small]:text-sm [&_small]:font-normal [&_small]:text-slate-700 lg:[&_small]:text-brand-800 lg:[&_td>a]:rounded-md lg:[&_td>a]:border lg:[&_td>a]:border-slate-300 lg:[&_td>a]:bg-white lg:[&_td>a]:text-brand-800 lg:[&_td>a:hover]:border-brand-600",
  // The card's "Book" (or "Call" for a price the shop quotes) is drawn: the link's name already
  // says it, and the table's price is enough.
  "[&_td>a]:after:rounded-full [&_td>a]:after:border [&_td>a]:after:border-brand-600 [&_td>a]:after:ml-1 [&_td>a]:after:px-2.5 [&_td>a]:after:py-1 [&_td>a]:after:text-sm [&_td>a]:after:font-semibold [&_td>a]:after:text-brand-700 [&_td>a]:after:content-['Book_›'] [&_td>a[href^='tel:']]:after:content-['Call_›'] lg:[&_td>a]:after:content-none lg:[&_td>a[href^='tel:']]:after:content-none",
  // The repair's name: on the card's line only, since the table has it in its header.
  "[&_td>*>span:first-child]:flex-1 [&_td>*>span:first-child]:whitespace-normal [&_td>*>span:first-child]:text-base [&_td>*>span:first-child]:font-normal [&_td>*>span:first-child]:text-slate-700 lg:[&_td>*>span:first-child]:hidden",
].join(" ");

/**
 * One table per brand and series, a row per model and a column per repair; each price books it,
 * and "Call For Price" dials the shop.
 */
export function PriceTables({
  category,
  tables,
}: {
  category: DeviceCategory;
  tables: PriceTable[];
}) {
  const brands = [...new Set(tables.map((t) => t.brand))];
  return (
    <div className="space-y-10 lg:space-y-12">
      {brands.map((brand) => (
        <section key={brand} aria-label={brand}>
          <h2 className="text-2xl font-bold text-slate-900">{brand}</h2>
          {tables
            .filter((t) => t.brand === brand)
            .map((table) => {
              const caption = table.series ? `${brand} ${table.series}` : brand;
              return (
                <div
                  key={table.series ?? ""}
                  id={tableAnchor(table)}
                  className="mt-4 scroll-mt-20 lg:mt-6"
                >
                  {table.series ? (
                    <h3 className="text-lg font-semibold text-slate-800">{table.series}</h3>
                  ) : null}
                  <div className="mt-3 lg:overflow-x-auto lg:rounded-lg lg:border lg:border-slate-200">
                    <table className={tableClass}>
                      <caption className="sr-only">
                        {caption} repair prices in Canadian dollars
                      </caption>
                      <thead className="bg-slate-100 text-sm text-slate-900 max-lg:sr-only">
                        <tr>
                          <th scope="col" className="px-4 py-3 font-semibold lg:w-1/5 xl:w-1/4">
                            Model
                          </th>
                          {table.repairs.map((repair) => (
                            <th key={repair} scope="col" className="px-4 py-3 font-semibold">
                              {repair}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {table.rows.map((row) => (
                          <tr key={row.model}>
                            <th scope="row">{row.model}</th>
                            {table.repairs.map((repair) => {
                              const price = row.prices[repair];
                              return (
                                <td key={repair}>
                                  {price?.price === null ? (
                                    // The shop quotes it: the price is a call away.
                                    <a
                                      href={contact.phone.href}
                                      aria-label={`${priceText(price)} for ${repair}, ${deviceName(brand, row.model)}: call ${contact.phone.display}`}
                                    >
                                      <span>{repair}</span>
                                      <small>{priceText(price)}</small>
                                    </a>
                                  ) : price ? (
                                    // A plain link: hundreds of router links would slow a phone's
                                    // hydration.
                                    <a
                                      href={bookingHref({
                                        category,
                                        brand,
                                        model: row.model,
                                        repair: { repair, price: price.price },
                                      })}
                                      aria-label={`Book ${repair} for ${deviceName(brand, row.model)}, ${priceText(price)}`}
                                    >
                                      <span>{repair}</span>
                                      {priceText(price)}
                                    </a>
                                  ) : (
                                    <p className="text-sm text-slate-600">
                                      <span>{repair}</span>
                                      <span aria-hidden="true" className="max-lg:hidden">
                                        –
                                      </span>
                                      <span className="lg:sr-only">Not offered</span>
                                    </p>
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
