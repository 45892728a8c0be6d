// The geometry of the Insights charts (app/components/admin/charts/): scales and SVG paths in a
// fixed viewBox the browser stretches to any width; the words stay in HTML around the SVG, so
// they keep their size at 375 px (docs/decisions/022-hand-written-charts.md).

/** The y axis' top: the first 1, 2, 2.5 or 5 × 10^n at or above `max` (1 when there is nothing). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= max) return step * magnitude;
  }
  return 10 * magnitude;
}

export interface Plot {
  width: number;
  height: number;
}

/** x of point `index` of `count`, spread edge to edge (a single point sits in the middle). */
export function xAt(index: number, count: number, plot: Plot): number {
  if (count <= 1) return plot.width / 2;
  return (index / (count - 1)) * plot.width;
}

/** y of `value` on a scale from 0 (the bottom) to `top`. */
export function yAt(value: number, top: number, plot: Plot): number {
  return plot.height - (Math.max(0, value) / top) * plot.height;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The line through `values` ("M x,y L x,y ..."). */
export function linePath(values: readonly number[], top: number, plot: Plot): string {
  return values
    .map(
      (value, index) =>
        `${index === 0 ? "M" : "L"}${round(xAt(index, values.length, plot))},${round(yAt(value, top, plot))}`,
    )
    .join(" ");
}

/** The area under `values`: the line, then down to the bottom and back. */
export function areaPath(values: readonly number[], top: number, plot: Plot): string {
  if (values.length === 0) return "";
  const last = round(xAt(values.length - 1, values.length, plot));
  const first = round(xAt(0, values.length, plot));
  return `${linePath(values, top, plot)} L${last},${plot.height} L${first},${plot.height} Z`;
}

export interface BarSegment {
  series: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Stacked bars: `stacks[bar][series]`, one bar per slot, the series stacked from the bottom in
 * order; empty segments are left out. A gap of `gap` (a share of the slot) separates the bars.
 */
export function stackedBars(stacks: readonly (readonly number[])[], top: number, plot: Plot, gap = 0.2): BarSegment[] {
  const slot = plot.width / Math.max(1, stacks.length);
  const width = slot * (1 - gap);
  const segments: BarSegment[] = [];
  stacks.forEach((stack, bar) => {
    let base = 0;
    stack.forEach((value, series) => {
      if (value <= 0) return;
      const y = yAt(base + value, top, plot);
      segments.push({
        series,
        x: round(bar * slot + (slot - width) / 2),
        y: round(y),
        width: round(width),
        height: round(yAt(base, top, plot) - y),
      });
      base += value;
    });
  });
  return segments;
}

/**
 * Grouped bars: `groups[slot][series]` side by side in each slot, for figures that do not add up
 * (revenue of paid orders beside money collected).
 */
export function groupedBars(groups: readonly (readonly number[])[], top: number, plot: Plot, gap = 0.3): BarSegment[] {
  const slot = plot.width / Math.max(1, groups.length);
  const segments: BarSegment[] = [];
  groups.forEach((group, at) => {
    const width = (slot * (1 - gap)) / Math.max(1, group.length);
    group.forEach((value, series) => {
      if (value <= 0) return;
      const y = yAt(value, top, plot);
      segments.push({
        series,
        x: round(at * slot + (slot * gap) / 2 + series * width),
        y: round(y),
        width: round(width),
        height: round(plot.height - y),
      });
    });
  });
  return segments;
}

/** Up to `most` evenly spread indexes of `count` points, always the first and the last: the x labels. */
export function labelIndexes(count: number, most: number): number[] {
  if (count <= 0) return [];
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const step = (count - 1) / (most - 1);
  return [...new Set(Array.from({ length: most }, (_, index) => Math.round(index * step)))];
}
