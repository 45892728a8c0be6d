import { areaPath, linePath, niceMax } from "~/lib/charts";

import { Legend, PlotFrame, type Series } from "./chart-parts";

const PLOT = { width: 600, height: 160 };

/**
 * Lines over time, the first series filled beneath: server-rendered SVG stretched to the card's
 * width (preserveAspectRatio none, strokes that do not scale), its words in HTML around it.
 */
export function AreaChart({
  label,
  labels,
  series,
}: {
  label: string;
  labels: string[];
  series: (Series & { values: number[]; stroke: string })[];
}) {
  const top = niceMax(Math.max(0, ...series.flatMap((item) => item.values)));
  return (
    <figure>
      <Legend series={series} />
      <PlotFrame top={top.toLocaleString("en-US")} labels={labels} at="points">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
          preserveAspectRatio="none"
          className="block h-full w-full overflow-visible"
        >
          {series.map((item, index) => (
            <g key={item.name}>
              {index === 0 ? (
                <path d={areaPath(item.values, top, PLOT)} className={`${item.swatch} opacity-20`} />
              ) : null}
              <path
                d={linePath(item.values, top, PLOT)}
                fill="none"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                className={item.stroke}
              />
            </g>
          ))}
        </svg>
      </PlotFrame>
    </figure>
  );
}
