import { describe, expect, it } from "vitest";
import {
  arcPath,
  bands,
  clampLabel,
  contrast,
  integerTicks,
  labelWidth,
  pieSlices,
  shorten,
  sliceLabelAt,
  textOn,
} from "~/components/admin/chart-geometry";

/** Every x,y pair a path moves, draws or arcs to, in order. */
function pathPoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  for (const [, command, args] of d.matchAll(/([MLAZ])([^MLAZ]*)/g)) {
    const n = args!
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (command === "A")
      for (let i = 0; i + 7 <= n.length; i += 7) points.push([n[i + 5]!, n[i + 6]!]);
    else if (command !== "Z")
      for (let i = 0; i + 2 <= n.length; i += 2) points.push([n[i]!, n[i + 1]!]);
  }
  return points;
}

/** An angle clockwise from twelve o'clock, in 0…2π. */
const angleOf = ([x, y]: [number, number]) => (Math.atan2(x, -y) + 2 * Math.PI) % (2 * Math.PI);

describe("integer ticks", () => {
  it("are whole numbers from 0, at most six, ending at or above the biggest count", () => {
    for (let max = 0; max <= 2500; max += max < 60 ? 1 : 37) {
      const { top, values } = integerTicks(max);
      expect(values[0]).toBe(0);
      expect(values.at(-1)).toBe(top);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(values.length).toBeGreaterThanOrEqual(2);
      expect(values.length).toBeLessThanOrEqual(6);
      const step = values[1]!;
      expect(Number.isInteger(step)).toBe(true);
      // 1, 2 or 5 times a power of ten, evenly spaced.
      expect(Number(String(step).replace(/0+$/, ""))).toBeOneOf([1, 2, 5]);
      values.forEach((value, i) => expect(value).toBe(i * step));
      // Not needlessly high: the last step is needed to reach the biggest count.
      expect(top - step).toBeLessThan(Math.max(max, 1));
    }
  });

  it("count in ones for small numbers and never show 0.5", () => {
    expect(integerTicks(0).values).toEqual([0, 1]);
    expect(integerTicks(1).values).toEqual([0, 1]);
    expect(integerTicks(3).values).toEqual([0, 1, 2, 3]);
    expect(integerTicks(7).values).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(40).values).toEqual([0, 10, 20, 30, 40]);
    expect(integerTicks(61).values).toEqual([0, 20, 40, 60, 80]);
  });
});

describe("bar bands", () => {
  it("share the length with equal gaps at both ends and between bars", () => {
    const length = 210;
    const padding = 0.2;
    for (const count of [1, 2, 7, 31]) {
      const all = bands(count, length, padding);
      expect(all).toHaveLength(count);
      const gap = all[0]!.start;
      expect(gap).toBeGreaterThan(0);
      // The same gap after the last bar as before the first.
      expect(length - (all.at(-1)!.start + all.at(-1)!.size)).toBeCloseTo(gap, 9);
      for (let i = 1; i < count; i += 1)
        expect(all[i]!.start - (all[i - 1]!.start + all[i - 1]!.size)).toBeCloseTo(gap, 9);
      // The gap is `padding` of a step (bar plus gap).
      expect(gap / (gap + all[0]!.size)).toBeCloseTo(padding, 9);
      for (const band of all) expect(band.center).toBeCloseTo(band.start + band.size / 2, 9);
    }
    expect(bands(0, 100, 0.2)).toEqual([]);
  });
});

describe("labels", () => {
  it("are cut to 22 characters with an ellipsis, by characters not UTF-16 units", () => {
    expect(shorten("Apple")).toBe("Apple");
    expect(shorten("x".repeat(22))).toBe("x".repeat(22));
    expect(shorten("Screen Replacement and Battery")).toBe("Screen Replacement an…");
    expect(Array.from(shorten("Screen Replacement and Battery"))).toHaveLength(22);
    // An emoji is one character: never cut in half.
    const cut = shorten(`${"é".repeat(20)}📱📱📱`);
    expect(cut).toBe(`${"é".repeat(20)}📱…`);
    expect(Array.from(cut).slice(-2)).toEqual(["📱", "…"]);
  });

  it("are judged at least as wide as 11 px sans-serif draws wide letters", () => {
    expect(labelWidth("")).toBe(0);
    expect(labelWidth("Jun 30")).toBeGreaterThanOrEqual(36);
    expect(labelWidth("📱")).toBe(labelWidth("W"));
  });

  it("are moved in from the SVG's edges, and left where they are when they fit", () => {
    expect(clampLabel(300, "Jun 30", 720)).toBe(300);
    const last = clampLabel(715, "Jun 30", 720);
    expect(last + labelWidth("Jun 30") / 2).toBeLessThanOrEqual(720);
    const first = clampLabel(3, "Jun 30", 720);
    expect(first - labelWidth("Jun 30") / 2).toBeGreaterThanOrEqual(0);
  });

  it("on a coloured slice are white or dark, whichever has the better contrast", () => {
    expect(textOn("#1e40af")).toBe("#ffffff");
    expect(textOn("#f59e0b")).toBe("#020617");
    expect(textOn("#10b981")).toBe("#020617");
    for (const fill of ["#1e40af", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6", "#06b6d4"])
      expect(contrast(fill, textOn(fill))).toBeGreaterThanOrEqual(4.5);
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});

describe("doughnut slices", () => {
  it("follow one another around the full circle in the rows' order", () => {
    for (const values of [
      [1],
      [12, 5, 1],
      [40, 17, 4],
      [3, 0, 3],
      [1, 1, 1, 1, 1, 1, 1],
      [999, 1],
    ]) {
      const slices = pieSlices(values);
      expect(slices[0]!.start).toBe(0);
      expect(slices.at(-1)!.end).toBe(2 * Math.PI);
      for (let i = 1; i < slices.length; i += 1) expect(slices[i]!.start).toBe(slices[i - 1]!.end);
      const total = values.reduce((a, b) => a + b, 0);
      slices.forEach((slice, i) =>
        expect(slice.end - slice.start).toBeCloseTo((values[i]! / total) * 2 * Math.PI, 12),
      );
      const sum = slices.reduce((angle, slice) => angle + (slice.end - slice.start), 0);
      expect(sum).toBeCloseTo(2 * Math.PI, 12);
    }
  });

  it("draw nothing for zeros", () => {
    expect(pieSlices([0, 0])).toEqual([
      { start: 0, end: 0 },
      { start: 0, end: 0 },
    ]);
    expect(arcPath({ start: 0, end: 0 }, { inner: 55, outer: 110 })).toBe("");
  });

  it("stay inside their ring and their angle, gap and corners included", () => {
    const ring = { inner: 55, outer: 110, gap: 2.15, corner: 3 };
    for (const values of [
      [12, 5, 1],
      [40, 17, 4],
      [1, 1],
      [1000, 1],
      [1, 2, 3, 4, 5, 6],
    ]) {
      for (const slice of pieSlices(values)) {
        const d = arcPath(slice, ring);
        expect(d).toMatch(/^M[-\d.,]+(A[-\d., ]+)+L[-\d.,]+(A[-\d., ]+)+Z$/);
        for (const p of pathPoints(d)) {
          const radius = Math.hypot(p[0], p[1]);
          expect(radius).toBeGreaterThanOrEqual(ring.inner - 0.01);
          expect(radius).toBeLessThanOrEqual(ring.outer + 0.01);
          // Within the slice's angle (a point at 2π reads as 0).
          const angle = angleOf(p);
          const inside =
            (angle >= slice.start - 1e-3 && angle <= slice.end + 1e-3) ||
            (slice.end >= 2 * Math.PI - 1e-3 && angle < 1e-3);
          expect(inside, `${p} outside ${slice.start}…${slice.end}`).toBe(true);
        }
      }
    }
  });

  it("leave the gap between neighbours, and take the long way round for a slice over half", () => {
    const ring = { inner: 55, outer: 110, gap: 2, corner: 3 };
    const [big, small] = pieSlices([3, 1]);
    const bigPath = arcPath(big!, ring);
    // The rim arc of a slice over half the circle is a large arc; the corners never are.
    expect(bigPath).toContain("A110,110 0 1 1");
    expect(bigPath).toContain("A55,55 0 1 0");
    expect(arcPath(small!, ring)).toContain("A110,110 0 0 1");
    // Across the line between them (clockwise positive): the big slice's end side 1 px before
    // it, the small slice's start side 1 px after it.
    const across = (p: [number, number]) => p[0] * Math.cos(big!.end) + p[1] * Math.sin(big!.end);
    const bigPoints = pathPoints(bigPath);
    const smallPoints = pathPoints(arcPath(small!, ring));
    // M, the corner, the rim, the corner to the side (3), the line to the hole's corner (4).
    expect(across(bigPoints[3]!)).toBeCloseTo(-1, 2);
    expect(across(bigPoints[4]!)).toBeCloseTo(-1, 2);
    expect(across(smallPoints[0]!)).toBeCloseTo(1, 2);
    expect(across(smallPoints.at(-1)!)).toBeCloseTo(1, 2);
  });

  it("make a whole ring of a single row", () => {
    const d = arcPath({ start: 0, end: 2 * Math.PI }, { inner: 55, outer: 110, gap: 2, corner: 3 });
    // The rim clockwise, the hole counter-clockwise: filled between them only.
    expect(d).toBe(
      "M0,-110A110,110 0 1 1 0,110A110,110 0 1 1 0,-110ZM0,-55A55,55 0 1 0 0,55A55,55 0 1 0 0,-55Z",
    );
  });

  it("keep a sliver of a tiny share rather than turn it inside out", () => {
    const [, tiny] = pieSlices([2000, 1]);
    const d = arcPath(tiny!, { inner: 55, outer: 110, gap: 2.15, corner: 3 });
    expect(d).not.toBe("");
    for (const p of pathPoints(d)) {
      const angle = angleOf(p);
      expect(angle).toBeGreaterThanOrEqual(tiny!.start - 1e-3);
    }
  });

  it("carry their count halfway across the ring, only when 14° or wider", () => {
    const minAngle = (14 / 180) * Math.PI;
    const [half, , thin] = pieSlices([50, 47, 3]);
    const at = sliceLabelAt(half!, 55, 110, minAngle)!;
    expect(Math.hypot(at[0], at[1])).toBeCloseTo(82.5, 9);
    expect(at[0]).toBeCloseTo(82.5, 9);
    expect(sliceLabelAt(thin!, 55, 110, minAngle)).toBeNull();
  });
});
