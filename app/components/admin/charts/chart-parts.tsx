import { INSIGHTS_TEXTS } from "~/copy/insights";
import { labelIndexes } from "~/lib/charts";

// What every Insights chart shares: a legend, the y axis' top and zero, the x labels and the
// figures' table, all HTML so the words keep their size however narrow the SVG is drawn.

/** A figure as the charts write it: 1,234. */
export const count = (figure: number) => figure.toLocaleString("en-US");

export interface Series {
  name: string;
  /** Tailwind classes for the series' colour: a fill and, for lines, a stroke. */
  swatch: string;
}

function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {series.map((item) => (
        <li key={item.name} className="flex items-center gap-1.5">
          <span aria-hidden className={`inline-block size-3 rounded-sm ${item.swatch}`} />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

/** The plot's own coordinates: its SVG is drawn at this size and stretched to the card's width. */
export const PLOT = { width: 600, height: 160 };

/** The chart's figures as a table: its caption, its first column's heading and each row's label. */
export interface ChartTable {
  caption: string;
  first: string;
  rowLabels: string[];
}

/** What every chart is given: its accessible name, its x labels and its table. */
export interface ChartProps {
  label: string;
  labels: string[];
  table: ChartTable;
}

/**
 * A chart: its legend, then the plot (`children`, drawn in PLOT's coordinates) with its y axis' top
 * and zero on the left, and up to four x labels under it: under their points (`at: "points"`, a
 * line's first and last at its edges, its stroke let over them) or their bars' middles. Then the
 * same figures as a table: a row a point or slot, `cells[row][series]`, a column a series.
 */
export function ChartFigure({
  label,
  series,
  top,
  labels,
  at,
  table,
  cells,
  children,
}: {
  label: string;
  series: Series[];
  top: string;
  labels: string[];
  at: "points" | "slots";
  table: ChartTable;
  cells: string[][];
  children: React.ReactNode;
}) {
  const shown = labelIndexes(labels.length, 4);
  const position = (index: number) =>
    at === "slots"
      ? ((index + 0.5) / labels.length) * 100
      : labels.length <= 1
        ? 50
        : (index / (labels.length - 1)) * 100;
  return (
    <>
      <figure>
        <Legend series={series} />
        <div className="mt-3 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-500">
          <div aria-hidden className="flex h-40 flex-col justify-between text-right tabular-nums">
            <span>{top}</span>
            <span>0</span>
          </div>
          <div className="h-40 border-b border-l border-slate-300">
            <svg
              role="img"
              aria-label={label}
              viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
              preserveAspectRatio="none"
              className={`block h-full w-full${at === "points" ? " overflow-visible" : ""}`}
            >
              {children}
            </svg>
          </div>
          <div />
          <div aria-hidden className="relative mt-1 h-4">
            {shown.map((index) => {
              const left = position(index);
              // The edge labels of a line stay inside the plot instead of hanging over its sides.
              const shift =
                at === "points" && left === 0
                  ? ""
                  : at === "points" && left === 100
                    ? "-translate-x-full"
                    : "-translate-x-1/2";
              return (
                <span key={index} className={`absolute whitespace-nowrap ${shift}`} style={{ left: `${left}%` }}>
                  {labels[index]}
                </span>
              );
            })}
          </div>
        </div>
      </figure>
      <FiguresTable
        caption={table.caption}
        columns={[{ label: table.first }, ...series.map((item) => ({ label: item.name, numeric: true }))]}
        rows={table.rowLabels.map((rowLabel, row) => [rowLabel, ...cells[row]])}
      />
    </>
  );
}

export interface Column {
  label: string;
  numeric?: boolean;
}

/** The chart's figures as a table, folded away under it (a year is 365 rows). */
function FiguresTable({ caption, columns, rows }: { caption: string; columns: Column[]; rows: (string | number)[][] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand">{INSIGHTS_TEXTS.showFigures}</summary>
      <div className="mt-2 max-h-80 overflow-auto">
        <DataTable caption={caption} columns={columns} rows={rows} />
      </div>
    </details>
  );
}

/** A plain table of figures: the "Top ..." lists and the charts' figures. */
export function DataTable({
  caption,
  columns,
  rows,
  captionHidden = true,
}: {
  caption: string;
  columns: Column[];
  rows: (string | number)[][];
  captionHidden?: boolean;
}) {
  return (
    // The cells' look is set once on the table: a year's tables are hundreds of cells.
    <table className="w-full text-left text-sm [&_tbody_th]:py-1.5 [&_tbody_th]:pr-3 [&_tbody_th]:font-normal [&_tbody_th]:text-slate-800 [&_tbody_th]:[overflow-wrap:anywhere] [&_tbody_tr]:border-b [&_tbody_tr]:border-slate-100 [&_tbody_tr:last-child]:border-0 [&_td]:whitespace-nowrap [&_td]:py-1.5 [&_td]:pr-3 [&_td]:tabular-nums">
      <caption className={captionHidden ? "sr-only" : "mb-2 text-left font-semibold text-slate-800"}>{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-500">
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className={`py-1.5 pr-3 font-medium ${column.numeric ? "whitespace-nowrap text-right" : ""}`}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, at) =>
              at === 0 ? (
                <th key={at} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={at} className={columns[at]?.numeric ? "text-right" : undefined}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
