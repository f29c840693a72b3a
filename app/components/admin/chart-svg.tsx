import type { ReactNode } from "react";
import { chartFontSize } from "./chart-geometry";
import type { TextMark } from "./chart-layout";

/**
 * A chart's SVG at its fixed size. It is one image to assistive technology, named after its
 * panel, whose table holds the same numbers; its labels are drawn in 11 px sans-serif, the size
 * the layout's margins are measured for.
 */
export function ChartSvg({
  name,
  width,
  height,
  className = "",
  children,
}: {
  name: string;
  width: number;
  height: number;
  /** Which screens draw it, where a chart has a phone's drawing and a wider one. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label={name}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      fontFamily="sans-serif"
      fontSize={chartFontSize}
      // A fixed size: the panel scrolls sideways rather than shrink the labels out of reach.
      className={`max-w-none ${className}`.trim()}
    >
      {children}
    </svg>
  );
}

/** One label where the layout put it: dy centres it on y, or hangs it from y. */
export function ChartText({ mark }: { mark: TextMark }) {
  return (
    <text
      x={mark.x}
      y={mark.y}
      dy={mark.align === "middle" ? "0.35em" : "0.71em"}
      textAnchor={mark.anchor}
      fill={mark.fill}
    >
      {mark.text}
    </text>
  );
}
