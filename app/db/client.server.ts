import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";

import { errorCode } from "~/lib/error-chain";
import { log } from "~/lib/log.server";

import { acquireDirLock } from "./data-dir-lock.server";
import { scheduleAutovacuum } from "./pglite-autovacuum.server";
import { scheduleCheckpoints } from "./pglite-checkpoints.server";
import { clusterState } from "./pglite-control.server";
import { type PgliteThread, startPgliteThread } from "./pglite-thread.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL inside a transaction, for the migrator: the same calls on both drivers. */
export interface SqlRunner {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (simple query protocol). */
  exec(text: string): Promise<void>;
}

export interface AppDatabase {
  kind: "pglite" | "postgres";
  db: Db;
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: onNotify with each notification's payload, onListen whenever the
   * subscription is made (again, after postgres-js reconnects a dropped connection). Returns the unsubscribe.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Sees every statement sent to Postgres with its parameters (tests/integration/admin-queries-explain.test.ts). */
export type QueryObserver = (text: string, params: readonly unknown[]) => void;

export type DatabaseOptions =
  | { databaseUrl: string; maxConnections?: number; onQuery?: QueryObserver }
  | { dataDir: string; templateDir?: string }
  | { pglite: PGlite };

/** Where `npm run build` leaves the migrated PGlite data directory (scripts/build-db-template.ts). */
export function defaultTemplateDir(): string {
  return path.resolve("build/pglite-template");
}

export async function openDatabase(options: DatabaseOptions): Promise<AppDatabase> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl, options.maxConnections, options.onQuery);
  if ("pglite" in options) return wrapPglite(options.pglite);
  const pgDir = pgliteDir(options.dataDir);
  const releaseLock = lockDataDir(options.dataDir);
  try {
    copyTemplate(options.templateDir ?? defaultTemplateDir(), pgDir);
    mkdirSync(pgDir, { recursive: true });
    warnOfUncleanShutdown(pgDir);
    const client = await startPgliteThread(pgDir);
    const stopCheckpoints = scheduleCheckpoints(client);
    const stopAutovacuum = scheduleAutovacuum(client);
    const beforeClose = () => {
      stopCheckpoints();
      stopAutovacuum();
    };
    return wrapPglite(client, { beforeClose, afterClose: releaseLock });
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * A new database starts as a copy of the prebuilt template rather than from PGlite's initdb, which
 * takes seconds and leaves hundreds of MB resident. The copy is renamed into place so a crash
 * half-way leaves no half database. Without a template (development, no build) PGlite runs initdb.
 */
function copyTemplate(templateDir: string, pgDir: string): void {
  if (!existsSync(path.join(templateDir, "PG_VERSION"))) return;
  if (!isEmptyDir(pgDir)) return;
  const partial = `${pgDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(templateDir, partial, { recursive: true });
  rmSync(pgDir, { recursive: true, force: true });
  renameSync(partial, pgDir);
}

/**
 * A process killed with the database open (SIGKILL, the out-of-memory killer) leaves it "in
 * production": PostgreSQL replays its write-ahead log while PGlite opens it, which takes longer
 * the more was written since the last checkpoint. Said in the log, so a slow start has its reason.
 */
function warnOfUncleanShutdown(pgDir: string): void {
  const state = clusterState(pgDir);
  if (state === undefined || state === "shut down") return;
  log.warn("the embedded database was not shut down cleanly: PostgreSQL recovers it from its write-ahead log", {
    dataDir: path.dirname(pgDir),
    state,
  });
}

/** Where the embedded database keeps its files inside DATA_DIR (beside the lock, the secrets and the uploads). */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pgdata");
}

/** Whether DATA_DIR holds an embedded database already: anything in its pgdata. */
export function holdsDatabase(dataDir: string): boolean {
  return !isEmptyDir(pgliteDir(dataDir));
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Takes DATA_DIR's lock for this process (creating the directory); returns its release. Throws
 * DataDirInUseError while another process, a running site, holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  return acquireDirLock(path.join(dataDir, "pglite.lock"));
}

/** A PGlite of the caller's (tests, the migrator's template, a restore) or the site's, on its own thread. */
async function wrapPglite(
  client: PGlite | PgliteThread,
  hooks: { beforeClose?: () => void; afterClose?: () => void } = {},
): Promise<AppDatabase> {
  // Loaded here only, as PGlite is (pglite-options.server.ts): not in a site on PostgreSQL.
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  return {
    kind: "pglite",
    // drizzle calls the thread's client as it calls PGlite: query, and transaction for its own.
    db: drizzlePglite({ client: client as PGlite, schema }) as unknown as Db,
    transaction: (fn) =>
      (client as PgliteThread).transaction((tx) =>
        fn({
          query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
          exec: async (text) => {
            await tx.exec(text);
          },
        }),
      ),
    async listen(channel, onNotify, onListen) {
      const unsubscribe = await client.listen(channel, onNotify);
      onListen();
      return unsubscribe;
    },
    async close() {
      hooks.beforeClose?.();
      if (!client.closed) await client.close();
      hooks.afterClose?.();
    },
  };
}

// postgres-js waits this long, growing with each failed attempt, before a closed connection
// connects again: up to 20 s by default, which during an outage every query waits out before it
// fails, and which delays the recovery once the server is back. 1 s at most here.
const reconnectDelaySeconds = (attempts: number) => Math.min(0.05 * 2 ** attempts, 1);

function openPostgres(url: string, maxConnections = 10, onQuery?: QueryObserver): AppDatabase {
  const client = postgres(url, {
    max: maxConnections,
    backoff: reconnectDelaySeconds,
    debug: onQuery && ((_connection, text, params) => onQuery(text, params)),
    // Supabase's transaction pooler (port 6543) cannot keep prepared statements.
    prepare: false,
    onnotice: () => {},
    connection: { application_name: "agency-site" },
  });
  return {
    kind: "postgres",
    db: drizzlePostgres({ client, schema }) as unknown as Db,
    transaction: (fn) =>
      client.begin((tx) =>
        fn({
          query: async <Row>(text: string, params?: unknown[]) =>
            (await tx.unsafe(text, params as never[])) as unknown as Row[],
          exec: async (text) => {
            await tx.unsafe(text);
          },
        }),
      ) as Promise<never>,
    async listen(channel, onNotify, onListen) {
      const { unlisten } = await client.listen(channel, onNotify, onListen);
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

// The database cannot be reached: the connection was refused, dropped or timed out, the server
// is shutting down or starting up (57P0x), full (53300), or any connection exception (08xxx).
const UNAVAILABLE_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"));
}

// Those, and serialization failures and deadlocks: a second try usually succeeds. Anything else
// (a bad query, a constraint) would fail again.
const CONCURRENCY_CODES = new Set(["40001", "40P01"]);

export function isTransientDbError(error: unknown): boolean {
  return isDatabaseUnavailable(error) || CONCURRENCY_CODES.has(errorCode(error) ?? "");
}

const RETRY_DELAY_MS = 100;

/**
 * The spec's "one retry on a failed query", for reads only: a write might already have landed.
 * Only transient failures are retried; a bad query or a constraint would fail again.
 */
export async function withReadRetry<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isTransientDbError(error)) throw error;
  }
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  return read();
}

const globalDb = globalThis as typeof globalThis & { __appDatabase?: AppDatabase };

/** Installs the process-wide database (start-up does this; tests install their own). */
export function setDatabase(database: AppDatabase | undefined): void {
  globalDb.__appDatabase = database;
}

export function getDatabase(): AppDatabase {
  const database = globalDb.__appDatabase;
  if (!database) throw new Error("The database is not open yet: start-up has not run.");
  return database;
}

export function db(): Db {
  return getDatabase().db;
}

/**
 * Null when the database answers a query within `timeoutMs`; else why not, in words a public
 * health check may show: an error code or the wait, never an address or a message that could
 * carry one.
 */
export async function databaseProblem(timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`unreachable: no answer within ${timeoutMs} ms`), timeoutMs);
  });
  // Through then(): no database open (start-up, shutdown) is an answer too, not a throw.
  const answered = Promise.resolve()
    .then(() => db().execute(sql`select 1`))
    .then(
      () => null,
      (error: unknown) => {
        const code = errorCode(error) ?? "unknown error";
        return isDatabaseUnavailable(error) ? `unreachable: ${code}` : `failing: ${code}`;
      },
    );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
