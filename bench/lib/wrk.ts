import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { z } from "zod";

export const WRK = "/usr/bin/wrk";

const REPORTER = readFileSync(new URL("./wrk-report.lua", import.meta.url), "utf8");

const WrkSummarySchema = z.object({
  requests: z.number(),
  duration_us: z.number(),
  bytes: z.number(),
  connect: z.number(),
  read: z.number(),
  write: z.number(),
  status: z.number(),
  timeout: z.number(),
  p50: z.number(),
  p90: z.number(),
  p99: z.number(),
  max: z.number(),
});

export interface LoadResult {
  requests: number;
  seconds: number;
  reqPerSec: number;
  /** NaN when no request was answered in time. */
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers with status 400 or above, and socket errors (connect, read, write, time-out). */
  errors: number;
}

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
}

export function wrkMissingMessage(): string | null {
  if (existsSync(WRK)) return null;
  return `wrk is not installed at ${WRK}: install it with \`sudo apt-get install -y wrk\` (Debian/Ubuntu) or \`brew install wrk\` (macOS, then link it to ${WRK}).`;
}

const run = promisify(execFile);

/** A closed-loop load: `connections` keep-alive connections, each sending its next request when the last is answered. */
export async function runWrk(
  request: LoadRequest,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-bench-wrk-"));
  try {
    const script = path.join(dir, "script.lua");
    const setup = request.method === "POST" ? `wrk.method = "POST"\nwrk.body = ${luaString(request.body ?? "")}\n` : "";
    writeFileSync(script, setup + REPORTER);
    const threads = Math.max(1, Math.min(2, availableParallelism()));
    const args = [
      `-t${threads}`,
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      // wrk leaves answers slower than its 2 s default out of the latencies: today's pages take longer.
      "--timeout",
      "30s",
      "-s",
      script,
      ...Object.entries(request.headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
      request.url,
    ];
    const { stdout } = await run(WRK, args, { maxBuffer: 1024 * 1024 });
    const line = stdout.split("\n").find((l) => l.startsWith("WRKJSON "));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const summary = WrkSummarySchema.parse(JSON.parse(line.slice("WRKJSON ".length)));
    const seconds = summary.duration_us / 1e6;
    const latencyMs = (us: number) => (summary.requests === 0 ? Number.NaN : us / 1000);
    return {
      requests: summary.requests,
      seconds,
      reqPerSec: summary.requests / seconds,
      p50Ms: latencyMs(summary.p50),
      p90Ms: latencyMs(summary.p90),
      p99Ms: latencyMs(summary.p99),
      maxMs: latencyMs(summary.max),
      errors: summary.status + summary.connect + summary.read + summary.write + summary.timeout,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** JSON's string syntax is Lua's for printable ASCII, which is all a form body holds once encoded. */
function luaString(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error("wrk request bodies must be printable ASCII (URL-encode them)");
  return JSON.stringify(text);
}
