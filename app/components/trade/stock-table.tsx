import { gradeLabel } from "~/content/device-grades";
import { Link } from "react-router";
import { phoneCards } from "~/components/admin/phone-cards";
import { cell, headCell, tableClass } from "~/components/admin/ui";
import type { DeviceGrade, StockState } from "~/types/trade";
import { formatCents } from "~/utils/invoice-totals";
import { stockStateWords } from "~/utils/trade-words";

type StockRow = {
  id: number;
  brand: string;
  model: string;
  storage: string;
  colour: string | null;
  grade: DeviceGrade;
  batteryHealth: number | null;
  state: StockState;
  priceCents: number;
  costCents: number;
  soldCents: number | null;
  ageDays: number;
};

/** The inventory's rows: the margin is the price less the cost, or what it sold for once sold. */
export function StockTable({ items }: { items: StockRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className={`${tableClass} ${phoneCards.table}`}>
        <caption className="sr-only">Stock</caption>
        <thead className={phoneCards.head}>
          <tr>
            <th scope="col" className={headCell}>
              Device
            </th>
            <th scope="col" className={headCell}>
              State
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Price
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Cost
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Margin
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Age
            </th>
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 ${phoneCards.body}`}>
          {items.map((device) => {
            const sold = device.soldCents;
            const margin = (sold ?? device.priceCents) - device.costCents;
            return (
              <tr key={device.id} data-testid="stock-row" className={phoneCards.row}>
                <td className={`${cell} ${phoneCards.cell} ${phoneCards.left[1]}`}>
                  <Link
                    to={`/admin/stock/${device.id}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {[device.brand, device.model, device.storage].filter(Boolean).join(" ")}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    {[
                      gradeLabel(device.grade),
                      device.colour,
                      device.batteryHealth === null ? null : `Battery ${device.batteryHealth} %`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </td>
                <td className={`${cell} ${phoneCards.cell} ${phoneCards.left[2]}`}>
                  {stockStateWords[device.state]}
                </td>
                <td
                  className={`${cell} ${phoneCards.cell} ${phoneCards.right[1]} text-right whitespace-nowrap`}
                >
                  {device.priceCents ? formatCents(device.priceCents) : "Not priced"}
                  {sold !== null ? (
                    <span className="block text-xs text-slate-600">Sold {formatCents(sold)}</span>
                  ) : null}
                </td>
                <td
                  className={`${cell} ${phoneCards.cell} ${phoneCards.right[2]} text-right whitespace-nowrap max-sm:text-xs`}
                >
                  <span className={phoneCards.label}>Cost </span>
                  {formatCents(device.costCents)}
                </td>
                <td
                  className={`${cell} ${phoneCards.cell} ${phoneCards.right[3]} text-right whitespace-nowrap max-sm:text-xs`}
                >
                  <span className={phoneCards.label}>Margin </span>
                  {device.priceCents || sold !== null ? formatCents(margin) : "—"}
                </td>
                <td
                  className={`${cell} ${phoneCards.cell} ${phoneCards.left[3]} text-right whitespace-nowrap max-sm:text-left max-sm:text-xs max-sm:text-slate-600`}
                >
                  <span className={phoneCards.label}>In stock </span>
                  {device.ageDays === 1 ? "1 day" : `${device.ageDays} days`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
