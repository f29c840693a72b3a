import {
  arcPath,
  bands,
  chartFontSize,
  clampLabel,
  integerTicks,
  labelWidth,
  pieSlices,
  round,
  scaleLinear,
  shorten,
  sliceLabelAt,
  textOn,
} from "./chart-geometry";
import type { CountRow } from "~/types/charts";

/**
 * Where every bar, line and label of a chart goes, in the SVG's own pixels. The components only
 * draw what these say, so tests/unit/chart-layout.test.ts can check that nothing leaves the SVG.
 */

/** The colour of axis labels and of counts drawn beside a bar rather than on it. */
const axisText = "#333333";
/** The grid lines behind the bars. */
export const gridLine = "#dddddd";

export type TextMark = {
  x: number;
  y: number;
  text: string;
  /** Which end of the text sits at x. */
  anchor: "start" | "middle" | "end";
  /** "middle": y is the text's vertical centre; "top": y is its top. */
  align: "middle" | "top";
  fill: string;
};

type BarMark = {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The row's full name and count, the bar's hover title. */
  title: string;
  /** The count on or beside the bar, or null when the chart leaves counts to the table. */
  value: TextMark | null;
};

export type BarLayout = {
  width: number;
  height: number;
  bars: BarMark[];
  /** Grid lines, each from x1,y1 to x2,y2. */
  grid: { x1: number; y1: number; x2: number; y2: number }[];
  /** The rows' names and the count axis's ticks. */
  labels: TextMark[];
};

const mark = (m: Omit<TextMark, "x" | "y"> & { x: number; y: number }): TextMark => ({
  ...m,
  x: round(m.x),
  y: round(m.y),
});

/**
 * Horizontal bars in the rows' order from the top, counts along the bottom. The left margin fits
 * the longest name (cut past 22 characters; the table has it whole), the right margin half the
 * last tick's label, so no label is clipped at `width`.
 */
export function horizontalBars(
  rows: CountRow[],
  { width = 310, fill = "#1e40af" }: { width?: number; fill?: string } = {},
): BarLayout {
  const names = rows.map((row) => shorten(row.label));
  const ticks = integerTicks(Math.max(0, ...rows.map((row) => row.count)));
  const left = Math.max(40, ...names.map(labelWidth)) + 12;
  const right = Math.max(16, Math.ceil(labelWidth(String(ticks.top)) / 2) + 4);
  const top = 10;
  const height = Math.max(160, rows.length * 34 + 50);
  const plotWidth = width - left - right;
  const plotHeight = height - top - 40;
  const x = (count: number) => left + scaleLinear(count, ticks.top, plotWidth);
  const onBar = textOn(fill);
  return {
    width,
    height,
    grid: ticks.values.map((v) => ({
      x1: round(x(v)),
      y1: top,
      x2: round(x(v)),
      y2: top + plotHeight,
    })),
    bars: bands(rows.length, plotHeight, 0.25).map((band, i) => {
      const { label, count } = rows[i]!;
      const length = x(count) - left;
      const text = String(count);
      const fits = length >= labelWidth(text) + 8;
      return {
        x: left,
        y: round(top + band.start),
        width: round(length),
        height: round(band.size),
        title: `${label}: ${count}`,
        value: mark({
          // On the bar when it is long enough, else just past its end.
          x: fits ? left + length / 2 : left + length + 4,
          y: top + band.center,
          text,
          anchor: fits ? "middle" : "start",
          align: "middle",
          fill: fits ? onBar : axisText,
        }),
      };
    }),
    labels: [
      ...bands(rows.length, plotHeight, 0.25).map((band, i) =>
        mark({
          x: left - 8,
          y: top + band.center,
          text: names[i]!,
          anchor: "end",
          align: "middle",
          fill: axisText,
        }),
      ),
      ...ticks.values.map((v) =>
        mark({
          x: x(v),
          y: top + plotHeight + 6,
          text: String(v),
          anchor: "middle",
          align: "top",
          fill: axisText,
        }),
      ),
    ],
  };
}

/**
 * Vertical bars in the rows' order from the left, counts up the side; every `labelEvery`th row's
 * name is written under its bar, counting back from the last so the latest day always has one.
 */
export function verticalBars(
  rows: CountRow[],
  {
    width = 720,
    height = 260,
    labelEvery = 5,
  }: { width?: number; height?: number; labelEvery?: number } = {},
): BarLayout {
  const ticks = integerTicks(Math.max(0, ...rows.map((row) => row.count)));
  const left = Math.max(50, labelWidth(String(ticks.top)) + 12);
  const top = 10;
  const plotWidth = width - left - 10;
  const plotHeight = height - top - 40;
  const y = (count: number) => top + plotHeight - scaleLinear(count, ticks.top, plotHeight);
  const slots = bands(rows.length, plotWidth, 0.2);
  return {
    width,
    height,
    grid: ticks.values.map((v) => ({
      x1: left,
      y1: round(y(v)),
      x2: left + plotWidth,
      y2: round(y(v)),
    })),
    bars: slots.map((band, i) => {
      const { label, count } = rows[i]!;
      // Rounded once, so that every bar stands exactly on the baseline.
      const barTop = round(y(count));
      return {
        x: round(left + band.start),
        y: barTop,
        width: round(band.size),
        height: round(top + plotHeight - barTop),
        title: `${label}: ${count}`,
        value: null,
      };
    }),
    labels: [
      ...ticks.values.map((v) =>
        mark({
          x: left - 6,
          y: y(v),
          text: String(v),
          anchor: "end",
          align: "middle",
          fill: axisText,
        }),
      ),
      ...slots.flatMap((band, i) =>
        (rows.length - 1 - i) % labelEvery === 0
          ? [
              mark({
                x: clampLabel(left + band.center, rows[i]!.label, width),
                y: top + plotHeight + 8,
                text: rows[i]!.label,
                anchor: "middle",
                align: "top",
                fill: axisText,
              }),
            ]
          : [],
      ),
    ],
  };
}

type SliceMark = {
  path: string;
  fill: string;
  title: string;
  /** The count on the slice, left off slices too thin to hold it. */
  value: TextMark | null;
};

/** A slice must span this much (14°) to carry its count. */
const minLabelAngle = (14 / 180) * Math.PI;

export type DonutLayout = { size: number; centre: number; slices: SliceMark[] };

/**
 * A doughnut `size` px square: slices clockwise from twelve o'clock in the rows' order, coloured
 * by `colours` in turn (as the table's legend is), 1° apart with rounded corners, and the count on
 * each slice big enough to hold it. Paths are drawn around the centre, size / 2.
 */
export function donut(
  rows: CountRow[],
  { size = 240, colours }: { size?: number; colours: readonly string[] },
): DonutLayout {
  const centre = size / 2;
  const outer = centre - 10;
  const inner = outer / 2;
  // 1° apart measured at √(inner² + outer²), as the charts before drew it (d3's pad angle): the
  // same gap all the way out.
  const gap = Math.sqrt(inner * inner + outer * outer) * (Math.PI / 180);
  const slices = pieSlices(rows.map((row) => row.count));
  return {
    size,
    centre,
    slices: slices.flatMap((slice, i) => {
      const { label, count } = rows[i]!;
      const path = arcPath(slice, { inner, outer, gap, corner: 3 });
      if (!path) return [];
      const fill = colours[i % colours.length]!;
      const at = sliceLabelAt(slice, inner, outer, minLabelAngle);
      return [
        {
          path,
          fill,
          title: `${label}: ${count}`,
          value: at
            ? mark({
                x: centre + at[0],
                y: centre + at[1],
                text: String(count),
                anchor: "middle",
                align: "middle",
                fill: textOn(fill),
              })
            : null,
        },
      ];
    }),
  };
}

/** The box a label takes, judged as generously as the margins are: for tests and checks. */
export function textBox({ x, y, text, anchor, align }: TextMark) {
  const w = labelWidth(text);
  const h = Math.ceil(chartFontSize * 1.3);
  const x0 = anchor === "start" ? x : anchor === "end" ? x - w : x - w / 2;
  const y0 = align === "top" ? y : y - h / 2;
  return { left: x0, right: x0 + w, top: y0, bottom: y0 + h };
}
