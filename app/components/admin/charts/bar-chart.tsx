import { type BarSegment, groupedBars, niceMax, stackedBars } from "~/lib/charts";

import { Legend, PlotFrame, type Series } from "./chart-parts";

const PLOT = { width: 600, height: 160 };

/**
 * Bars per slot (a week, a month): `values[slot][series]`, stacked when the series add up (orders
 * by status), side by side when they do not (revenue beside money collected).
 */
export function BarChart({
  label,
  labels,
  series,
  values,
  layout,
  formatTop = (top) => top.toLocaleString("en-US"),
}: {
  label: string;
  labels: string[];
  series: Series[];
  values: number[][];
  layout: "stacked" | "grouped";
  formatTop?: (top: number) => string;
}) {
  const highest =
    layout === "stacked"
      ? Math.max(0, ...values.map((stack) => stack.reduce((sum, value) => sum + value, 0)))
      : Math.max(0, ...values.flat());
  const top = niceMax(highest);
  const segments: BarSegment[] = layout === "stacked" ? stackedBars(values, top, PLOT) : groupedBars(values, top, PLOT);
  return (
    <figure>
      <Legend series={series} />
      <PlotFrame top={formatTop(top)} labels={labels} at="slots">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
          preserveAspectRatio="none"
          className="block h-full w-full"
        >
          {/* A series' colour is set once on its group: a year is 53 bars of three segments. */}
          {series.map((item, index) => (
            <g key={item.name} className={item.swatch}>
              {segments
                .filter((segment) => segment.series === index)
                .map((segment) => (
                  <rect key={segment.x} x={segment.x} y={segment.y} width={segment.width} height={segment.height} />
                ))}
            </g>
          ))}
        </svg>
      </PlotFrame>
    </figure>
  );
}
