import { areaPath, linePath, niceMax } from "~/lib/charts";

import { ChartFigure, type ChartProps, count, PLOT, type Series } from "./chart-parts";

/**
 * Lines over time, the first series filled beneath: server-rendered SVG stretched to the card's
 * width (preserveAspectRatio none, strokes that do not scale), its words in HTML around it.
 */
export function AreaChart({
  series,
  ...chart
}: ChartProps & { series: (Series & { values: number[]; stroke: string })[] }) {
  const top = niceMax(Math.max(0, ...series.flatMap((item) => item.values)));
  return (
    <ChartFigure
      {...chart}
      series={series}
      top={count(top)}
      at="points"
      cells={chart.labels.map((_, point) => series.map((item) => count(item.values[point])))}
    >
      {series.map((item, index) => (
        <g key={item.name}>
          {index === 0 ? <path d={areaPath(item.values, top, PLOT)} className={`${item.swatch} opacity-20`} /> : null}
          <path
            d={linePath(item.values, top, PLOT)}
            fill="none"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            className={item.stroke}
          />
        </g>
      ))}
    </ChartFigure>
  );
}
