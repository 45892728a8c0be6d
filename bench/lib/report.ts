import type { ScaleRun } from "../sections/scale";
import type { BenchResult, DatabaseRun } from "./results";
import { SCALE_SIZES } from "./scale-seed";
import { median } from "./stats";
import { SCALE_TARGETS, TARGETS } from "./targets";
import type { LoadResult } from "./wrk";

const mark = (ok: boolean) => (ok ? "ok" : "MISS");
const ms = (value: number) =>
  Number.isNaN(value) ? "-" : value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
const rate = (value: number) => value.toFixed(0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const DATABASE_NAMES = { embedded: "Embedded database (PGlite)", postgres: "PostgreSQL (DATABASE_URL)" };

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join("  ");
  return [line(header), ...rows.map(line)];
}

function databaseLines(run: DatabaseRun, result: BenchResult): string[] {
  const { options } = result;
  const lines = [
    `${DATABASE_NAMES[run.database]}: ready in ${(run.startupMs / 1000).toFixed(1)} s; ` +
      `sample service "${run.catalogue.serviceName}", search word "${run.catalogue.searchWord}"`,
  ];
  if (run.pages) {
    lines.push(
      "",
      `Public pages: wrk, ${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s, app and bare Node taking turns`,
      `(p50/p99: median over the rounds; targets: ratio ≥ ${TARGETS.pageRatioMin}, p99 < ${TARGETS.pageP99MaxMs} ms;`,
      ` CPU ratio: bare Node's CPU time per answer over the app's, which other jobs on the machine do not change;`,
      ` load average after each round: ${run.pages.flatMap((page) => page.rounds.map((r) => r.loadAverage.toFixed(1))).join(" ")})`,
    );
    const rows = run.pages.map((page) => [
      page.path.length > 32 ? `${page.path.slice(0, 31)}…` : page.path,
      `${kB(page.bytes)} ${page.encoding ?? "plain"}`,
      rate(page.app.reqPerSec),
      ms(page.app.p50Ms),
      ms(page.app.p99Ms),
      rate(page.bare.reqPerSec),
      ms(page.bare.p99Ms),
      page.ratio.toFixed(3),
      mark(page.ratio >= TARGETS.pageRatioMin),
      page.app.cpuUsPerRequest.toFixed(1),
      page.bare.cpuUsPerRequest.toFixed(1),
      page.cpuRatio.toFixed(3),
      mark(page.app.p99Ms < TARGETS.pageP99MaxMs),
      String(page.app.errors),
    ]);
    const header = [
      "page",
      "size",
      "req/s",
      "p50 ms",
      "p99 ms",
      "bare req/s",
      "bare p99",
      "ratio",
      `ratio ≥ ${TARGETS.pageRatioMin}`,
      "CPU µs/req",
      "bare CPU µs",
      "CPU ratio",
      `p99 < ${TARGETS.pageP99MaxMs}`,
      "errors",
    ];
    lines.push(...table(header, rows).map((line) => `  ${line}`));
    // In a closed loop the first answers come once the first `connections` requests are done: a run
    // shorter than that measures the ramp-up, not the app.
    const rampOnly = run.pages.filter((page) => page.rounds.some((r) => r.app.requests < options.connections));
    if (rampOnly.length > 0) {
      lines.push(
        `  Some app runs answered fewer requests than there are connections (${rampOnly.map((p) => p.path).join(", ")}):`,
        "  those figures are mostly ramp-up; a busy machine or a slow app. Try --seconds 10.",
      );
    }
  }
  if (run.visits) {
    lines.push(
      "",
      `Visit counting's cost: the public pages with Settings → Count visits on and off, taking turns round by round (wrk, ` +
        `${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s; target: under ` +
        `${TARGETS.visitCountingCostMax * 100} % of req/s; CPU µs per answer holds when other jobs share the machine)`,
    );
    const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
    const rows = run.visits.map((page) => [
      page.path.length > 32 ? `${page.path.slice(0, 31)}…` : page.path,
      rate(page.on.reqPerSec),
      rate(page.off.reqPerSec),
      pct(page.reqPerSecCost),
      mark(page.reqPerSecCost < TARGETS.visitCountingCostMax),
      page.on.cpuUsPerRequest.toFixed(1),
      page.off.cpuUsPerRequest.toFixed(1),
      pct(page.cpuCost),
      ms(page.on.p99Ms),
      ms(page.off.p99Ms),
    ]);
    const header = [
      "page",
      "on req/s",
      "off req/s",
      "cost",
      "< 5 %",
      "on CPU µs",
      "off CPU µs",
      "CPU cost",
      "on p99",
      "off p99",
    ];
    lines.push(...table(header, rows).map((line) => `  ${line}`));
  }
  if (run.order) {
    const { load } = run.order;
    lines.push(
      "",
      `Order posted as a no-JS form (${options.connections} connections, ${options.seconds} s): ` +
        `${rate(load.reqPerSec)} req/s, p50 ${ms(load.p50Ms)} ms, p99 ${ms(load.p99Ms)} ms, errors ${load.errors}`,
    );
  }
  if (run.chat) {
    const chat = run.chat;
    lines.push(
      "",
      `Chat message answered by a local webhook (${chat.messages} messages one after another` +
        `${chat.failures ? `, ${chat.failures} not answered by the webhook` : ""}):`,
      `  server's own time p50 ${ms(chat.serverP50Ms)} ms (target < ${TARGETS.chatServerP50MaxMs} ms: ` +
        `${mark(chat.serverP50Ms < TARGETS.chatServerP50MaxMs)}), p99 ${ms(chat.serverP99Ms)} ms; ` +
        `visitor's wait p50 ${ms(chat.clientP50Ms)} ms, p99 ${ms(chat.clientP99Ms)} ms; webhook's own p50 ${ms(chat.webhookP50Ms)} ms`,
      `  a bare node:http relay of the same messages, taking turns with the app: own time p50 ${ms(chat.bareNodeP50Ms)} ms`,
    );
  }
  if (run.refusals) {
    const r = run.refusals;
    const statuses = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([status, count]) => `${count} × ${status}`)
        .join(", ");
    const home = (load: LoadResult) =>
      `${rate(load.reqPerSec)} req/s, p50 ${ms(load.p50Ms)} ms, p99 ${ms(load.p99Ms)} ms, max ${ms(load.maxMs)} ms`;
    const rounds = (loads: LoadResult[]) =>
      `p99 ${loads.map((load) => ms(load.p99Ms)).join(" / ")} ms (median ${ms(median(loads.map((load) => load.p99Ms)))} ms), ` +
      `median ${rate(median(loads.map((load) => load.reqPerSec)))} req/s`;
    const refused = (load: LoadResult) =>
      `${rate(load.reqPerSec)} req/s, p50 ${ms(load.p50Ms)} ms, p99 ${ms(load.p99Ms)} ms (${load.errors} of ${load.requests} refused)`;
    lines.push(
      "",
      `Refusals, on an app with a deployment's limits (${options.seconds} s runs; docs/product.md §4, Sign-in limit):`,
      `  / alone (wrk, 10 connections):              ${home(r.homeAlone)}`,
      `  / while ${r.signIns} sign-ins with random usernames come from one address (${statuses(r.signInStatuses)}, ` +
        `in ${r.signInSeconds.toFixed(1)} s): ${home(r.homeDuringSignIns)}`,
      `  / while ${r.signIns} more come from it, over its limit (${statuses(r.refusalStatuses)} in ` +
        `${r.homeDuringRefusals.length} rounds): ${rounds(r.homeDuringRefusals)}`,
      `  / while the bench sends as many to a bare node:http server refusing each as the app does, taking turns ` +
        `(the bench's own cost): ${rounds(r.homeDuringBareRefusals)}`,
      `  an address over its limit, ${options.connections} connections: no-JS form ${refused(r.refusedForm)}; ` +
        `JS data request ${refused(r.refusedData)}`,
      `  orders from an address past its hourly limit (after ${r.ordersAccepted} accepted), ${options.connections} ` +
        `connections: no-JS form ${refused(r.refusedOrderForm)}; JS data request ${refused(r.refusedOrderData)}`,
    );
  }
  const memory = run.memory;
  const maxMb = TARGETS.peakRssMaxMb[run.database];
  lines.push(
    "",
    `Memory of the app process: idle ${memory.idleRssMb} MB after start-up (start-up peak ${memory.startupPeakMb} MB); ` +
      `peak ${memory.loadPeakMb} MB ${memory.loadPeakExcludesStartup ? "after start-up" : "including start-up"} ` +
      `(target ≤ ${maxMb} MB: ${mark(memory.loadPeakMb <= maxMb)}); ${memory.rssAfterLoadMb} MB at the end`,
  );
  return lines;
}

function headerLines(result: BenchResult): string[] {
  const { machine } = result;
  return [
    `npm run bench at ${result.startedAt}, commit ${result.commit ?? "unknown"}`,
    `machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryMb} MB, Node ${machine.node}, ` +
      `load average ${machine.loadAverageAtStart.join(" ")} at start, ${machine.loadAverageAtEnd?.join(" ") ?? "-"} at the end`,
  ];
}

/** The results as the table printed at the end of a run. */
export function formatReport(result: BenchResult): string {
  const lines = headerLines(result);
  for (const run of result.runs) lines.push("", ...databaseLines(run, result));
  if (result.initialJs) {
    const js = result.initialJs;
    lines.push(
      "",
      `Initial JS on / (phone Chromium, gzip -9): ${kB(js.gzipBytes)} in ${js.files} files before any interaction ` +
        `(target ≤ ${kB(TARGETS.initialJsMaxGzipBytes)}: ${mark(js.gzipBytes <= TARGETS.initialJsMaxGzipBytes)}); ` +
        `${kB(js.beforeLoadGzipBytes)} in ${js.beforeLoadFiles} files before the load event; ` +
        `${kB(js.afterFirstInteraction.gzipBytes)} in ${js.afterFirstInteraction.files} files once the first interaction has hydrated the page`,
    );
  }
  if (result.lighthouse) {
    const target = TARGETS.lighthouse;
    lines.push(
      "",
      `Lighthouse mobile, one run per page (targets: performance ≥ ${target.performance}, accessibility ${target.accessibility}, ` +
        `best practices ≥ ${target.bestPractices}, SEO ${target.seo})`,
    );
    const score = (value: number | null, min: number) => (value === null ? "-" : `${value} ${mark(value >= min)}`);
    const rows = result.lighthouse.map((page) => [
      page.path,
      score(page.performance, target.performance),
      score(page.accessibility, target.accessibility),
      score(page.bestPractices, target.bestPractices),
      score(page.seo, target.seo),
      page.lcpMs === null ? "-" : ms(page.lcpMs),
      page.fcpMs === null ? "-" : ms(page.fcpMs),
      page.tbtMs === null ? "-" : ms(page.tbtMs),
      page.cls === null ? "-" : page.cls.toFixed(3),
    ]);
    const header = [
      "page",
      "performance",
      "accessibility",
      "best practices",
      "SEO",
      "LCP ms",
      "FCP ms",
      "TBT ms",
      "CLS",
    ];
    lines.push(...table(header, rows).map((line) => `  ${line}`));
  }
  if (result.notes.length > 0) lines.push("", ...result.notes.map((note) => `Note: ${note}`));
  return lines.join("\n");
}

const count = (value: number) => value.toLocaleString("en-US");
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

function scaleRunLines(run: ScaleRun, smaller: ScaleRun | undefined): string[] {
  const t = SCALE_TARGETS;
  const size = SCALE_SIZES[run.size];
  const seed = run.seed
    ? `seeded in ${seconds(run.seed.totalMs)} (rows ${seconds(run.seed.insertMs)}, indexes ${seconds(run.seed.indexMs)}, ` +
      `VACUUM ANALYZE ${seconds(run.seed.analyzeMs)}); counters ${run.seed.counterMismatches.length === 0 ? "exact" : `WRONG: ${run.seed.counterMismatches.join("; ")}`}`
    : "kept database reused (--keep)";
  const lines = [
    "",
    `${DATABASE_NAMES[run.database]}, ${count(size.orders)} orders, ${count(size.chatMessages)} chat messages in ` +
      `${count(size.chatSessions)} conversations, ${count(size.contactMessages)} contact messages: ${seed}; app ready in ${seconds(run.startupMs)}`,
  ];
  const flatHeader = smaller ? [`≤ ${t.flatRatioMax}x ${smaller.size}`] : [];
  const header = [
    "page",
    "requests",
    "median ms",
    "p90 ms",
    "size",
    "peak RSS",
    `median < ${t.pageMedianMaxMs}`,
    `p90 < ${t.pageP90MaxMs}`,
    `< ${t.pageMaxBytes / 1000} kB`,
    ...flatHeader,
    "note",
  ];
  const rows = run.pages.map((page) => {
    const answered = page.requests > 0;
    const ok = (met: boolean) => (answered ? mark(met && page.failures === 0) : "-");
    const before = smaller?.pages.find((p) => p.name === page.name);
    const ratio = before && answered && before.requests > 0 ? page.medianMs / before.medianMs : Number.NaN;
    return [
      page.name,
      page.failures ? `${page.requests} (${page.failures} failed)` : String(page.requests),
      ms(page.medianMs),
      ms(page.p90Ms),
      answered ? kB(page.bytes) : "-",
      answered ? `${page.peakRssMb} MB` : "-",
      ok(page.medianMs < t.pageMedianMaxMs),
      ok(page.p90Ms < t.pageP90MaxMs),
      ok(page.bytes < t.pageMaxBytes),
      ...(smaller
        ? [Number.isNaN(ratio) ? "-" : `${ratio.toFixed(2)}x ${mark(ratio <= t.flatRatioMax && page.failures === 0)}`]
        : []),
      [page.path, page.note].filter(Boolean).join("; "),
    ];
  });
  if (rows.length > 0) lines.push(...table(header, rows).map((line) => `  ${line}`));
  for (const csv of [run.csv, run.csvCompressed]) {
    if (!csv) continue;
    const encoding = csv.encoding ? `${csv.encoding}, ${(csv.wireBytes / 1e6).toFixed(1)} MB on the wire, ` : "";
    lines.push(
      `  CSV export (${csv.path}${csv.encoding ? `, ${csv.encoding}` : ""}): HTTP ${csv.status}, ${seconds(csv.ms)}, ` +
        `${encoding}${(csv.bytes / 1e6).toFixed(1)} MB, ${count(csv.lines)} lines; app CPU ${seconds(csv.cpuMs)}; ` +
        `RSS ${csv.rssBeforeMb} → peak ${csv.peakRssMb} MB (+${csv.growthMb} MB); ` +
        `< ${t.csvMaxMs / 1000} s: ${mark(csv.status === 200 && csv.ms < t.csvMaxMs)}, ` +
        `growth < ${t.csvRssGrowthMaxMb} MB: ${mark(csv.status === 200 && csv.growthMb < t.csvRssGrowthMaxMb)}` +
        (csv.listenerWarnings > 0 ? `; ${csv.listenerWarnings} MaxListenersExceededWarning in the app's log` : "") +
        (csv.note ? ` (${csv.note})` : ""),
    );
  }
  return lines;
}

/** `--scale`: per database and size, the admin pages; the large size judged against the small one. */
export function formatScaleReport(result: BenchResult): string {
  const lines = headerLines(result);
  const runs = result.scale ?? [];
  lines.push(
    "",
    `Admin at scale: ${result.options.requests} sequential requests per page as a signed-in admin, no compression ` +
      "(size: the largest answer; peak RSS: the app's highest while the page was requested)",
  );
  for (const run of runs) {
    const smaller =
      run.size === "large" ? runs.find((r) => r.database === run.database && r.size === "small") : undefined;
    lines.push(...scaleRunLines(run, smaller));
  }
  if (result.notes.length > 0) lines.push("", ...result.notes.map((note) => `Note: ${note}`));
  return lines.join("\n");
}

/** `--live`: the live chat's figures beside issue targets (docs/performance.md, "Live chat"). */
export function formatLiveReport(result: BenchResult): string {
  const lines = headerLines(result);
  const live = result.live;
  if (live) {
    const { replyToScreen: reply, streams } = live;
    const { before, with: withStreams, after } = streams.pages;
    const without = (before.reqPerSec + after.reqPerSec) / 2;
    const load = (run: { reqPerSec: number; cpuUsPerRequest: number }) =>
      `${run.reqPerSec} req/s, ${run.cpuUsPerRequest} µs CPU per answer`;
    lines.push(
      "",
      "Live chat on PostgreSQL (two instances of the build on one server)",
      "failed" in reply
        ? `  staff reply on A -> visitor's stream on B: not measured (${reply.failed})`
        : `  staff reply on A -> visitor's stream on B: ${reply.samples} replies, p50 ${reply.p50Ms} ms, ` +
            `p95 ${reply.p95Ms} ms, max ${reply.maxMs} ms (target p95 < 1000 ms)`,
      `  ${streams.opened} of ${streams.wanted} visitor streams open on one instance (${streams.refused} refused): ` +
        `RSS ${streams.idleRssMb} MB idle -> ${streams.withStreamsRssMb} MB, ` +
        `+${streams.withStreamsRssMb - streams.idleRssMb} MB (target < 100 MB)`,
      `  public pages (/ and /services, wrk): before ${load(before)}; with the streams ${load(withStreams)}; ` +
        `after ${load(after)} (req/s with them ${Math.round((withStreams.reqPerSec / without) * 1000) / 10} % ` +
        "of without; target within 10 %)",
    );
  }
  if (result.notes.length > 0) lines.push("", ...result.notes.map((note) => `Note: ${note}`));
  return lines.join("\n");
}
