import type { ReactNode } from "react";
import { cell, headCell, panel, tableClass } from "./ui";

/**
 * One report: its heading, a line on what it counts, and its table (or what it found none of).
 * The table scrolls inside its panel on a phone, never the page.
 */
export function ReportTable({
  id,
  title,
  lead,
  heads,
  rows,
  empty,
}: {
  id: string;
  title: string;
  lead: string;
  /** Column headings; the first names the rows, the rest are numbers (right-aligned). */
  heads: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`${panel} min-w-0`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{lead}</p>
      {rows.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {heads.map((head, index) => (
                  <th
                    key={head}
                    scope="col"
                    className={index ? `${headCell} text-right` : headCell}
                  >
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((value, index) =>
                    index ? (
                      <td key={index} className={`${cell} text-right tabular-nums`}>
                        {value}
                      </td>
                    ) : (
                      <th key={index} scope="row" className={`${cell} font-normal break-words`}>
                        {value}
                      </th>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-4 text-slate-600">{empty}</p>
      )}
    </section>
  );
}
