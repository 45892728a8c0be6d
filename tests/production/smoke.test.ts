import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/postgres-server";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";

// Starts the built server exactly as the README does (`npm start`), from a clean environment.
const root = path.resolve(__dirname, "../..");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const { NODE_ENV: _n, SESSION_SECRET: _s, DATA_DIR: _d, ...inherited } = process.env;
  let output = "";
  const child = spawn("npm", ["start"], {
    cwd: root,
    detached: true,
    env: { ...inherited, PORT: String(port), HOST: "127.0.0.1", ...env },
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, url, output: () => output, exited };
}

/** Sends SIGTERM to the whole group, as a container runtime would, and waits for node to exit. */
async function terminate(server: Running): Promise<void> {
  const pid = Number(/"msg":"listening","pid":(\d+)/.exec(server.output())?.[1]);
  expect(pid).toBeGreaterThan(0);
  process.kill(-server.child.pid!, "SIGTERM");
  await server.exited;
  const deadline = Date.now() + 15_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error("the server did not exit after SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(server.output()).toContain('"msg":"shutting down","signal":"SIGTERM"');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the built server", () => {
  // Two cold starts of the embedded database: slow on a loaded two-core machine.
  it(
    "starts on the embedded database, serves the seeded home page, and stops cleanly",
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "agency-smoke-"));
      dirs.push(dataDir);
      const server = await startServer({ DATA_DIR: dataDir });
      try {
        expect(server.output()).toMatch(/Username:\s+admin/);
        expect(server.output()).toMatch(/Password:\s+\S+/);
        const health = await fetch(`${server.url}/healthz`);
        expect(await health.json()).toEqual({ status: "ok" });
        const home = await fetch(server.url);
        expect(home.status).toBe(200);
        expect(home.headers.get("content-security-policy")).toMatch(/script-src 'nonce-/);
        expect(await home.text()).toContain("FlowForge Automation");
        // The request log line is written when the response finishes, a moment after we read it.
        await expect.poll(server.output).toMatch(/"msg":"request","method":"GET","path":"\/"/);
      } finally {
        await terminate(server);
      }
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

      const again = await startServer({ DATA_DIR: dataDir });
      try {
        expect(again.output()).not.toMatch(/Password:/);
        expect(await (await fetch(again.url)).text()).toContain("FlowForge Automation");
      } finally {
        await terminate(again);
      }
    },
  );

  it("refuses to start with a clear message when the configuration is wrong", async () => {
    const port = await freePort();
    const child = spawn("npm", ["start"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "", PORT: String(port), DATABASE_URL: "mysql://nope" },
    });
    let output = "";
    child.stderr?.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration: DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("answers /healthz with 503 while PostgreSQL refuses connections", async () => {
    const name = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "agency-smoke-"));
    dirs.push(dataDir);
    const server = await startServer({
      DATABASE_URL: postgresUrl(name),
      DATA_DIR: dataDir,
      SESSION_SECRET: "s".repeat(40),
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "owner-password",
    });
    const admin = postgres(postgresUrl("postgres"), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`alter database ${name} allow_connections false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
      await admin.unsafe(`alter database ${name} allow_connections true`);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await admin.end();
      await terminate(server);
    }
  });
});
