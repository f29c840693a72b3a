/**
 * The arithmetic behind the admin's charts: scales, ticks, bar positions, doughnut slices and
 * label sizes. Pure functions, so the server draws the SVG once and no charting library has to
 * reach the browser; tests/unit/chart-geometry.test.ts checks them.
 */

/** Axis and bar labels are drawn at this size, in the browser's sans-serif. */
export const chartFontSize = 11;

/**
 * A label's width at 11 px sans-serif, judged generously (wide letters and digits included) so
 * that a margin sized by it never lets the label run past the SVG's edge.
 */
export function labelWidth(label: string): number {
  return Math.ceil(Array.from(label).length * 6.6);
}

/** A label cut to `max` characters with an ellipsis; the table beside the chart has it in full. */
export function shorten(label: string, max = 22): string {
  const chars = Array.from(label);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : label;
}

/** SVG coordinates rounded to hundredths: shorter markup, and the same string on every render. */
export const round = (n: number) => Math.round(n * 100) / 100;

export type Ticks = {
  /** The axis's upper end, the last tick: the biggest count fits under it. */
  top: number;
  /** 0, step, 2·step … top. */
  values: number[];
};

/**
 * Counts are whole numbers: ticks at 0 and multiples of 1, 2 or 5 (times a power of ten), at most
 * six of them, never 0.5. The axis ends on a tick at or above the biggest count, so the longest
 * bar's length can be read off the grid.
 */
export function integerTicks(max: number): Ticks {
  const highest = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let scale = 1; ; scale *= 10) {
    const nice = [1, 2, 5].map((m) => m * scale).find((s) => Math.ceil(highest / s) <= 5);
    if (nice) {
      step = nice;
      break;
    }
  }
  const top = Math.ceil(highest / step) * step;
  return { top, values: Array.from({ length: top / step + 1 }, (_, i) => i * step) };
}

/** Where a count lies along an axis `length` long that runs from 0 to `top`. */
export const scaleLinear = (value: number, top: number, length: number) =>
  top > 0 ? (Math.max(0, value) / top) * length : 0;

export type Band = { start: number; size: number; center: number };

/**
 * `count` bars side by side along `length`: the gap between two bars is a `padding` fraction of
 * a step, and the same gap comes before the first bar and after the last (a d3 band scale's
 * layout, as the charts had before).
 */
export function bands(count: number, length: number, padding: number): Band[] {
  if (count <= 0) return [];
  const step = length / (count - padding + 2 * padding);
  const size = step * (1 - padding);
  return Array.from({ length: count }, (_, i) => {
    const start = step * padding + i * step;
    return { start, size, center: start + size / 2 };
  });
}

/**
 * Where a centred label of this width goes near `x` so that it stays inside 0…`width`: the last
 * day under a daily chart would otherwise hang past its right edge.
 */
export function clampLabel(x: number, label: string, width: number): number {
  const half = labelWidth(label) / 2;
  return Math.min(Math.max(x, half), width - half);
}

export type Slice = { start: number; end: number };

/**
 * Each value's share of the circle, clockwise from twelve o'clock, in radians. Slices follow one
 * another without gaps and end exactly at 2π; a zero takes no room; all zeros draw nothing.
 */
export function pieSlices(values: number[]): Slice[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  let running = 0;
  return values.map((value) => {
    const start = total ? (running / total) * 2 * Math.PI : 0;
    running += Math.max(0, value);
    const end = total ? (running / total) * 2 * Math.PI : 0;
    return { start, end };
  });
}

/** A point at `radius` and `angle` (clockwise from twelve o'clock) around the centre 0,0. */
function polar(radius: number, angle: number): [number, number] {
  return [radius * Math.sin(angle), -radius * Math.cos(angle)];
}

const point = ([x, y]: [number, number]) => `${round(x)},${round(y)}`;

export type ArcOptions = {
  inner: number;
  outer: number;
  /** The gap between neighbouring slices, in px, the same width from the hole to the rim. */
  gap?: number;
  /** The rounding of each slice's four corners, in px. */
  corner?: number;
};

/**
 * The SVG path of one doughnut slice from `start` to `end` (radians, clockwise from twelve
 * o'clock) around 0,0: the sides are pulled in by half the gap each and the corners rounded by
 * arcs tangent to the side and the rim. A slice too thin for its gap and corners loses them
 * rather than turn inside out; a whole circle is a ring.
 */
export function arcPath(
  { start, end }: Slice,
  { inner, outer, gap = 0, corner = 0 }: ArcOptions,
): string {
  const span = end - start;
  if (span <= 0) return "";
  if (span >= 2 * Math.PI - 1e-9) {
    // Two half circles each way round; the hole is drawn counter-clockwise so it stays empty.
    const ring = (radius: number, sweep: 0 | 1) =>
      `M${point(polar(radius, 0))}A${radius},${radius} 0 1 ${sweep} ${point(polar(radius, Math.PI))}` +
      `A${radius},${radius} 0 1 ${sweep} ${point(polar(radius, 0))}Z`;
    return `${ring(outer, 1)}${inner > 0 ? ring(inner, 0) : ""}`;
  }
  // Each side moves half the gap into the slice, never so far that the slice's inner edge (or,
  // without a hole, its tip) loses more than half its angle.
  const half = Math.min(gap / 2, (inner || outer) * Math.sin(span / 4));
  /**
   * The rounding circle in the corner where a side meets the rim (or the hole): its centre's
   * distance from 0,0, its distance along the side, and the angle it takes off the slice's edge.
   */
  const fillet = (radius: number, at: "rim" | "hole", r: number) => {
    const centre = at === "rim" ? radius - r : radius + r;
    const along = Math.sqrt(Math.max(0, centre * centre - (half + r) ** 2));
    return { centre, along, angle: Math.atan2(half + r, along) };
  };
  // Corners as asked, halved until the narrower edge keeps some of its length.
  let r = Math.min(corner, (outer - inner) / 2);
  const narrow = (rr: number) =>
    inner > 0 ? fillet(inner, "hole", rr).angle : fillet(outer, "rim", rr).angle;
  while (r > 0.05 && 2 * narrow(r) >= span) r /= 2;
  if (r <= 0.05) r = 0;

  type Vec = [number, number];
  // Per side: the unit vector along it from the centre, and the one across it into the slice.
  const sides = {
    start: { along: polar(1, start), into: [Math.cos(start), Math.sin(start)] as Vec },
    end: { along: polar(1, end), into: [-Math.cos(end), -Math.sin(end)] as Vec },
  };
  /** Where the side's rounding begins (on the side) and ends (on the circle). */
  const corners = (side: keyof typeof sides, radius: number, at: "rim" | "hole") => {
    const { along, into } = sides[side];
    const f = fillet(radius, at, r);
    const centre: Vec = [
      along[0] * f.along + into[0] * (half + r),
      along[1] * f.along + into[1] * (half + r),
    ];
    return {
      side: [along[0] * f.along + into[0] * half, along[1] * f.along + into[1] * half] as Vec,
      circle: [(centre[0] * radius) / f.centre, (centre[1] * radius) / f.centre] as Vec,
    };
  };
  // Every corner turns clockwise on screen (sweep 1): the rim runs clockwise, the hole back.
  const turn = (to: Vec) => (r > 0 ? `A${round(r)},${round(r)} 0 0 1 ${point(to)}` : "");
  const large = (radius: number, at: "rim" | "hole") =>
    span - 2 * fillet(radius, at, r).angle > Math.PI ? 1 : 0;
  const rimStart = corners("start", outer, "rim");
  const rimEnd = corners("end", outer, "rim");
  let d =
    `M${point(rimStart.side)}${turn(rimStart.circle)}` +
    `A${outer},${outer} 0 ${large(outer, "rim")} 1 ${point(rimEnd.circle)}${turn(rimEnd.side)}`;
  if (inner > 0) {
    const holeEnd = corners("end", inner, "hole");
    const holeStart = corners("start", inner, "hole");
    d +=
      `L${point(holeEnd.side)}${turn(holeEnd.circle)}` +
      `A${inner},${inner} 0 ${large(inner, "hole")} 0 ${point(holeStart.circle)}` +
      turn(holeStart.side);
  } else {
    // Without a hole the two sides meet on the slice's middle line.
    d += `L${point(polar(half / Math.sin(span / 2), (start + end) / 2))}`;
  }
  return `${d}Z`;
}

/**
 * Where a slice's count goes: halfway between the hole and the rim, at the slice's middle angle.
 * Only slices of at least `minAngle` radians get one; the table has every count.
 */
export function sliceLabelAt(
  { start, end }: Slice,
  inner: number,
  outer: number,
  minAngle: number,
): [number, number] | null {
  return end - start >= minAngle ? polar((inner + outer) / 2, (start + end) / 2) : null;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text drawn on a coloured slice or bar: white or near-black, whichever reads better on it. */
export function textOn(fill: string, light = "#ffffff", dark = "#020617"): string {
  return contrast(fill, light) >= contrast(fill, dark) ? light : dark;
}
