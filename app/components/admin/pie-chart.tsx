import type { DonutLayout } from "./chart-layout";
import { ChartSvg, ChartText } from "./chart-svg";

/**
 * A doughnut as `donut` laid it out: slices (each with its name and count as a hover title) and
 * the counts on the larger ones. Plain SVG drawn on the server: no script needed to show it.
 */
export function PieChart({ name, layout }: { name: string; layout: DonutLayout }) {
  return (
    <ChartSvg name={name} width={layout.size} height={layout.size}>
      <g transform={`translate(${layout.centre},${layout.centre})`}>
        {layout.slices.map((slice, i) => (
          <path key={i} d={slice.path} fill={slice.fill}>
            <title>{slice.title}</title>
          </path>
        ))}
      </g>
      {layout.slices.map((slice, i) =>
        slice.value ? <ChartText key={i} mark={slice.value} /> : null,
      )}
    </ChartSvg>
  );
}
