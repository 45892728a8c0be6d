import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";

import { runCommand, type RunningServer, startBuiltServer, stopBuiltServer } from "../support/built-server";
import { freePort } from "../support/postgres-server";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";

// Starts the built server exactly as the README does (`npm start`), from a clean environment.
const NPM_START = { command: ["npm", "start"] };
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Sends SIGTERM to the whole group, as a container runtime would, and waits for node to exit. */
async function terminate(server: RunningServer): Promise<void> {
  expect(server.output()).toMatch(/"msg":"listening","pid":\d+/);
  await stopBuiltServer(server);
  expect(server.output()).toContain('"msg":"shutting down","signal":"SIGTERM"');
}

describe("the built server", () => {
  // Two cold starts of the embedded database: slow on a loaded two-core machine.
  it(
    "starts on the embedded database, serves the seeded home page, and stops cleanly",
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "agency-smoke-"));
      dirs.push(dataDir);
      const server = await startBuiltServer({ DATA_DIR: dataDir }, NPM_START);
      try {
        expect(server.output()).toMatch(/Username:\s+admin/);
        expect(server.output()).toMatch(/Password:\s+\S+/);
        const health = await fetch(`${server.url}/healthz`);
        expect(await health.json()).toEqual({ status: "ok" });
        const home = await fetch(server.url);
        expect(home.status).toBe(200);
        // The home page is kept by the page cache: its policy lists script hashes, not a nonce.
        expect(home.headers.get("content-security-policy")).toMatch(/^script-src 'sha256-/);
        const chat = await fetch(`${server.url}/chat`);
        expect(chat.headers.get("content-security-policy")).toMatch(/^script-src 'nonce-/);
        expect(await home.text()).toContain("FlowForge Automation");
        // The request log line is written when the response finishes, a moment after we read it.
        await expect.poll(server.output).toMatch(/"msg":"request","method":"GET","path":"\/"/);
      } finally {
        await terminate(server);
      }
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

      const again = await startBuiltServer({ DATA_DIR: dataDir }, NPM_START);
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
    const { code, stderr } = await runCommand(["npm", "start"], {
      NODE_ENV: "",
      PORT: String(port),
      DATABASE_URL: "mysql://nope",
    });
    expect(code).toBe(1);
    expect(stderr).toContain("Invalid configuration: DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("answers /healthz with 503 while PostgreSQL refuses connections", async () => {
    const name = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "agency-smoke-"));
    dirs.push(dataDir);
    const server = await startBuiltServer(
      {
        DATABASE_URL: postgresUrl(name),
        DATA_DIR: dataDir,
        SESSION_SECRET: "s".repeat(40),
        SECRETS_KEY: "k".repeat(40),
        ADMIN_USERNAME: "owner",
        ADMIN_PASSWORD: "owner-password",
      },
      NPM_START,
    );
    const admin = postgres(postgresUrl("postgres"), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`alter database ${name} allow_connections false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
      await admin.unsafe(`alter database ${name} allow_connections true`);
      // Back once a new connection is made: on a loaded machine, not always by the first check.
      await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 10_000 }).toBe(200);
    } finally {
      await admin.end();
      await terminate(server);
    }
  });
});
