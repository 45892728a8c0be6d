import { randomBytes } from "node:crypto";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { errorCode } from "~/lib/error-chain";
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
   * LISTEN on a channel: onNotify for each notification, onListen whenever the subscription is
   * made (again, after postgres-js reconnects a dropped connection). Returns the unsubscribe.
   */
  listen(channel: string, onNotify: () => void, onListen: () => void): Promise<() => Promise<void>>;
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

// PostgreSQL's defaults size a server for a machine of its own: 128 MB of shared buffers alone,
// all inside PGlite's WebAssembly memory, which never shrinks once touched. This site's data is
// a few MB, so small buffers hold all of it.
const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
};

/**
 * How every PGlite of the app starts: PGlite's own start parameters plus ours (PGLITE_SETTINGS),
 * and the extensions the migrations create (pg_trgm for the admin's search).
 */
export function pgliteOptions(): PGliteOptions {
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
    ],
    extensions: { pg_trgm },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<AppDatabase> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl, options.maxConnections, options.onQuery);
  if ("pglite" in options) return wrapPglite(options.pglite, () => {});
  const pgDir = path.join(options.dataDir, "pgdata");
  mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = acquireDirLock(path.join(options.dataDir, "pglite.lock"));
  try {
    copyTemplate(options.templateDir ?? defaultTemplateDir(), pgDir);
    mkdirSync(pgDir, { recursive: true });
    const client = await PGlite.create({ ...pgliteOptions(), dataDir: pgDir });
    return wrapPglite(client, releaseLock);
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
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0) return;
  const partial = `${pgDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(templateDir, partial, { recursive: true });
  rmSync(pgDir, { recursive: true, force: true });
  renameSync(partial, pgDir);
}

function wrapPglite(client: PGlite, onClose: () => void): AppDatabase {
  return {
    kind: "pglite",
    db: drizzlePglite({ client, schema }) as unknown as Db,
    transaction: (fn) =>
      client.transaction((tx) =>
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
      if (!client.closed) await client.close();
      onClose();
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

const heldLocks = new Set<string>();

/**
 * PGlite does not lock its directory, and two processes writing one data directory corrupt it.
 * An exclusive lock file holding our pid stops a second server (or the admin command) from
 * opening the directory while the first runs. A lock left by a dead process is taken over; so is
 * one with our own pid but another token, left by an earlier run (containers reuse pids).
 */
function acquireDirLock(lockFile: string): () => void {
  const token = `${process.pid} ${randomBytes(8).toString("hex")}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, token);
      closeSync(fd);
      heldLocks.add(token);
      return () => {
        heldLocks.delete(token);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const existing = readFileSync(lockFile, "utf8").trim();
      const owner = Number(existing.split(" ")[0]);
      const inUse = owner === process.pid ? heldLocks.has(existing) : owner > 0 && isAlive(owner);
      if (inUse) {
        throw new Error(
          `The embedded database in ${path.dirname(lockFile)} is in use by process ${owner}. ` +
            "Stop that process first, or point DATA_DIR elsewhere.",
          { cause: error },
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
