// `npm run test:coverage`: lines and branches over app/ and server/, counting what every test
// ran. Vitest measures the code it loads itself; the servers that the production tests and
// Playwright start write V8 coverage of the built bundle (APP_V8_COVERAGE → NODE_V8_COVERAGE),
// and Chromium's coverage of the client bundle is written per e2e test (E2E_BROWSER_COVERAGE_DIR,
// tests/e2e/fixtures.ts); the bundles' source maps turn both back into app/ and server/ lines.
// All are merged, reported as HTML and lcov in coverage/, and summed up per folder on the console.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { mergeProcessCovs } from "@bcoe/v8-coverage";
import astV8ToIstanbul from "ast-v8-to-istanbul";
import libCoverage from "istanbul-lib-coverage";
import libReport from "istanbul-lib-report";
import reports from "istanbul-reports";
import { parseAstAsync } from "vitest/node";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = path.join(ROOT, "coverage");
const RAW = path.join(OUT, "raw");
const BROWSER = path.join(OUT, "browser");
const COUNTED = /^(app|server)\/|^server\.js$/;
const NOT_COUNTED = /\.test\.tsx?$|\/\+types\//;

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(RAW, { recursive: true });
const env = { APP_V8_COVERAGE: RAW, E2E_BROWSER_COVERAGE_DIR: BROWSER };
const passed = [
  // Client source maps (vite.config.ts): only this build has them.
  run("npm", ["run", "build"], { CLIENT_COVERAGE_BUILD: "1" }),
  run("npx", ["vitest", "run", "--coverage.enabled", `--coverage.reportsDirectory=${path.join(OUT, "vitest")}`], env),
  run("npx", ["playwright", "test"], env),
].every(Boolean);

/** The built bundle's coverage, merged over every server process, as istanbul file coverage. */
function builtServerCoverage() {
  const ours = (url) => url.startsWith(pathToFileURL(path.join(ROOT, "build/server")).href);
  return toIstanbul(readProcessCovs(RAW).map((p) => ({ result: p.result.filter((script) => ours(script.url)) })));
}

/** The client bundle's coverage, merged over every e2e test, as istanbul file coverage. */
function browserCoverage() {
  const assets = path.join(ROOT, "build/client");
  // http://127.0.0.1:PORT/assets/x.js is build/client/assets/x.js, its map beside it.
  const local = (script) => ({ ...script, url: pathToFileURL(path.join(assets, new URL(script.url).pathname)).href });
  return toIstanbul(readProcessCovs(BROWSER).map((p) => ({ result: p.result.map(local) })));
}

function readProcessCovs(directory) {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), "utf8")));
}

/** V8 script coverage of bundled files (file: URLs) → istanbul coverage of their sources. */
async function toIstanbul(processes) {
  const map = libCoverage.createCoverageMap({});
  for (const script of mergeProcessCovs(processes).result) {
    const file = fileURLToPath(script.url);
    const code = readFileSync(file, "utf8");
    const sourceMap = existsSync(`${file}.map`) ? JSON.parse(readFileSync(`${file}.map`, "utf8")) : undefined;
    if (sourceMap) sourceMap.sources = sourceMap.sources.map((source) => new URL(source, script.url).href);
    const ast = await parseAstAsync(code);
    map.merge(
      await astV8ToIstanbul({
        code,
        sourceMap,
        ast,
        coverage: script,
        ignoreNode: (node) => (developmentOnly(node) ? "ignore-this-and-nested-nodes" : undefined),
      }),
    );
  }
  return map;
}

// server/main.ts's development branch (Vite in middleware mode) never runs in a test.
function developmentOnly(node) {
  return node.type === "IfStatement" && node.test.type === "Identifier" && node.test.name === "DEVELOPMENT";
}

/**
 * Vitest's conversion and the bundle's end some locations at different columns (or at none), and
 * istanbul merges items by location: keyed by where they start, each statement, function and
 * branch is counted once however it was measured.
 */
function startKeyed(data) {
  const trim = (range) => ({ start: range.start, end: { line: range.end.line, column: null } });
  for (const file of Object.values(data)) {
    for (const range of Object.values(file.statementMap)) Object.assign(range, trim(range));
    for (const fn of Object.values(file.fnMap)) Object.assign(fn, { loc: trim(fn.loc), decl: trim(fn.decl) });
    for (const branch of Object.values(file.branchMap)) {
      Object.assign(branch, { loc: trim(branch.loc), locations: branch.locations.map(trim) });
    }
  }
  return data;
}

/**
 * The server and the browser run the same components: a statement, function or branch both
 * bundles have is one item, its count the larger of the two (the browser's hydration re-runs
 * what the server rendered, so a sum would count one visit twice). Items only one of them has
 * (the client bundle drops server code, the server never runs effects) are added as they are.
 */
function mergeLargest(data, other) {
  const key = ({ start, end }) => `${start.line}|${start.column}|${end.line}|${end.column}`;
  const larger = (a, b) => (Array.isArray(a) ? a.map((hits, i) => Math.max(hits, b[i] ?? 0)) : Math.max(a, b));
  const kinds = [
    ["statementMap", "s", (item) => key(item)],
    ["fnMap", "f", (item) => key(item.loc)],
    ["branchMap", "b", (item) => key(item.locations[0])],
  ];
  for (const [file, theirs] of Object.entries(other)) {
    const ours = data[file];
    if (!ours) {
      data[file] = theirs;
      continue;
    }
    for (const [items, counts, keyOf] of kinds) {
      const byKey = new Map(Object.entries(ours[items]).map(([id, item]) => [keyOf(item), id]));
      let next = Object.keys(ours[items]).length;
      for (const [id, item] of Object.entries(theirs[items])) {
        const existing = byKey.get(keyOf(item));
        const sameShape = existing !== undefined && ours[items][existing].locations?.length === item.locations?.length;
        if (sameShape) {
          ours[counts][existing] = larger(ours[counts][existing], theirs[counts][id]);
        } else {
          ours[items][next] = item;
          ours[counts][next] = theirs[counts][id];
          next += 1;
        }
      }
    }
  }
  return data;
}

const serverSide = libCoverage.createCoverageMap(
  startKeyed(JSON.parse(readFileSync(path.join(OUT, "vitest", "vitest.json"), "utf8"))),
);
serverSide.merge(startKeyed((await builtServerCoverage()).toJSON()));
const map = libCoverage.createCoverageMap(
  mergeLargest(serverSide.toJSON(), startKeyed((await browserCoverage()).toJSON())),
);
map.filter((file) => {
  const relative = path.relative(ROOT, file);
  return COUNTED.test(relative) && !NOT_COUNTED.test(relative);
});

const context = libReport.createContext({ dir: OUT, coverageMap: map, defaultSummarizer: "nested" });
for (const name of ["html", "lcovonly", "json-summary"]) reports.create(name).execute(context);

/** app/routes/admin/x.tsx → app/routes; server/app.ts → server; app/root.tsx → app (root files). */
function folderOf(relative) {
  const parts = relative.split("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : parts.length === 2 ? parts[0] : relative;
}

const folders = new Map();
const total = libCoverage.createCoverageSummary();
for (const file of map.files()) {
  const summary = map.fileCoverageFor(file).toSummary();
  const folder = folderOf(path.relative(ROOT, file));
  if (!folders.has(folder)) folders.set(folder, libCoverage.createCoverageSummary());
  folders.get(folder).merge(summary);
  total.merge(summary);
}
const percent = (metric) => `${metric.pct.toFixed(1)}%`.padStart(7) + ` (${metric.covered}/${metric.total})`.padEnd(14);
const rows = [...folders].sort(([a], [b]) => a.localeCompare(b));
console.log(`\n${"folder".padEnd(18)}${"lines".padEnd(22)}branches`);
for (const [folder, summary] of [...rows, ["total", total]]) {
  console.log(`${folder.padEnd(18)}${percent(summary.lines).padEnd(22)}${percent(summary.branches)}`);
}
writeFileSync(
  path.join(OUT, "folders.json"),
  JSON.stringify(Object.fromEntries([...rows, ["total", total]].map(([f, s]) => [f, s.toJSON()])), null, 2),
);
console.log(
  `\nReport: coverage/index.html${passed ? "" : "\nSome tests failed: the figures above miss what they did not run."}`,
);
process.exitCode = passed ? 0 : 1;
