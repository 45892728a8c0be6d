import { fork } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { BackupError, checkDump, dumpDataDir, partialRestoreDir, restoreDataDir } from "~/db/backup.server";
import { setDatabase } from "~/db/client.server";
import { DataDirInUseError } from "~/db/data-dir-lock.server";
import { parseEnv } from "~/lib/env.server";
import { missingEventSecretKeyIds } from "~/models/event-webhooks.server";
import { missingSecretKeyIds } from "~/models/integrations.server";

// `npm run db:backup` and `npm run db:restore` (scripts/database.js), for the embedded database.
// PostgreSQL and Supabase have pg_dump and psql for this (docs/operations.md, "Backups").

const BACKUP_USAGE = `Write a SQL dump of the embedded database in DATA_DIR to FILE.

  npm run db:backup [-- FILE]

FILE must not exist yet; by default it is DATA_DIR/backups/backup-<date and time>.sql. Stop the
site first: the database's files are consistent only while a single process has them open.`;

/** How long a restore may run by default: a site's database loads in seconds to minutes. */
const RESTORE_TIME_LIMIT_SECONDS = 600;
const MAX_TIME_LIMIT_SECONDS = 2_147_483;

const RESTORE_USAGE = `Restore a dump made by npm run db:backup into a DATA_DIR that holds no database yet.

  npm run db:restore -- [--time-limit SECONDS] FILE

A restore still running after --time-limit seconds (default ${RESTORE_TIME_LIMIT_SECONDS}) is stopped, and nothing
is restored.

Integration secrets in the dump are encrypted with the old site's secrets key: give the new site
the same key (copy the old DATA_DIR/secrets-key into DATA_DIR, or set SECRETS_KEY) before
restoring. Then start the site as usual.`;

const STOP_THE_SITE =
  "Stop the site, run npm run db:backup, and start it again: a backup reads the database's files, " +
  "which is safe only while no server has them open.";

const ON_POSTGRES = (tool: string) =>
  `DATABASE_URL is set: this site's data is in PostgreSQL. Use ${tool} there (docs/operations.md, "Backups").`;

export async function runBackupCommand(argv: string[]): Promise<number> {
  const args = parseCommand(argv, BACKUP_USAGE);
  if (typeof args === "number") return args;
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) return refuse(ON_POSTGRES("pg_dump"));
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.resolve(args.positionals[0] ?? defaultBackupFile(dataDir));
  if (existsSync(file)) return refuse(`${file} exists already: name a new file.`);
  let dump;
  try {
    dump = await dumpDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) return refuse(`${error.message}\n${STOP_THE_SITE}`);
    if (error instanceof BackupError) return refuse(error.message);
    throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // Owner-only, like the secrets beside the database: the dump holds password hashes and
  // customers' contact details.
  writeFileSync(file, dump, { flag: "wx", mode: 0o600 });
  console.log(`Backed up the database in ${dataDir} to ${file} (${Math.ceil(dump.length / 1024)} kB).`);
  console.log(
    "Integration secrets in it are encrypted with the secrets key (SECRETS_KEY, or DATA_DIR/secrets-key " +
      "when that is unset): a restore needs that key, so keep a copy of it, stored apart from the backup.",
  );
  const uploads = path.join(dataDir, "uploads");
  if (existsSync(uploads) && readdirSync(uploads).length > 0) {
    console.log(`Chat uploads are files, not rows: copy ${uploads} along with the backup.`);
  }
  const images = path.join(dataDir, "images");
  if (existsSync(images) && readdirSync(images).length > 0) {
    console.log(`Uploaded images are files, not rows: copy ${images} along with the backup.`);
  }
  return 0;
}

/** Set in the process a restore runs in, which its parent stops at the time limit. */
const RESTORE_CHILD_ENV = "DB_RESTORE_CHILD";

export async function runRestoreCommand(argv: string[]): Promise<number> {
  const args = parseCommand(argv, RESTORE_USAGE, { timeLimit: true });
  if (typeof args === "number") return args;
  if (args.positionals.length !== 1) return usageError("Name the one backup file to restore.", RESTORE_USAGE);
  const limit = args.timeLimit;
  const seconds = limit === undefined ? RESTORE_TIME_LIMIT_SECONDS : Number(limit);
  // setTimeout takes at most 2^31 - 1 ms: a larger limit would fire at once.
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIME_LIMIT_SECONDS) {
    return usageError(
      `--time-limit must be a number of seconds above 0 and at most ${MAX_TIME_LIMIT_SECONDS}.`,
      RESTORE_USAGE,
    );
  }
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) return refuse(ON_POSTGRES("psql"));
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.resolve(args.positionals[0]);
  if (!existsSync(file)) return refuse(`${file} does not exist.`);
  const dump = readFileSync(file, "utf8");
  try {
    checkDump(dump);
  } catch (error) {
    if (error instanceof BackupError) return refuse(error.message);
    throw error;
  }
  if (process.env[RESTORE_CHILD_ENV]) return restoreInThisProcess(dataDir, file, dump);
  return restoreInChild(dataDir, file, seconds);
}

/**
 * The embedded database runs in the process's own thread, so nothing in it can stop a statement
 * that runs too long: the restore runs in a child process, killed at the limit, whose leftovers
 * (the partial database, its lock) are removed here.
 */
async function restoreInChild(dataDir: string, file: string, seconds: number): Promise<number> {
  const child = fork(process.argv[1], ["restore", file], {
    env: { ...process.env, [RESTORE_CHILD_ENV]: "1" },
    stdio: "inherit",
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, seconds * 1000);
  const code = await new Promise<number>((resolve) => child.on("exit", (exitCode) => resolve(exitCode ?? 1)));
  clearTimeout(timer);
  if (!timedOut) return code;
  rmSync(partialRestoreDir(dataDir), { recursive: true, force: true });
  removeLockOf(child.pid, dataDir);
  return refuse(
    `The restore did not finish within ${seconds} seconds and was stopped: nothing was restored into ${dataDir}. ` +
      "A backup made by npm run db:backup loads in minutes; to allow longer, give --time-limit SECONDS.",
  );
}

/** The lock file a killed restore left, when it is that process's. */
function removeLockOf(pid: number | undefined, dataDir: string): void {
  const lockFile = path.join(dataDir, "pglite.lock");
  try {
    const owner = JSON.parse(readFileSync(lockFile, "utf8")) as { pid?: number };
    if (owner.pid === pid) rmSync(lockFile, { force: true });
  } catch {
    // No lock, or not one this restore wrote: left as it is.
  }
}

async function restoreInThisProcess(dataDir: string, file: string, dump: string): Promise<number> {
  try {
    await restoreDataDir(dataDir, dump, async (database) => {
      setDatabase(database);
      try {
        const missing = [...new Set([...(await missingSecretKeyIds()), ...(await missingEventSecretKeyIds())])];
        if (missing.length === 0) return;
        throw new BackupError(
          `The backup's secrets (integrations, event webhooks) are encrypted with a key this site does not have (key id ` +
            `${missing.join(", ")}). Copy the old site's secrets key into ${path.join(dataDir, "secrets-key")}, ` +
            "or set SECRETS_KEY to it, then restore again.",
        );
      } finally {
        setDatabase(undefined);
      }
    });
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof BackupError) return refuse(error.message);
    throw error;
  }
  console.log(`Restored ${file} into ${dataDir}. Start the site as usual (npm start).`);
  return 0;
}

/** The file named and --time-limit, or the exit code when there is nothing more to do (help, a bad option). */
function parseCommand(
  argv: string[],
  usage: string,
  { timeLimit = false } = {},
): { positionals: string[]; timeLimit?: string } | number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { help: { type: "boolean" }, ...(timeLimit ? { "time-limit": { type: "string" as const } } : {}) },
      allowPositionals: true,
    });
  } catch (error) {
    return usageError((error as Error).message, usage);
  }
  if (parsed.values.help) {
    console.log(usage);
    return 0;
  }
  if (parsed.positionals.length > 1) return usageError("Name one file.", usage);
  const limit = (parsed.values as { "time-limit"?: string })["time-limit"];
  return { positionals: parsed.positionals, timeLimit: limit };
}

function defaultBackupFile(dataDir: string): string {
  // Without colons, which Windows forbids in file names and scp takes for a host's.
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return path.join(dataDir, "backups", `backup-${stamp}.sql`);
}

function usageError(message: string, usage: string): number {
  console.error(`${message}\n\n${usage}`);
  return 2;
}

function refuse(message: string): number {
  console.error(message);
  return 1;
}
