// `npm run bench`: the production build under load, beside a bare node:http server answering the
// same bytes, plus orders, chat, memory, initial JS and Lighthouse. Figures only: nothing here
// fails on a number; the targets are printed beside them. See docs/performance.md.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { startPostgres } from "../tests/support/postgres-server";
import { type AppProcess, startApp } from "./lib/app-process";
import { sampleCatalogue } from "./lib/catalogue";
import { chromiumMissingMessage } from "./lib/chromium";
import { sleep } from "./lib/http";
import { readMemory, resetPeak } from "./lib/memory";
import { type BenchOptions, readOptions, USAGE } from "./lib/options";
import { progress } from "./lib/progress";
import { formatLiveReport, formatReport, formatScaleReport } from "./lib/report";
import { type BenchResult, type DatabaseRun, describeRun, loadAverage, saveResult } from "./lib/results";
import { wrkMissingMessage } from "./lib/wrk";
import { benchChat } from "./sections/chat";
import { measureInitialJs } from "./sections/initial-js";
import { findLighthouse, runLighthouse } from "./sections/lighthouse";
import { benchLive } from "./sections/live";
import { benchOrder } from "./sections/order";
import { benchPages } from "./sections/pages";
import { benchRefusals } from "./sections/refusals";
import { benchScale } from "./sections/scale";
import { benchVisitCounting } from "./sections/visits";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUILD_CLIENT_DIR = path.join(ROOT, "build", "client");
/** Start-up's last work (migrations, seeding, the first GC) settles before idle memory is read. */
const IDLE_SETTLE_MS = 3000;

let running: AppProcess | undefined;
process.once("SIGINT", () => {
  progress("Interrupted: stopping the app.");
  void (running?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function benchDatabase(
  kind: DatabaseRun["database"],
  options: BenchOptions,
  extras: (app: AppProcess) => Promise<void>,
): Promise<DatabaseRun> {
  progress(`Starting the app on ${kind === "embedded" ? "a new embedded database" : "a new Postgres database"}...`);
  const app = await startApp(kind, ROOT, options.databaseUrl);
  running = app;
  try {
    await sleep(IDLE_SETTLE_MS);
    const idle = readMemory(app.pid);
    const peakRestarted = resetPeak(app.pid);
    const catalogue = await sampleCatalogue(app.baseUrl);
    const run: DatabaseRun = {
      database: kind,
      startupMs: app.startupMs,
      catalogue,
      memory: {
        idleRssMb: idle.rssMb,
        startupPeakMb: idle.peakMb,
        loadPeakMb: 0,
        loadPeakExcludesStartup: peakRestarted,
        rssAfterLoadMb: 0,
      },
    };
    if (options.sections.has("pages")) {
      progress("Public pages under load...");
      run.pages = await benchPages(app.baseUrl, app.pid, catalogue, options);
    }
    if (options.sections.has("visits")) {
      progress("Public pages with visit counting on and off...");
      run.visits = await benchVisitCounting(app, catalogue, options);
    }
    if (options.sections.has("order")) {
      progress("Orders posted...");
      run.order = await benchOrder(app.baseUrl, catalogue, options);
    }
    if (options.sections.has("chat")) {
      progress("Chat messages through a local webhook...");
      run.chat = await benchChat(app, options);
    }
    // On an app of its own, with the limits a deployment has: the others run with them raised.
    if (options.sections.has("refusals")) {
      progress("Refused orders and sign-ins on an app with a deployment's limits, and the home page meanwhile...");
      const limited = await startApp(kind, ROOT, options.databaseUrl, "deployed");
      running = limited;
      try {
        run.refusals = await benchRefusals(limited.baseUrl, options);
      } finally {
        await limited.stop();
        running = app;
      }
    }
    const after = readMemory(app.pid);
    run.memory.loadPeakMb = after.peakMb;
    run.memory.rssAfterLoadMb = after.rssMb;
    await extras(app);
    return run;
  } finally {
    await app.stop();
    running = undefined;
  }
}

async function main() {
  let options: BenchOptions | null;
  try {
    options = readOptions();
  } catch (error) {
    fail((error as Error).message);
  }
  if (!options) {
    console.log(USAGE);
    return;
  }
  if (!existsSync(path.join(ROOT, "build", "server", "index.js")) || !existsSync(BUILD_CLIENT_DIR)) {
    fail("No production build in build/: run `npm run build` first (the bench runs the build, it builds nothing).");
  }
  if (options.live) {
    const wrkMissing = wrkMissingMessage();
    if (wrkMissing) fail(wrkMissing);
    const result: BenchResult = { ...describeRun(options, ROOT), runs: [], notes: [] };
    // Two instances need a server they share: the embedded database is one process's alone.
    const server = options.databaseUrl ? undefined : await startPostgres();
    try {
      result.live = await benchLive(
        ROOT,
        options.databaseUrl ?? server!.url("postgres"),
        options,
        (app) => (running = app),
      );
    } finally {
      await server?.stop();
    }
    result.machine.loadAverageAtEnd = loadAverage();
    console.log(formatLiveReport(result));
    console.log(`\nSaved ${path.relative(ROOT, saveResult(result, ROOT))}`);
    return;
  }
  if (options.scale) {
    const result: BenchResult = { ...describeRun(options, ROOT), runs: [], notes: [] };
    if (!options.databaseUrl) {
      result.notes.push("PostgreSQL not measured: set DATABASE_URL to a server where the bench may create a database.");
    }
    result.scale = await benchScale(options, ROOT, (app) => (running = app));
    result.machine.loadAverageAtEnd = loadAverage();
    console.log(formatScaleReport(result));
    console.log(`\nSaved ${path.relative(ROOT, saveResult(result, ROOT))}`);
    return;
  }
  const needsWrk = (["pages", "visits", "order", "refusals"] as const).some((section) => options.sections.has(section));
  const wrkMissing = needsWrk ? wrkMissingMessage() : null;
  if (wrkMissing) fail(wrkMissing);

  const result: BenchResult = { ...describeRun(options, ROOT), runs: [], notes: [] };
  const chromiumMissing = chromiumMissingMessage();
  const lighthouseCli = findLighthouse(ROOT);
  const wantsJs = options.sections.has("js");
  const wantsLighthouse = options.sections.has("lighthouse");
  if (chromiumMissing && (wantsJs || wantsLighthouse)) {
    result.notes.push(`initial JS and Lighthouse skipped: ${chromiumMissing}`);
  }
  if (!chromiumMissing && wantsLighthouse && !lighthouseCli) {
    result.notes.push(
      "Lighthouse skipped: not found (a `lighthouse` devDependency, or LIGHTHOUSE_CLI=path/to/lighthouse/cli/index.js).",
    );
  }
  if (!options.databaseUrl) {
    result.notes.push("PostgreSQL not measured: set DATABASE_URL to a server where the bench may create a database.");
  }

  // Initial JS and Lighthouse do not depend on the database: measured once, on the first one.
  let browserFiguresTaken = false;
  const extras = async (app: AppProcess) => {
    if (browserFiguresTaken || chromiumMissing) return;
    browserFiguresTaken = true;
    if (wantsJs) {
      progress("Initial JS on / in Chromium...");
      result.initialJs = await measureInitialJs(app.baseUrl, BUILD_CLIENT_DIR);
    }
    if (wantsLighthouse && lighthouseCli) {
      progress("Lighthouse (mobile)...");
      result.lighthouse = await runLighthouse(lighthouseCli, app.baseUrl);
    }
  };
  for (const kind of options.databases) result.runs.push(await benchDatabase(kind, options, extras));

  result.machine.loadAverageAtEnd = loadAverage();
  console.log(formatReport(result));
  console.log(`\nSaved ${path.relative(ROOT, saveResult(result, ROOT))}`);
}

await main();
