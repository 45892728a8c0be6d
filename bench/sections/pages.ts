import { startBaselineServer } from "../lib/baseline-server";
import type { CatalogueSample } from "../lib/catalogue";
import { BROWSER_HEADERS, rawGet, type RawResponse } from "../lib/http";
import { readCpuMs } from "../lib/memory";
import type { BenchOptions } from "../lib/options";
import { progress } from "../lib/progress";
import { loadAverage } from "../lib/results";
import { median, sum } from "../lib/stats";
import { type LoadRequest, type LoadResult, runWrk } from "../lib/wrk";

export interface LoadSummary {
  reqPerSec: number;
  /**
   * CPU time (user and system) the server spent per answer, over the rounds: unlike req/s it
   * holds when other jobs share the machine, which take CPU from the server but add none to it.
   */
  cpuUsPerRequest: number;
  /** Medians over the rounds of each round's percentile. */
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface PageFigures {
  path: string;
  /** What one answer weighs as sent (compressed), and how it was compressed. */
  bytes: number;
  encoding: string | null;
  app: LoadSummary;
  bare: LoadSummary;
  /** App req/s over bare Node's, from runs interleaved round by round. */
  ratio: number;
  /** Bare Node's CPU time per answer over the app's: the ratio a machine of one's own would show. */
  cpuRatio: number;
  rounds: Array<{ app: MeasuredRun; bare: MeasuredRun; loadAverage: number }>;
}

const WARM_UP_SECONDS = 1;

export function publicPages(catalogue: CatalogueSample): string[] {
  return [
    "/",
    "/services",
    `/services?q=${encodeURIComponent(catalogue.searchWord)}`,
    `/order?service=${catalogue.serviceId}`,
  ];
}

/**
 * wrk stops at its deadline with requests still queued in the app, which renders them anyway:
 * the next run starts once a request sent behind them is answered, so it does not pay for them.
 */
async function drain(url: string): Promise<void> {
  await rawGet(url);
}

export type MeasuredRun = LoadResult & { cpuMs: number };

/** A load run, with the CPU time the server's process spent meanwhile. */
export async function measured(
  request: LoadRequest,
  load: { connections: number; seconds: number },
  cpuMs: () => number,
) {
  const before = cpuMs();
  const run = await runWrk(request, load);
  return { ...run, cpuMs: cpuMs() - before };
}

export function summarize(runs: MeasuredRun[]): LoadSummary {
  const answered = runs.filter((r) => r.requests > 0);
  return {
    reqPerSec: sum(runs.map((r) => r.requests)) / sum(runs.map((r) => r.seconds)),
    cpuUsPerRequest: (sum(runs.map((r) => r.cpuMs)) * 1000) / sum(runs.map((r) => r.requests)),
    p50Ms: median(answered.map((r) => r.p50Ms)),
    p99Ms: median(answered.map((r) => r.p99Ms)),
    errors: sum(runs.map((r) => r.errors)),
  };
}

/**
 * Each public page under load, the app and the bare Node baseline taking turns round by round, so
 * that whatever else the machine does weighs on both alike.
 */
export async function benchPages(
  appUrl: string,
  appPid: number,
  catalogue: CatalogueSample,
  options: BenchOptions,
): Promise<PageFigures[]> {
  const paths = publicPages(catalogue);
  const recorded = new Map<string, RawResponse>();
  for (const path of paths) {
    const response = await rawGet(appUrl + path);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    recorded.set(path, response);
  }
  const baseline = await startBaselineServer(recorded);
  try {
    const figures: PageFigures[] = [];
    const load = { connections: options.connections };
    for (const path of paths) {
      const app = { url: appUrl + path, headers: BROWSER_HEADERS };
      const bare = { url: baseline.baseUrl + path, headers: BROWSER_HEADERS };
      await runWrk(app, { ...load, seconds: WARM_UP_SECONDS });
      await drain(app.url);
      await runWrk(bare, { ...load, seconds: WARM_UP_SECONDS });
      const rounds: PageFigures["rounds"] = [];
      for (let round = 1; round <= options.rounds; round++) {
        const appRun = await measured(app, { ...load, seconds: options.seconds }, () => readCpuMs(appPid));
        await drain(app.url);
        const bareRun = await measured(bare, { ...load, seconds: options.seconds }, () => readCpuMs(baseline.pid));
        rounds.push({ app: appRun, bare: bareRun, loadAverage: loadAverage()[0] });
        progress(
          `  ${path} round ${round}/${options.rounds}: app ${appRun.reqPerSec.toFixed(0)} req/s, bare Node ${bareRun.reqPerSec.toFixed(0)} req/s`,
        );
      }
      const { body, headers } = recorded.get(path)!;
      const appSummary = summarize(rounds.map((r) => r.app));
      const bareSummary = summarize(rounds.map((r) => r.bare));
      figures.push({
        path,
        bytes: body.length,
        encoding: typeof headers["content-encoding"] === "string" ? headers["content-encoding"] : null,
        app: appSummary,
        bare: bareSummary,
        ratio: appSummary.reqPerSec / bareSummary.reqPerSec,
        cpuRatio: bareSummary.cpuUsPerRequest / appSummary.cpuUsPerRequest,
        rounds,
      });
    }
    return figures;
  } finally {
    await baseline.close();
  }
}
