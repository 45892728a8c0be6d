import { spawn } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "../../tests/support/postgres-server";
import { sleep } from "./http";
import { createFreshDatabase } from "./postgres";

/**
 * The V8 flags, entry file and environment of `npm start` in `root`'s package.json (`cross-env
 * NAME=value node <flags> build/server/main.js`), so the bench measures the process production
 * runs, and an earlier checkout (--app) with its own (server.js there).
 */
function startCommand(root: string): { flags: string[]; entry: string; env: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const command = /^(?:cross-env\s+)?((?:\w+=\S*\s+)*)node\s+(.*?)\s*(\S+\.js)$/.exec(scripts.start ?? "");
  if (!command) throw new Error(`No "node <flags> <file>.js" in the start script of ${root}/package.json`);
  const env = Object.fromEntries(
    command[1]
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => [
        assignment.slice(0, assignment.indexOf("=")),
        assignment.slice(assignment.indexOf("=") + 1),
      ]),
  );
  return { flags: command[2].split(/\s+/).filter(Boolean), entry: command[3], env };
}

export type DatabaseKind = "embedded" | "postgres";

export interface AppProcess {
  kind: DatabaseKind;
  baseUrl: string;
  pid: number;
  /** From spawn to the first healthy /healthz. */
  startupMs: number;
  admin: { username: string; password: string };
  stop: () => Promise<void>;
  /** False once the process has exited (a page that ran it out of memory). */
  running: () => boolean;
  /** The last lines the server wrote, to say why it exited. */
  logTail: () => string;
  /** Everything the server has written so far (stdout and stderr). */
  log: () => string;
}

const START_TIMEOUT_MS = 120_000;
/** Signs the app's cookies on PostgreSQL: the live chat bench signs visitors' chat cookies with it. */
export const BENCH_SESSION_SECRET = "bench-session-secret-0123456789abcdef";
const ADMIN = { username: "bench", password: "bench-password-long" };

/**
 * The limits a visitor's address has, raised so the load measures the work and not the refusals
 * (app/lib/env.server.ts; docs/product.md §9). Everything else keeps its default.
 */
const RAISED_LIMITS = {
  // The live chat bench holds a thousand visitor streams from this one address.
  CHAT_STREAMS_PER_ADDRESS: "1000000",
  ORDERS_PER_HOUR: "1000000000",
  CHAT_MESSAGES_PER_MINUTE: "1000000000",
  CONTACT_MESSAGES_PER_HOUR: "1000000000",
};

/**
 * The production build (as `npm start` runs it) on a fresh database with demo content: a new
 * DATA_DIR for the embedded one, a new database on DATABASE_URL's server for Postgres. Only PATH
 * and HOME come from the bench's own environment, so nothing configured there changes the run.
 */
export async function startApp(
  kind: DatabaseKind,
  root: string,
  databaseUrl?: string,
  limits: "raised" | "deployed" = "raised",
): Promise<AppProcess> {
  const scratch = mkdtempSync(path.join(tmpdir(), "agency-bench-"));
  const database = kind === "postgres" ? await createFreshDatabase(databaseUrl!) : undefined;
  return launchApp(root, {
    kind,
    dataDir: path.join(scratch, "data"),
    databaseUrl: database?.url,
    deployedLimits: limits === "deployed",
    async cleanUp() {
      await database?.drop();
      rmSync(scratch, { recursive: true, force: true });
    },
  });
}

export interface AppTarget {
  kind: DatabaseKind;
  /** The embedded database's DATA_DIR (also where uploads go on Postgres). */
  dataDir: string;
  /** The Postgres database itself (not its server). */
  databaseUrl?: string;
  /** After the app has stopped: what to remove. */
  cleanUp: () => Promise<void>;
  /** The limits a deployment has by default, not RAISED_LIMITS: for the refusals' figures. */
  deployedLimits?: boolean;
}

/** The production build on a database prepared by the caller (`--scale` seeds it first). */
export async function launchApp(root: string, target: AppTarget): Promise<AppProcess> {
  const { kind, databaseUrl } = target;
  mkdirSync(target.dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(target.dataDir, "..", `server-${port}.log`);
  const log = openSync(logFile, "w");
  const startedAt = performance.now();
  const start = startCommand(root);
  const child = spawn(process.execPath, [...start.flags, start.entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...start.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: target.dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // The chat bench's webhook listens on 127.0.0.1.
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      ...(target.deployedLimits ? {} : RAISED_LIMITS),
      ...(databaseUrl
        ? {
            DATABASE_URL: databaseUrl,
            SESSION_SECRET: BENCH_SESSION_SECRET,
            SECRETS_KEY: "bench-secrets-key-0123456789abcdef-0123",
          }
        : {}),
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const logTail = (lines: number) => readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(logFile, { force: true });
    await target.cleanUp();
  };

  try {
    await waitHealthy(baseUrl, exited);
  } catch (error) {
    const tail = logTail(20);
    await stop();
    throw new Error(`${(error as Error).message}\n--- last lines of the server's output ---\n${tail}`, {
      cause: error,
    });
  }
  return {
    kind,
    baseUrl,
    pid: child.pid!,
    startupMs: performance.now() - startedAt,
    admin: ADMIN,
    stop,
    running: () => child.exitCode === null && child.signalCode === null,
    logTail: () => `${child.signalCode ?? `code ${child.exitCode}`}: ${logTail(3)}`,
    log: () => readFileSync(logFile, "utf8"),
  };
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
