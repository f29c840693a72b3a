import { useId, type ReactNode } from "react";
import type { CountRow } from "~/types/charts";
import { cell, headCell, panel, tableClass } from "./ui";

/** The six chart colours the legacy dashboard used, kept so staff read the charts as before. */
export const palette = ["#1e40af", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6", "#06b6d4"] as const;

export type PanelText = {
  /** The table's heading for the counts. */
  unit?: string;
  /** Shown instead of the chart and table when there is nothing to count. */
  empty?: string;
};

/** The accessible name of a chart's SVG: the numbers themselves are in the table under it. */
export const chartName = (title: string) => `${title}, as in the table below`;

/**
 * A chart with a table of the same numbers. The chart is an SVG of fixed size drawn on the
 * server, so it shows without JavaScript and needs none; the table is what screen readers read.
 */
export function ChartPanel({
  title,
  rows,
  unit = "Bookings",
  empty = "No bookings yet.",
  legend = false,
  children,
}: { title: string; rows: CountRow[]; children: ReactNode; legend?: boolean } & PanelText) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panel} data-testid="chart">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {rows.length ? (
        <>
          {/* Narrow screens scroll the chart sideways; the region takes focus so keyboards can too. */}
          <div
            role="region"
            aria-label={`${title}: chart`}
            tabIndex={0}
            className="mt-4 overflow-x-auto"
          >
            {children}
          </div>
          <table className={`${tableClass} mt-4`}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  Name
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {unit}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, i) => (
                <tr key={row.label}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {/* The doughnut's legend: its slices carry no names, the table names each colour. */}
                    {legend ? (
                      <span
                        aria-hidden="true"
                        className="mr-2 inline-block size-3 rounded-sm align-[-1px]"
                        style={{ backgroundColor: palette[i % palette.length] }}
                      />
                    ) : null}
                    {row.label}
                  </th>
                  <td className={`${cell} text-right tabular-nums`}>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="mt-4 text-slate-500">{empty}</p>
      )}
    </section>
  );
}
