import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

import postgres from "postgres";

import { type AppDatabase, openDatabase } from "../../app/db/client.server";
import { migrate, readMigrations } from "../../app/db/migrate.server";
import { AdminBrowser } from "../lib/admin";
import { type AppProcess, type AppTarget, type DatabaseKind, launchApp } from "../lib/app-process";
import { sleep } from "../lib/http";
import { findLink } from "../lib/links";
import { readCpuMs, readMemory, resetPeak } from "../lib/memory";
import type { BenchOptions } from "../lib/options";
import { progress } from "../lib/progress";
import { type ScaleSize, SEARCH_NAMES, seededSize, type SeedFigures, seedScale } from "../lib/scale-seed";
import { median, percentile } from "../lib/stats";

// `npm run bench -- --scale`: the admin at scale (docs/performance.md). Each database is seeded at each size, then the
// production build is started on it and every admin page is timed with sequential requests as a
// signed-in admin, then the CSV export of every order twice: as the bench's other requests ask
// (no compression), then as a browser asks (brotli), read and decompressed as fast as it comes.

/** One request gives up after this: an unpaged list at 1M rows takes minutes, or never ends. */
const REQUEST_CAP_MS = 30_000;
/** The export of 1M orders is meant to take < 30 s: twice that is enough to see it miss. */
const CSV_CAP_MS = 60_000;
/** A page's requests stop once they have taken this long together (the figures stand on fewer). */
const PAGE_BUDGET_MS = 60_000;
/** A page's HTML is kept to look for links in only up to this size. */
const MAX_KEPT_HTML = 5_000_000;
const RSS_SAMPLE_MS = 20;
/** Start-up's and the pages' last work settles before the export's starting RSS is read. */
const EXPORT_SETTLE_MS = 2000;

export interface ScalePageFigures {
  name: string;
  /** The path requested; null when the link to follow was not found. */
  path: string | null;
  requests: number;
  /** Answers other than 200, and requests cut at REQUEST_CAP_MS. */
  failures: number;
  medianMs: number;
  p90Ms: number;
  /** The largest response body, uncompressed (the bench asks for no encoding). */
  bytes: number;
  /** The app's highest resident memory while the page was requested. */
  peakRssMb: number;
  note?: string;
}

export interface ScaleCsvFigures {
  path: string;
  /** The Content-Encoding of the answer ("" for none). */
  encoding: string;
  status: number;
  ms: number;
  /** The file's bytes, decompressed. */
  bytes: number;
  /** The bytes that crossed the connection (compressed). */
  wireBytes: number;
  lines: number;
  /** CPU time of the app's process (user and system) while it exported. */
  cpuMs: number;
  /** MaxListenersExceededWarning lines the app wrote while it exported. */
  listenerWarnings: number;
  rssBeforeMb: number;
  peakRssMb: number;
  growthMb: number;
  note?: string;
}

export interface ScaleRun {
  database: DatabaseKind;
  size: ScaleSize;
  /** Null when a kept database was reused. */
  seed: SeedFigures | null;
  startupMs: number;
  pages: ScalePageFigures[];
  csv?: ScaleCsvFigures;
  /** The same export as a browser asks for it (Accept-Encoding: gzip, deflate, br). */
  csvCompressed?: ScaleCsvFigures;
}

interface Answer {
  status: number;
  ms: number;
  /** The body's bytes, decompressed. */
  bytes: number;
  wireBytes: number;
  encoding: string;
  lines: number;
  timedOut: boolean;
  body?: string;
}

const DECOMPRESSORS: Record<string, () => NodeJS.ReadWriteStream> = {
  br: createBrotliDecompress,
  gzip: createGunzip,
  deflate: createInflate,
};

/**
 * A GET as the signed-in admin. Without `acceptEncoding` nothing is compressed, so `bytes` is the
 * page's own size; with it, the answer is decompressed as it arrives, as a browser does. The body
 * is read as fast as it comes (flowing mode), never paused, so the app's pace is the only one.
 */
function get(url: string, cookie: string, capMs: number, keepBody: boolean, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const chunks: Buffer[] = [];
    let bytes = 0;
    let wireBytes = 0;
    let encoding = "";
    let lines = 0;
    let status = 0;
    let timedOut = false;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve({
        status,
        ms: performance.now() - startedAt,
        bytes,
        wireBytes,
        encoding,
        lines,
        timedOut,
        body: keepBody && bytes <= MAX_KEPT_HTML ? Buffer.concat(chunks).toString("utf8") : undefined,
      });
    };
    const headers: Record<string, string> = { Cookie: cookie, Accept: "text/html,*/*" };
    if (acceptEncoding) headers["Accept-Encoding"] = acceptEncoding;
    const sent = request(url, { headers, agent: false }, (response) => {
      status = response.statusCode ?? 0;
      encoding = String(response.headers["content-encoding"] ?? "");
      response.on("data", (chunk: Buffer) => (wireBytes += chunk.length));
      const decompress = DECOMPRESSORS[encoding]?.();
      const body = decompress ? response.pipe(decompress) : response;
      body.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
        if (keepBody && bytes <= MAX_KEPT_HTML) chunks.push(chunk);
      });
      body.on("end", done);
      body.on("error", done);
      response.on("error", done);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      sent.destroy();
      done();
    }, capMs);
    sent.on("close", () => clearTimeout(timer));
    sent.on("error", done);
    sent.end();
  });
}

/** The highest RSS of `pid` while `work` runs, sampled (VmHWM would also count what came before). */
async function withRssSampling<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = readMemory(pid).rssMb;
  const sample = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, readMemory(pid).rssMb);
    } catch {
      // The process is gone; the request reports it.
    }
  }, RSS_SAMPLE_MS);
  try {
    const result = await work();
    return { result, peakMb };
  } finally {
    clearInterval(sample);
  }
}

type PageStep =
  | { name: string; path: string }
  /** A link found on a page timed before: by its accessible name, or by its href. */
  | { name: string; on: string; link: { name: string } | { href: RegExp } };

const PAGE_STEPS: PageStep[] = [
  { name: "dashboard", path: "/admin" },
  { name: "orders", path: "/admin/orders" },
  { name: "orders pending", path: "/admin/orders?status=pending" },
  { name: "orders search", path: `/admin/orders?q=${encodeURIComponent(SEARCH_NAMES.orders)}` },
  { name: "orders last page", on: "/admin/orders", link: { name: "Last page" } },
  { name: "messages", path: "/admin/messages" },
  { name: "messages last page", on: "/admin/messages", link: { name: "Last page" } },
  { name: "messages search", path: `/admin/messages?q=${encodeURIComponent(SEARCH_NAMES.messages)}` },
  { name: "chats", path: "/admin/chats" },
  { name: "chats last page", on: "/admin/chats", link: { name: "Last page" } },
  { name: "chats search", path: `/admin/chats?q=${encodeURIComponent(SEARCH_NAMES.chats)}` },
  { name: "chats search, common", path: `/admin/chats?q=${encodeURIComponent(SEARCH_NAMES.chatsCommon)}` },
  { name: "chats search, absent", path: `/admin/chats?q=${encodeURIComponent(SEARCH_NAMES.chatsAbsent)}` },
  { name: "one conversation", on: "/admin/chats", link: { href: /[?&]session=/ } },
  { name: "services", path: "/admin/services" },
  // Admin → Insights: each period over 3 years of daily visit rows and the orders' and chats' days.
  { name: "insights 7 days", path: "/admin/insights?days=7" },
  { name: "insights 30 days", path: "/admin/insights?days=30" },
  { name: "insights 90 days", path: "/admin/insights?days=90" },
  { name: "insights 365 days", path: "/admin/insights?days=365" },
];

async function timePage(
  app: AppProcess,
  cookie: string,
  name: string,
  pagePath: string,
  requests: number,
  pages: Map<string, string>,
): Promise<ScalePageFigures> {
  const times: number[] = [];
  let failures = 0;
  let bytes = 0;
  let note: string | undefined;
  resetPeak(app.pid);
  const startedAt = performance.now();
  const { peakMb } = await withRssSampling(app.pid, async () => {
    for (let i = 0; i < requests; i++) {
      const answer = await get(app.baseUrl + pagePath, cookie, REQUEST_CAP_MS, true);
      times.push(answer.ms);
      bytes = Math.max(bytes, answer.bytes);
      if (answer.body && answer.status === 200) pages.set(pagePath, answer.body);
      if (answer.status !== 200 || answer.timedOut) failures++;
      if (answer.timedOut) {
        note = `gave up after a request of over ${REQUEST_CAP_MS / 1000} s`;
        break;
      }
      if (!app.running()) {
        note = `the app exited (${app.logTail()})`;
        break;
      }
      if (answer.status !== 200 && !note) note = `HTTP ${answer.status}`;
      if (performance.now() - startedAt > PAGE_BUDGET_MS && i < requests - 1) {
        note = `stopped after ${i + 1} requests (${PAGE_BUDGET_MS / 1000} s)`;
        break;
      }
    }
  });
  return {
    name,
    path: pagePath,
    requests: times.length,
    failures,
    medianMs: median(times),
    p90Ms: percentile(times, 90),
    bytes,
    peakRssMb: peakMb,
    note,
  };
}

/** A browser's Accept-Encoding: the compression middleware answers with brotli. */
const BROWSER_ENCODINGS = "gzip, deflate, br";

async function timeExport(
  app: AppProcess,
  cookie: string,
  pages: Map<string, string>,
  acceptEncoding?: string,
): Promise<ScaleCsvFigures> {
  const ordersHtml = pages.get("/admin/orders");
  const found = ordersHtml ? findLink(ordersHtml, app.baseUrl + "/admin/orders", { href: /export\.csv/ }) : null;
  // Every order: the export link without the list's filters.
  const csvPath = (found ?? "/admin/orders/export.csv").split("?")[0];
  const logBefore = app.log().length;
  const cpuBeforeMs = readCpuMs(app.pid);
  const rssBeforeMb = readMemory(app.pid).rssMb;
  const { result, peakMb } = await withRssSampling(app.pid, () =>
    get(app.baseUrl + csvPath, cookie, CSV_CAP_MS, false, acceptEncoding),
  );
  const cpuMs = readCpuMs(app.pid) - cpuBeforeMs;
  const listenerWarnings = app.log().slice(logBefore).split("MaxListenersExceededWarning").length - 1;
  return {
    path: csvPath,
    encoding: result.encoding,
    status: result.status,
    ms: result.ms,
    bytes: result.bytes,
    wireBytes: result.wireBytes,
    lines: result.lines,
    cpuMs,
    listenerWarnings,
    rssBeforeMb,
    peakRssMb: peakMb,
    growthMb: peakMb - rssBeforeMb,
    note: result.timedOut
      ? `cut after ${CSV_CAP_MS / 1000} s`
      : found || pages.size === 0
        ? undefined
        : "no export link found on /admin/orders",
  };
}

const notMeasured = (name: string, note: string): ScalePageFigures => ({
  name,
  path: null,
  requests: 0,
  failures: 0,
  medianMs: Number.NaN,
  p90Ms: Number.NaN,
  bytes: 0,
  peakRssMb: 0,
  note,
});

/** The app as the admin uses it; started again after a page that overwhelmed it. */
interface Session {
  app: AppProcess;
  cookie: string;
}

async function signedIn(app: AppProcess): Promise<Session> {
  const admin = new AdminBrowser(app.baseUrl);
  await admin.signIn(app.admin.username, app.admin.password);
  return { app, cookie: admin.cookie() };
}

async function benchAdminPages(
  first: AppProcess,
  requests: number,
  exportOnly: boolean,
  restart: () => Promise<AppProcess>,
): Promise<Pick<ScaleRun, "pages" | "csv" | "csvCompressed">> {
  let session = await signedIn(first);
  const pages = new Map<string, string>();
  const figures: ScalePageFigures[] = [];
  for (const step of exportOnly ? [] : PAGE_STEPS) {
    let pagePath: string | null;
    if ("path" in step) pagePath = step.path;
    else {
      const html = pages.get(step.on);
      pagePath = html ? findLink(html, session.app.baseUrl + step.on, step.link) : null;
    }
    if (pagePath === null) {
      const wanted = "on" in step ? ("name" in step.link ? `"${step.link.name}"` : String(step.link.href)) : "";
      figures.push(notMeasured(step.name, "on" in step ? `no link ${wanted} on ${step.on}` : "not found"));
      continue;
    }
    progress(`  ${step.name}: ${pagePath}`);
    const page = await timePage(session.app, session.cookie, step.name, pagePath, requests, pages);
    figures.push(page);
    // A request given up on (or a crash) leaves the app busy or gone: the next page starts afresh.
    if (page.failures > 0 && (page.note?.startsWith("gave up") || !session.app.running())) {
      progress("  starting the app again...");
      session = await signedIn(await restart());
    }
  }
  progress("  CSV export of every order...");
  await sleep(EXPORT_SETTLE_MS);
  const csv = await timeExport(session.app, session.cookie, pages);
  // A process keeps memory it has once used: the second export starts in a new one, as the first.
  progress("  starting the app again, then the CSV export of every order, compressed as a browser asks...");
  session = await signedIn(await restart());
  await sleep(EXPORT_SETTLE_MS);
  const csvCompressed = await timeExport(session.app, session.cookie, pages, BROWSER_ENCODINGS);
  return { pages: figures, csv, csvCompressed };
}

interface Prepared {
  target: AppTarget;
  seed: SeedFigures | null;
}

async function seedOrReuse(database: AppDatabase, size: ScaleSize, root: string): Promise<SeedFigures | null> {
  await migrate(database, readMigrations(path.join(root, "supabase", "migrations")));
  if ((await seededSize(database)) === size) return null;
  progress(`  seeding ${size}...`);
  const figures = await seedScale(database, size);
  progress(`  seeded in ${(figures.totalMs / 1000).toFixed(1)} s`);
  return figures;
}

/** A DATA_DIR seeded by PGlite in this process (closed before the app opens it). */
async function prepareEmbedded(size: ScaleSize, root: string, keep: boolean): Promise<Prepared> {
  const keptRoot = path.join(root, "bench", ".scale");
  // Kept outside git by the root .gitignore.
  if (keep) mkdirSync(keptRoot, { recursive: true });
  const dir = keep ? path.join(keptRoot, `embedded-${size}`) : mkdtempSync(path.join(tmpdir(), "agency-scale-"));
  const dataDir = path.join(dir, "data");
  const open = () => openDatabase({ dataDir, templateDir: path.join(root, "build", "pglite-template") });
  let database = await open();
  let seed: SeedFigures | null;
  try {
    if (keep && existsSync(path.join(dataDir, "pgdata", "PG_VERSION")) && (await seededSize(database)) !== size) {
      // A kept directory of another seeding (or a half one): start again from the template.
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      database = await open();
    }
    seed = await seedOrReuse(database, size, root);
  } finally {
    await database.close();
  }
  return {
    seed,
    target: {
      kind: "embedded",
      dataDir,
      cleanUp: async () => {
        if (!keep) rmSync(dir, { recursive: true, force: true });
      },
    },
  };
}

/** A database on DATABASE_URL's server, seeded over a connection of this process. */
async function preparePostgres(size: ScaleSize, root: string, serverUrl: string, keep: boolean): Promise<Prepared> {
  const name = keep ? `agency_bench_scale_${size}` : `agency_bench_scale_${size}_${Date.now()}`;
  const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const [{ exists }] = await server<[{ exists: boolean }]>`
    select exists (select 1 from pg_database where datname = ${name}) as exists`;
  if (!exists) await server.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await openDatabase({ databaseUrl, maxConnections: 2 });
  let seed: SeedFigures | null;
  try {
    const kept = await seededSize(database).catch(() => null);
    if (exists && kept !== size) {
      await database.close();
      await server.unsafe(`drop database "${name}" with (force)`);
      await server.unsafe(`create database "${name}"`);
      const fresh = await openDatabase({ databaseUrl, maxConnections: 2 });
      try {
        seed = await seedOrReuse(fresh, size, root);
      } finally {
        await fresh.close();
      }
    } else {
      seed = await seedOrReuse(database, size, root);
    }
  } finally {
    await database.close();
  }
  const scratch = mkdtempSync(path.join(tmpdir(), "agency-scale-"));
  return {
    seed,
    target: {
      kind: "postgres",
      dataDir: path.join(scratch, "data"),
      databaseUrl,
      cleanUp: async () => {
        rmSync(scratch, { recursive: true, force: true });
        if (!keep) await server.unsafe(`drop database if exists "${name}" with (force)`);
        await server.end();
      },
    },
  };
}

/** Every database at every size: seeded (or reused), then the admin pages timed on the build. */
export async function benchScale(
  options: BenchOptions,
  root: string,
  track: (app: AppProcess | undefined) => void,
): Promise<ScaleRun[]> {
  const runs: ScaleRun[] = [];
  for (const kind of options.databases) {
    for (const size of options.sizes) {
      progress(`Admin at scale: ${kind}, ${size}...`);
      const prepared =
        kind === "embedded"
          ? await prepareEmbedded(size, root, options.keep)
          : await preparePostgres(size, root, options.databaseUrl!, options.keep);
      // The data stays between restarts; it is removed (unless kept) once the run is over.
      const sameData: AppTarget = { ...prepared.target, cleanUp: async () => {} };
      const appRoot = options.app ? path.resolve(options.app) : root;
      let app = await launchApp(appRoot, sameData);
      track(app);
      const restart = async () => {
        await app.stop();
        app = await launchApp(appRoot, sameData);
        track(app);
        return app;
      };
      try {
        runs.push({
          database: kind,
          size,
          seed: prepared.seed,
          startupMs: app.startupMs,
          ...(await benchAdminPages(app, options.requests, options.exportOnly, restart)),
        });
      } finally {
        await app.stop();
        track(undefined);
        await prepared.target.cleanUp();
      }
    }
  }
  return runs;
}
