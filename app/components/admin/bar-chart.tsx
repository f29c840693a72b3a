import type { BarLayout } from "./chart-layout";
import { gridLine } from "./chart-layout";
import { ChartSvg, ChartText } from "./chart-svg";

/**
 * Bars as `horizontalBars` or `verticalBars` laid them out: grid, bars (each with its name and
 * count as a hover title), labels. Plain SVG drawn on the server: no script needed to show it.
 */
export function BarChart({
  name,
  layout,
  fill,
  className,
}: {
  name: string;
  layout: BarLayout;
  fill: string;
  className?: string;
}) {
  return (
    <ChartSvg name={name} width={layout.width} height={layout.height} className={className}>
      <g stroke={gridLine} strokeWidth={1}>
        {layout.grid.map((line) => (
          <line key={`${line.x1},${line.y1}`} {...line} />
        ))}
      </g>
      {layout.bars.map((bar, i) => (
        <g key={i}>
          <title>{bar.title}</title>
          {bar.width > 0 && bar.height > 0 ? (
            <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={fill} />
          ) : null}
          {bar.value ? <ChartText mark={bar.value} /> : null}
        </g>
      ))}
      {layout.labels.map((label, i) => (
        <ChartText key={i} mark={label} />
      ))}
    </ChartSvg>
  );
}
