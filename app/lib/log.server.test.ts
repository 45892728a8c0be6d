import { spawn } from "node:child_process";
import { Writable } from "node:stream";

import { afterEach, describe, expect, it, vi } from "vitest";

import { createLogger, requestLinesTo } from "./log.server";

/** A logger whose streams keep what pino wrote to them, line by line. */
function capturedLogger() {
  const written = { info: [] as string[], warn: [] as string[] };
  const keep = (lines: string[]) =>
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).trimEnd().split("\n"));
        callback();
      },
    });
  const info = keep(written.info);
  const log = createLogger({ info, warn: keep(written.warn), requests: requestLinesTo(info) });
  return { log, written };
}

/** What drizzle throws for a failed write: its message and `params` carry the values written. */
function failedQuery(secret: string) {
  const query = 'insert into "integrations" ("stripe_secret_key") values ($1)';
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${secret}`, { cause: new Error("disk full") }), {
    query,
    params: [secret],
  });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the log", () => {
  it("writes one JSON line a call, its level's name, the time and the message before the fields", () => {
    const { log, written } = capturedLogger();
    log.info("listening", { pid: 42, url: "http://127.0.0.1:3000" });
    log.request({ method: "GET", path: "/services", status: 200 });
    expect(written.info).toHaveLength(2);
    expect(written.info[0]).toMatch(/^\{"level":"info","time":"[^"]+","msg":"listening","pid":42,"url":/);
    const [listening, request] = written.info.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(new Date(String(listening.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(request).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/services", status: 200 });
  });

  it("writes a request line in the same shape, one line whatever its path holds", () => {
    const { log, written } = capturedLogger();
    log.request({
      method: "GET",
      path: '/a"b\n{"level":"error"}',
      status: 200,
      ms: 0.4,
      ip: "127.0.0.1",
      cache: "hit",
    });
    expect(written.info).toHaveLength(1);
    expect(written.info[0]).toMatch(
      /^\{"level":"info","time":"[^"]+","msg":"request","method":"GET","path":"\/a\\"b\\n\{\\"level\\":\\"error\\"\}","status":200,"ms":0.4,"ip":"127.0.0.1","cache":"hit"\}$/,
    );
    expect(new Date(JSON.parse(written.info[0]).time).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("writes info to one stream and warnings and errors to the other, each line once", () => {
    const { log, written } = capturedLogger();
    log.info("database ready");
    log.warn("request body refused", { status: 413 });
    log.error("render failed");
    expect(written.info.map((line) => JSON.parse(line).msg)).toEqual(["database ready"]);
    expect(written.warn.map((line) => JSON.parse(line))).toMatchObject([
      { level: "warn", msg: "request body refused", status: 413 },
      { level: "error", msg: "render failed" },
    ]);
  });

  it("writes a failed query's statement and its cause, never the values it carried, whatever the field", () => {
    const { log, written } = capturedLogger();
    const secret = "sk_live_LOGTEST0123456789abcdefSECRET";
    log.error("storing the integrations failed", { error: failedQuery(secret), retried: failedQuery(secret) });
    expect(written.warn).toHaveLength(1);
    expect(written.warn[0]).not.toContain(secret);
    const line = JSON.parse(written.warn[0]);
    for (const field of [line.error, line.retried]) {
      expect(field).toMatchObject({
        name: "Error",
        message: 'Failed query: insert into "integrations" ("stripe_secret_key") values ($1)',
        cause: { message: "disk full" },
      });
      expect(field.stack).toContain("log.server.test.ts");
    }
  });

  it("adds no exit listener when the module is loaded again, as the development server does on a change", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const before = process.listenerCount("exit");
    for (let load = 0; load < 3; load++) {
      vi.resetModules();
      await import("./log.server");
    }
    expect(process.listenerCount("exit")).toBe(before);
  });
});

describe("the request lines of a running server", () => {
  /** Runs `script` in a node process as the production server loads the log, and returns what it wrote. */
  function run(script: string): Promise<string> {
    const prelude = 'const { log } = await import("./app/lib/log.server.ts");';
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", prelude + script], {
      env: { PATH: process.env.PATH, NODE_ENV: "production" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    return new Promise((resolve) => child.on("exit", () => resolve(output)));
  }
  const requestLine = /"msg":"request","path":"\/services"/;

  it("are kept for a moment, and written at exit", async () => {
    const output = await run('log.request({ path: "/services" }); log.info("after"); process.exit(0);');
    expect(output.indexOf('"msg":"after"')).toBeGreaterThanOrEqual(0);
    expect(output.indexOf('"msg":"after"')).toBeLessThan(output.search(requestLine));
  });

  it("are written within a quarter second, so a crash loses no more than that", async () => {
    const output = await run(
      'log.request({ path: "/services" }); setTimeout(() => process.kill(process.pid, "SIGKILL"), 600);',
    );
    expect(output).toMatch(requestLine);
  });
});
