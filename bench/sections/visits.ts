import { FLUSH_INTERVAL_MS } from "../../app/lib/visits";
import { AdminBrowser } from "../lib/admin";
import type { AppProcess } from "../lib/app-process";
import type { CatalogueSample } from "../lib/catalogue";
import { BROWSER_HEADERS, rawGet, sleep } from "../lib/http";
import { readCpuMs } from "../lib/memory";
import type { BenchOptions } from "../lib/options";
import { progress } from "../lib/progress";
import { loadAverage } from "../lib/results";
import { runWrk } from "../lib/wrk";
import { type LoadSummary, measured, type MeasuredRun, publicPages, summarize } from "./pages";

// What counting visits costs the public pages (docs/product.md 13.1: under 5 % of their req/s):
// each page with Settings → Count visits on and off, taking turns round by round, so that whatever
// else the machine does weighs on both alike.

export interface VisitCountingFigures {
  path: string;
  on: LoadSummary;
  off: LoadSummary;
  /** What counting costs in req/s: 1 - on's over off's (negative: within the noise). */
  reqPerSecCost: number;
  /** What it costs in CPU time per answer: on's over off's, minus 1. */
  cpuCost: number;
  rounds: Array<{ on: MeasuredRun; off: MeasuredRun; loadAverage: number }>;
}

const WARM_UP_SECONDS = 1;
const FIRST_WARM_UP_SECONDS = 3;
/** The setting is read again at each flush: a change is seen within one, and a margin. */
const SETTING_SEEN_MS = FLUSH_INTERVAL_MS + 1000;

export async function benchVisitCounting(
  app: AppProcess,
  catalogue: CatalogueSample,
  options: BenchOptions,
): Promise<VisitCountingFigures[]> {
  const admin = new AdminBrowser(app.baseUrl);
  await admin.signIn(app.admin.username, app.admin.password);
  const paths = publicPages(catalogue);
  const runs = new Map(
    paths.map((path) => [path, { on: [] as MeasuredRun[], off: [] as MeasuredRun[], loads: [] as number[] }]),
  );
  const load = { connections: options.connections, seconds: options.seconds };
  try {
    // The first runs after start-up pay for compiling the code they run: not part of either side.
    for (const path of paths) {
      await runWrk({ url: app.baseUrl + path, headers: BROWSER_HEADERS }, { ...load, seconds: FIRST_WARM_UP_SECONDS });
      await rawGet(app.baseUrl + path);
    }
    for (let round = 1; round <= options.rounds; round++) {
      // Which goes first alternates: neither always meets the machine just after the settings change.
      for (const counting of round % 2 === 1 ? [true, false] : [false, true]) {
        await admin.setCountVisits(counting);
        await sleep(SETTING_SEEN_MS);
        for (const path of paths) {
          const request = { url: app.baseUrl + path, headers: BROWSER_HEADERS };
          // The settings form emptied the page cache: the first requests render the page again.
          await runWrk(request, { ...load, seconds: WARM_UP_SECONDS });
          await rawGet(request.url);
          const run = await measured(request, load, () => readCpuMs(app.pid));
          await rawGet(request.url);
          const kept = runs.get(path)!;
          kept[counting ? "on" : "off"].push(run);
          if (kept.on.length === kept.off.length) kept.loads.push(loadAverage()[0]);
          progress(
            `  ${path} round ${round}/${options.rounds}, counting ${counting ? "on" : "off"}: ${run.reqPerSec.toFixed(0)} req/s`,
          );
        }
      }
    }
  } finally {
    await admin.setCountVisits(true);
  }
  return paths.map((path) => {
    const { on, off, loads } = runs.get(path)!;
    const onSummary = summarize(on);
    const offSummary = summarize(off);
    return {
      path,
      on: onSummary,
      off: offSummary,
      reqPerSecCost: 1 - onSummary.reqPerSec / offSummary.reqPerSec,
      cpuCost: onSummary.cpuUsPerRequest / offSummary.cpuUsPerRequest - 1,
      rounds: on.map((run, index) => ({ on: run, off: off[index], loadAverage: loads[index] })),
    };
  });
}
