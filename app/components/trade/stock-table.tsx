import { Link } from "react-router";
import { cell, headCell, tableClass } from "~/components/admin/ui";
import type { DeviceGrade, StockState } from "~/types/trade";
import { formatCents } from "~/utils/invoice-totals";
import { gradeWords, stockStateWords } from "~/utils/trade-words";

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
      <table className={tableClass}>
        <caption className="sr-only">Stock</caption>
        <thead>
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
        <tbody className="divide-y divide-slate-200">
          {items.map((device) => {
            const sold = device.soldCents;
            const margin = (sold ?? device.priceCents) - device.costCents;
            return (
              <tr key={device.id} data-testid="stock-row">
                <td className={cell}>
                  <Link
                    to={`/admin/stock/${device.id}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {[device.brand, device.model, device.storage].filter(Boolean).join(" ")}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    {[
                      gradeWords[device.grade],
                      device.colour,
                      device.batteryHealth === null ? null : `Battery ${device.batteryHealth} %`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </td>
                <td className={cell}>{stockStateWords[device.state]}</td>
                <td className={`${cell} text-right whitespace-nowrap`}>
                  {device.priceCents ? formatCents(device.priceCents) : "Not priced"}
                  {sold !== null ? (
                    <span className="block text-xs text-slate-600">Sold {formatCents(sold)}</span>
                  ) : null}
                </td>
                <td className={`${cell} text-right whitespace-nowrap`}>
                  {formatCents(device.costCents)}
                </td>
                <td className={`${cell} text-right whitespace-nowrap`}>
                  {device.priceCents || sold !== null ? formatCents(margin) : "—"}
                </td>
                <td className={`${cell} text-right whitespace-nowrap`}>
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
