// Run on demand: `npm run build && npm run bench [-- --seconds 5 --concurrency 10 --paths /,/services]`.
// Starts the built server on a fresh embedded database and prints start-up time, memory and
// request throughput/latency per path. Figures only; nothing here fails on a number.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../tests/support/postgres-server";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "10" },
    paths: { type: "string", default: "/,/healthz" },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const paths = values.paths!.split(",");

const dataDir = mkdtempSync(path.join(tmpdir(), "agency-bench-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const startedAt = performance.now();
const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password",
  },
  stdio: "ignore",
});

async function waitHealthy() {
  for (;;) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

try {
  await waitHealthy();
  console.log(
    `cold start on a new embedded database: ${Math.round(performance.now() - startedAt)} ms, RSS ${rssMb(server.pid!)} MB`,
  );
  for (const p of paths) {
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const t = performance.now();
          const response = await fetch(base + p).catch(() => null);
          if (!response?.ok) errors++;
          await response?.arrayBuffer();
          latencies.push(performance.now() - t);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(
      `${p.padEnd(12)} ${Math.round(latencies.length / seconds)} req/s  p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  errors ${errors}  (concurrency ${concurrency})`,
    );
  }
  console.log(`RSS after load: ${rssMb(server.pid!)} MB`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
