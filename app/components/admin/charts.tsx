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
 * Counts per day, oldest first, as vertical bars. A phone gets a drawing of its own, 310 px wide
 * with every seventh day labelled: the wide one, shrunk, would leave its labels a few pixels
 * tall, and scrolled, would hide the latest days off the right edge. From `sm` up, 720 px with
 * every fifth day labelled. CSS picks one, with or without JavaScript; the other is not shown.
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
        layout={verticalBars(rows, { width: 310, height: 220, labelEvery: 7 })}
        fill={palette[0]}
        className="sm:hidden"
      />
      <BarChart
        name={chartName(title)}
        layout={verticalBars(rows, { width: 720, height: 260, labelEvery: 5 })}
        fill={palette[0]}
        className="hidden sm:block"
      />
    </ChartPanel>
  );
}
