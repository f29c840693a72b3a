import { Bar } from "@nivo/bar";
import { Pie } from "@nivo/pie";
import { useId, type ReactNode } from "react";
import type { CountRow } from "~/models/stats.server";
import { cell, headCell, panel, tableClass } from "./ui";

/** The six chart colours the legacy dashboard used, kept so staff read the charts as before. */
const palette = ["#1e40af", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6", "#06b6d4"];

const shorten = (label: string, max = 22) =>
  label.length > max ? `${label.slice(0, max - 1)}…` : label;

/**
 * Charts are drawn at a fixed size on the server (no JavaScript needed), narrow enough for a
 * 390 px phone: the admin's padding and the panel's leave about 320 px.
 */
const chartWidth = 310;

/**
 * An axis label's width at nivo's 11 px sans-serif, judged generously (wide letters and digits
 * included) so the label is never cut off at the SVG's edge.
 */
const labelWidth = (label: string) => Math.ceil(label.length * 6.6);

/** Counts are whole numbers: at most six ticks, never 0.5. */
function integerTicks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 5));
  return Array.from({ length: Math.floor(max / step) + 1 }, (_, i) => i * step);
}

/**
 * A chart with a table of the same numbers. Charts have fixed sizes, not nivo's responsive
 * wrappers, so the server renders the SVG and the chart shows without JavaScript; the table is
 * what screen readers read.
 */
type PanelText = {
  /** The table's heading for the counts. */
  unit?: string;
  /** Shown instead of the chart and table when there is nothing to count. */
  empty?: string;
};

function ChartPanel({
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
            <div role="img" aria-label={`${title}, as in the table below`} className="w-fit">
              {children}
            </div>
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
                    {/* The pie's legend: its slices carry no text, the table names each colour. */}
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

/**
 * A doughnut of shares with the counts on the larger slices; the names are in the table beside it,
 * which doubles as the legend, so no label can run off the chart's edge.
 */
export function CountPie({
  title,
  rows,
  ...text
}: { title: string; rows: CountRow[] } & PanelText) {
  return (
    <ChartPanel title={title} rows={rows} legend {...text}>
      <Pie
        width={240}
        height={240}
        data={rows.map((row) => ({ id: row.label, label: row.label, value: row.count }))}
        margin={{ top: 10, right: 10, bottom: 10, left: 10 }}
        innerRadius={0.5}
        padAngle={1}
        cornerRadius={3}
        colors={palette}
        animate={false}
        role="presentation"
        enableArcLinkLabels={false}
        arcLabelsSkipAngle={14}
        arcLabelsTextColor="#ffffff"
      />
    </ChartPanel>
  );
}

/**
 * Horizontal bars, biggest first. The left margin fits the longest label (shortened past 22
 * characters; the table has the full name), so no label is clipped.
 */
export function CountBar({
  title,
  rows,
  ...text
}: { title: string; rows: CountRow[] } & PanelText) {
  const data = rows.map((row) => ({ label: shorten(row.label), count: row.count }));
  const ticks = integerTicks(Math.max(0, ...rows.map((row) => row.count)));
  const left = Math.max(40, ...data.map((row) => labelWidth(row.label))) + 12;
  return (
    <ChartPanel title={title} rows={rows} {...text}>
      <Bar
        width={chartWidth}
        height={Math.max(160, data.length * 34 + 50)}
        data={[...data].reverse()}
        keys={["count"]}
        indexBy="label"
        layout="horizontal"
        margin={{ top: 10, right: 16, bottom: 40, left }}
        padding={0.25}
        colors={palette[0]}
        animate={false}
        role="presentation"
        enableGridY={false}
        enableGridX
        gridXValues={ticks}
        axisBottom={{ tickSize: 0, tickPadding: 6, tickValues: ticks }}
        axisLeft={{ tickSize: 0, tickPadding: 8 }}
        labelSkipWidth={18}
        labelTextColor="#ffffff"
      />
    </ChartPanel>
  );
}

/** Counts per day, oldest first, as vertical bars; every fifth day is labelled. */
export function DailyBar({
  title,
  rows,
  ...text
}: { title: string; rows: CountRow[] } & PanelText) {
  const ticks = integerTicks(Math.max(0, ...rows.map((row) => row.count)));
  return (
    <ChartPanel title={title} rows={rows} {...text}>
      <Bar
        width={720}
        height={260}
        data={rows}
        keys={["count"]}
        indexBy="label"
        margin={{ top: 10, right: 10, bottom: 40, left: 50 }}
        padding={0.2}
        colors={palette[0]}
        animate={false}
        role="presentation"
        enableLabel={false}
        gridYValues={ticks}
        axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: ticks }}
        axisBottom={{
          tickSize: 0,
          tickPadding: 8,
          tickValues: rows
            .filter((_, i) => (rows.length - 1 - i) % 5 === 0)
            .map((row) => row.label),
        }}
      />
    </ChartPanel>
  );
}
