import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

import type { ChatFigures } from "../sections/chat";
import type { InitialJsFigures } from "../sections/initial-js";
import type { LighthouseFigures } from "../sections/lighthouse";
import type { LiveFigures } from "../sections/live";
import type { OrderFigures } from "../sections/order";
import type { PageFigures } from "../sections/pages";
import type { RefusalFigures } from "../sections/refusals";
import type { ScaleRun } from "../sections/scale";
import type { VisitCountingFigures } from "../sections/visits";
import type { DatabaseKind } from "./app-process";
import type { CatalogueSample } from "./catalogue";
import type { BenchOptions } from "./options";

export interface MemoryFigures {
  /** Resident memory once started and quiet, before any load. */
  idleRssMb: number;
  /** The highest resident memory during start-up (on a new embedded database, initdb's). */
  startupPeakMb: number;
  /** The highest resident memory from the end of start-up to the end of the load. */
  loadPeakMb: number;
  /** False when the kernel refused to restart the peak: loadPeakMb then includes start-up. */
  loadPeakExcludesStartup: boolean;
  rssAfterLoadMb: number;
}

export interface DatabaseRun {
  database: DatabaseKind;
  startupMs: number;
  catalogue: CatalogueSample;
  memory: MemoryFigures;
  pages?: PageFigures[];
  /** The public pages with visit counting on and off. */
  visits?: VisitCountingFigures[];
  order?: OrderFigures;
  chat?: ChatFigures;
  refusals?: RefusalFigures;
}

export interface BenchResult {
  startedAt: string;
  commit: string | null;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryMb: number;
    /** The machine is shared: a high load average means noisy absolute figures (ratios hold better). */
    loadAverageAtStart: number[];
    loadAverageAtEnd?: number[];
    node: string;
  };
  options: Omit<BenchOptions, "sections" | "databaseUrl"> & { sections: string[] };
  runs: DatabaseRun[];
  /** `--scale`: the admin pages on seeded databases. */
  scale?: ScaleRun[];
  /** `--live`: the live chat across two instances, and 1,000 streams on one. */
  live?: LiveFigures;
  initialJs?: InitialJsFigures;
  lighthouse?: LighthouseFigures[];
  /** Parts skipped, and why. */
  notes: string[];
}

export const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);

export function describeRun(options: BenchOptions, root: string): Omit<BenchResult, "runs" | "notes"> {
  let commit: string | null = null;
  try {
    // The commit of the app measured: another checkout's with --app.
    const appRoot = options.app ? path.resolve(options.app) : root;
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: appRoot, encoding: "utf8" }).trim();
  } catch {
    // Not a git checkout: the figures stand without it.
  }
  const { sections, databaseUrl: _secret, ...rest } = options;
  return {
    startedAt: new Date().toISOString(),
    commit,
    machine: {
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? "unknown",
      memoryMb: Math.round(totalmem() / 1024 / 1024),
      loadAverageAtStart: loadAverage(),
      node: process.version,
    },
    options: { ...rest, sections: [...sections] },
  };
}

/** bench/results/<time>.json, kept out of git, for comparing runs. */
export function saveResult(result: BenchResult, root: string): string {
  const dir = path.join(root, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${result.startedAt.replaceAll(":", "-").replace(/\.\d+Z$/, "Z")}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
