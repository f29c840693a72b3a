import { describe, expect, it } from "vitest";
import { labelWidth } from "~/components/admin/chart-geometry";
import {
  donut,
  horizontalBars,
  textBox,
  verticalBars,
  type BarLayout,
  type TextMark,
} from "~/components/admin/chart-layout";

const palette = ["#1e40af", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6", "#06b6d4"];

const brands = [
  { label: "Apple", count: 12 },
  { label: "Samsung", count: 7 },
  { label: "A brand with a very long name indeed", count: 3 },
  { label: "Other", count: 1 },
];

/** Thirty days of views, the last one busiest, with quiet days between. */
const days = Array.from({ length: 30 }, (_, i) => ({
  label: `Jun ${i + 1}`,
  count: i === 29 ? 1234 : i % 3,
}));

function expectInside(marks: TextMark[], width: number, height: number) {
  for (const mark of marks) {
    const box = textBox(mark);
    expect(box.left, mark.text).toBeGreaterThanOrEqual(0);
    expect(box.right, mark.text).toBeLessThanOrEqual(width);
    expect(box.top, mark.text).toBeGreaterThanOrEqual(0);
    expect(box.bottom, mark.text).toBeLessThanOrEqual(height);
  }
}

const allText = (layout: BarLayout) => [
  ...layout.labels,
  ...layout.bars.flatMap((bar) => (bar.value ? [bar.value] : [])),
];

describe("horizontal bars", () => {
  it("fit a 390 px phone: 310 px wide, every label inside the SVG", () => {
    for (const rows of [
      brands,
      [{ label: "Garmin", count: 1 }],
      [{ label: "x".repeat(80), count: 4321 }],
      [
        { label: "Zero", count: 0 },
        { label: "One", count: 1 },
      ],
    ]) {
      const layout = horizontalBars(rows);
      expect(layout.width).toBe(310);
      expectInside(allText(layout), layout.width, layout.height);
      for (const bar of layout.bars) {
        expect(bar.x + bar.width).toBeLessThanOrEqual(layout.width);
        expect(bar.y + bar.height).toBeLessThanOrEqual(layout.height);
      }
    }
  });

  it("run top to bottom in the rows' order, lengths in proportion, on a grid at each tick", () => {
    const layout = horizontalBars(brands);
    const ys = layout.bars.map((bar) => bar.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    const [apple, samsung] = layout.bars;
    expect(samsung!.width / apple!.width).toBeCloseTo(7 / 12, 2);
    // 12 on an axis of 0, 5, 10, 15: the longest bar ends between the last two grid lines.
    const gridX = layout.grid.map((line) => line.x1);
    const ticks = layout.labels.filter((l) => l.align === "top").map((l) => l.text);
    expect(ticks).toEqual(["0", "5", "10", "15"]);
    expect(gridX).toHaveLength(4);
    expect(apple!.x).toBe(gridX[0]);
    expect(apple!.x + apple!.width).toBeGreaterThan(gridX[2]!);
    expect(apple!.x + apple!.width).toBeLessThan(gridX[3]!);
    // Names are cut at 22 characters; each bar's title keeps the whole name and the count.
    const names = layout.labels.filter((l) => l.anchor === "end").map((l) => l.text);
    expect(names).toEqual(["Apple", "Samsung", "A brand with a very l…", "Other"]);
    expect(layout.bars[2]!.title).toBe("A brand with a very long name indeed: 3");
  });

  it("write a count on its bar when it fits, else just past the bar's end", () => {
    const layout = horizontalBars(brands);
    const apple = layout.bars[0]!;
    expect(apple.value).toMatchObject({ text: "12", anchor: "middle", fill: "#ffffff" });
    expect(apple.value!.x).toBeCloseTo(apple.x + apple.width / 2, 1);
    const other = layout.bars[3]!;
    expect(other.width).toBeLessThan(labelWidth("1") + 8);
    expect(other.value).toMatchObject({ text: "1", anchor: "start", fill: "#333333" });
    expect(other.value!.x).toBeGreaterThan(other.x + other.width);
  });

  it("grow taller with more rows, so bars stay readable", () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ label: `Brand ${i}`, count: 9 - i }));
    const layout = horizontalBars(many);
    expect(layout.height).toBe(9 * 34 + 50);
    expect(Math.min(...layout.bars.map((bar) => bar.height))).toBeGreaterThanOrEqual(20);
    expectInside(allText(layout), layout.width, layout.height);
  });
});

describe("vertical bars", () => {
  it("label every fifth day counting back from the last, all inside the SVG", () => {
    const layout = verticalBars(days);
    expect([layout.width, layout.height]).toEqual([720, 260]);
    const dayLabels = layout.labels.filter((l) => l.align === "top").map((l) => l.text);
    expect(dayLabels).toEqual(["Jun 5", "Jun 10", "Jun 15", "Jun 20", "Jun 25", "Jun 30"]);
    expectInside(allText(layout), layout.width, layout.height);
    expect(layout.bars.every((bar) => bar.value === null)).toBe(true);
  });

  it("stand on one baseline, heights in proportion, the tallest under the top tick", () => {
    const layout = verticalBars(days);
    const bottoms = new Set(layout.bars.map((bar) => bar.y + bar.height));
    expect(bottoms.size).toBe(1);
    const baseline = [...bottoms][0]!;
    expect(layout.grid[0]!.y1).toBe(baseline);
    const counts = layout.labels.filter((l) => l.anchor === "end").map((l) => Number(l.text));
    expect(counts).toEqual([0, 500, 1000, 1500]);
    const topLine = layout.grid.at(-1)!.y1;
    const tallest = layout.bars.at(-1)!;
    expect(tallest.y).toBeGreaterThan(topLine);
    expect(tallest.height / (baseline - topLine)).toBeCloseTo(1234 / 1500, 2);
    // A day without views has no bar, only its title.
    expect(layout.bars[0]!.height).toBe(0);
    expect(layout.bars[0]!.title).toBe("Jun 1: 0");
  });

  it("fit a 390 px phone at 310 px, every seventh day labelled, no two labels touching", () => {
    const layout = verticalBars(days, { width: 310, height: 220, labelEvery: 7 });
    const dayLabels = layout.labels.filter((l) => l.align === "top");
    expect(dayLabels.map((l) => l.text)).toEqual(["Jun 2", "Jun 9", "Jun 16", "Jun 23", "Jun 30"]);
    expectInside(allText(layout), layout.width, layout.height);
    const boxes = dayLabels.map(textBox);
    for (let i = 1; i < boxes.length; i += 1)
      expect(boxes[i]!.left, dayLabels[i]!.text).toBeGreaterThan(boxes[i - 1]!.right + 4);
  });

  it("keep the first and last labels inside with few or many days", () => {
    for (const length of [1, 2, 6, 31, 90]) {
      const rows = Array.from({ length }, (_, i) => ({ label: `Sep ${(i % 30) + 10}`, count: i }));
      const layout = verticalBars(rows);
      expectInside(allText(layout), layout.width, layout.height);
      const last = layout.bars.at(-1)!;
      expect(last.x + last.width).toBeLessThanOrEqual(layout.width);
    }
  });
});

describe("doughnut", () => {
  it("colours slices in the palette's order, as the table's legend does", () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ label: `Row ${i}`, count: 8 - i }));
    const layout = donut(rows, { colours: palette });
    expect(layout.slices.map((slice) => slice.fill)).toEqual([...palette, ...palette.slice(0, 2)]);
    expect(layout.slices[0]!.title).toBe("Row 0: 8");
  });

  it("writes counts only on slices wide enough, inside the SVG", () => {
    const rows = [
      { label: "Phone", count: 40 },
      { label: "Desktop", count: 17 },
      { label: "Tablet", count: 1 },
    ];
    const layout = donut(rows, { size: 240, colours: palette });
    expect(layout.slices.map((slice) => slice.value?.text ?? null)).toEqual(["40", "17", null]);
    expectInside(
      layout.slices.flatMap((slice) => (slice.value ? [slice.value] : [])),
      layout.size,
      layout.size,
    );
    // White on the dark blue, dark on the amber.
    expect(layout.slices[0]!.value!.fill).toBe("#ffffff");
    expect(layout.slices[1]!.value!.fill).toBe("#020617");
  });

  it("leaves out rows with nothing to count", () => {
    const layout = donut(
      [
        { label: "A", count: 2 },
        { label: "B", count: 0 },
        { label: "C", count: 2 },
      ],
      { colours: palette },
    );
    expect(layout.slices.map((slice) => slice.title)).toEqual(["A: 2", "C: 2"]);
    // C keeps the third colour, the one its row in the table shows.
    expect(layout.slices[1]!.fill).toBe(palette[2]);
  });
});
