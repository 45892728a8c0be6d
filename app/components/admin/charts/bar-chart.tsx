import { type BarSegment, groupedBars, niceMax, stackedBars } from "~/lib/charts";

import { ChartFigure, type ChartProps, count, PLOT, type Series } from "./chart-parts";

/**
 * Bars per slot (a week, a month): `values[slot][series]`, stacked when the series add up (orders
 * by status), side by side when they do not (revenue beside money collected).
 */
export function BarChart({
  values,
  layout,
  format = count,
  ...chart
}: ChartProps & {
  series: Series[];
  values: number[][];
  layout: "stacked" | "grouped";
  /** How a figure is written, on the y axis and in the table. */
  format?: (figure: number) => string;
}) {
  const highest =
    layout === "stacked"
      ? Math.max(0, ...values.map((stack) => stack.reduce((sum, value) => sum + value, 0)))
      : Math.max(0, ...values.flat());
  const top = niceMax(highest);
  const segments: BarSegment[] = layout === "stacked" ? stackedBars(values, top, PLOT) : groupedBars(values, top, PLOT);
  return (
    <ChartFigure {...chart} top={format(top)} at="slots" cells={values.map((slot) => slot.map(format))}>
      {/* A series' colour is set once on its group: a year is 53 bars of three segments. */}
      {chart.series.map((item, index) => (
        <g key={item.name} className={item.swatch}>
          {segments
            .filter((segment) => segment.series === index)
            .map((segment) => (
              <rect key={segment.x} x={segment.x} y={segment.y} width={segment.width} height={segment.height} />
            ))}
        </g>
      ))}
    </ChartFigure>
  );
}
