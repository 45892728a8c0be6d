import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/postgres-server";
import { sleep } from "./http";
import { createFreshDatabase } from "./postgres";

export type DatabaseKind = "embedded" | "postgres";

export interface AppProcess {
  kind: DatabaseKind;
  baseUrl: string;
  pid: number;
  /** From spawn to the first healthy /healthz. */
  startupMs: number;
  admin: { username: string; password: string };
  stop: () => Promise<void>;
}

const START_TIMEOUT_MS = 120_000;
const ADMIN = { username: "bench", password: "bench-password-long" };

/**
 * The limits a visitor's address has, raised so the load measures the work and not the refusals
 * (app/lib/env.server.ts; docs/product.md §9). Everything else keeps its default.
 */
const RAISED_LIMITS = {
  ORDERS_PER_HOUR: "1000000000",
  CHAT_MESSAGES_PER_MINUTE: "1000000000",
  CONTACT_MESSAGES_PER_HOUR: "1000000000",
};

/**
 * The production build (`server.js` with build/) on a fresh database with demo content: a new
 * DATA_DIR for the embedded one, a new database on DATABASE_URL's server for Postgres. Only PATH
 * and HOME come from the bench's own environment, so nothing configured there changes the run.
 */
export async function startApp(kind: DatabaseKind, root: string, databaseUrl?: string): Promise<AppProcess> {
  const scratch = mkdtempSync(path.join(tmpdir(), "agency-bench-"));
  const database = kind === "postgres" ? await createFreshDatabase(databaseUrl!) : undefined;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(scratch, "server.log");
  const log = openSync(logFile, "w");
  const startedAt = performance.now();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: path.join(scratch, "data"),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...RAISED_LIMITS,
      ...(database ? { DATABASE_URL: database.url, SESSION_SECRET: "bench-session-secret-0123456789abcdef" } : {}),
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const cleanUp = async () => {
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  };
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await cleanUp();
  };

  try {
    await waitHealthy(baseUrl, exited);
  } catch (error) {
    const tail = readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n");
    await stop();
    throw new Error(`${(error as Error).message}\n--- last lines of the server's output ---\n${tail}`, {
      cause: error,
    });
  }
  return { kind, baseUrl, pid: child.pid!, startupMs: performance.now() - startedAt, admin: ADMIN, stop };
}

async function waitHealthy(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The app exited with code ${exitCode} during start-up.`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(100);
  }
  throw new Error(`The app did not answer /healthz within ${START_TIMEOUT_MS / 1000} s.`);
}
