import type { DatabaseKind } from "./app-process";

// The targets of docs/performance.md, printed beside the figures they judge.
export const TARGETS = {
  pageRatioMin: 0.6,
  // docs/product.md 13.1: counting visits costs the public pages under 5 % of their req/s.
  visitCountingCostMax: 0.05,
  pageP99MaxMs: 50,
  chatServerP50MaxMs: 5,
  peakRssMaxMb: { embedded: 400, postgres: 150 } satisfies Record<DatabaseKind, number>,
  initialJsMaxGzipBytes: 110_000,
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 95, seo: 100 },
} as const;

// The targets of docs/performance.md's "Admin at scale", for `--scale`.
export const SCALE_TARGETS = {
  pageMedianMaxMs: 100,
  pageP90MaxMs: 100,
  pageMaxBytes: 200_000,
  csvMaxMs: 30_000,
  csvRssGrowthMaxMb: 50,
  /** The large size's median within this factor of the small size's. */
  flatRatioMax: 2,
} as const;
