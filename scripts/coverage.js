// `npm run test:coverage`: lines and branches over app/ and server/, counting what every test
// ran. Vitest measures the code it loads itself; the servers that the production tests and
// Playwright start write V8 coverage of the built bundle (APP_V8_COVERAGE → NODE_V8_COVERAGE),
// which its source map turns back into app/ and server/ lines. Both are merged, reported as
// HTML and lcov in coverage/, and summed up per folder on the console.
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
const COUNTED = /^(app|server)\/|^server\.js$/;
const NOT_COUNTED = /\.test\.tsx?$|\/\+types\//;

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(RAW, { recursive: true });
const env = { APP_V8_COVERAGE: RAW };
const passed = [
  run("npm", ["run", "build"]),
  run("npx", ["vitest", "run", "--coverage.enabled", `--coverage.reportsDirectory=${path.join(OUT, "vitest")}`], env),
  run("npx", ["playwright", "test"], env),
].every(Boolean);

/** The built bundle's coverage, merged over every server process, as istanbul file coverage. */
async function builtServerCoverage() {
  const processes = readdirSync(RAW)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(readFileSync(path.join(RAW, file), "utf8")));
  const ours = (url) =>
    url.startsWith(pathToFileURL(path.join(ROOT, "build/server")).href) ||
    url === pathToFileURL(path.join(ROOT, "server.js")).href;
  const merged = mergeProcessCovs(processes.map((p) => ({ result: p.result.filter((script) => ours(script.url)) })));
  const map = libCoverage.createCoverageMap({});
  for (const script of merged.result) {
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

// server.js's development branch (Vite in middleware mode) never runs in a test.
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

const map = libCoverage.createCoverageMap(
  startKeyed(JSON.parse(readFileSync(path.join(OUT, "vitest", "vitest.json"), "utf8"))),
);
map.merge(startKeyed((await builtServerCoverage()).toJSON()));
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
