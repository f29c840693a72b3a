import type { CountRow } from "~/types/charts";
import { BarChart } from "./bar-chart";
import { donut, horizontalBars, verticalBars } from "./chart-layout";
import { ChartPanel, chartName, palette, type PanelText } from "./chart-panel";
import { PieChart } from "./pie-chart";

/**
 * The admin's charts: SVG of fixed size drawn on the server, each with a table of the same
 * numbers. Bar charts and doughnuts are a few lines of geometry (chart-layout.ts), so no charting
 * library is sent to the browser.
 */

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
      <PieChart name={chartName(title)} layout={donut(rows, { size: 240, colours: palette })} />
    </ChartPanel>
  );
}

/**
 * Horizontal bars, biggest first, 310 px wide to fit a 390 px phone (the admin's padding and the
 * panel's leave about 320 px). The left margin fits the longest name (shortened past 22
 * characters; the table has the full name), so no label is clipped.
 */
export function CountBar({
  title,
  rows,
  ...text
}: { title: string; rows: CountRow[] } & PanelText) {
  return (
    <ChartPanel title={title} rows={rows} {...text}>
      <BarChart
        name={chartName(title)}
        layout={horizontalBars(rows, { width: 310, fill: palette[0] })}
        fill={palette[0]}
      />
    </ChartPanel>
  );
}

/**
 * Counts per day, oldest first, as vertical bars; every fifth day is labelled. Wider than a phone:
 * there the panel scrolls sideways.
 */
export function DailyBar({
  title,
  rows,
  ...text
}: { title: string; rows: CountRow[] } & PanelText) {
  return (
    <ChartPanel title={title} rows={rows} {...text}>
      <BarChart
        name={chartName(title)}
        layout={verticalBars(rows, { width: 720, height: 260, labelEvery: 5 })}
        fill={palette[0]}
      />
    </ChartPanel>
  );
}
