import { mkdirSync, renameSync, rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { holdsDatabase, lockDataDir, pgliteDir, pgliteOptions } from "./client.server";

// A backup of the embedded database is a plain SQL dump made by PostgreSQL's own pg_dump (compiled
// to WebAssembly in @electric-sql/pglite-tools): the schema, every row, the migrations table and
// each sequence's position, readable by PGlite and by psql alike. Both directions hold DATA_DIR's
// lock: PGlite's files are consistent only while a single process has them open, so a running
// site must be stopped first (client.server.ts, acquireDirLock).

/** A refusal or failure the operator can act on; its message says what to do. */
export class BackupError extends Error {
  name = "BackupError";
}

export async function dumpDataDir(dataDir: string): Promise<string> {
  if (!holdsDatabase(dataDir)) throw new BackupError(`There is no database in ${dataDir} to back up.`);
  const release = lockDataDir(dataDir);
  try {
    const pg = await PGlite.create({ ...pgliteOptions(), dataDir: pgliteDir(dataDir) });
    try {
      // Loaded here only: the server never needs pg_dump's WebAssembly in its memory.
      const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
      // Without owners and grants the dump restores as whichever role runs it: PGlite's, a
      // Supabase project's postgres, any PostgreSQL user.
      const dump = await pgDump({ pg, args: ["--no-owner", "--no-privileges"] });
      return await dump.text();
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
}

/**
 * Loads a dump made by dumpDataDir into a new database in DATA_DIR, which must not hold one yet.
 * `beforeLoad` runs under the lock once DATA_DIR is known to be free, and may refuse by throwing.
 * The database is built beside pgdata and renamed into place, so a failure leaves none behind.
 */
export async function restoreDataDir(dataDir: string, dump: string, beforeLoad: () => void): Promise<void> {
  const release = lockDataDir(dataDir);
  const pgDir = pgliteDir(dataDir);
  const partial = `${pgDir}.partial`;
  try {
    if (holdsDatabase(dataDir)) {
      throw new BackupError(
        `${dataDir} already holds a database: restore into an empty DATA_DIR, or move ${pgDir} away first.`,
      );
    }
    beforeLoad();
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    // A fresh initdb rather than the build's template: the dump creates the schema itself, as it was.
    const pg = await PGlite.create({ ...pgliteOptions(), dataDir: partial });
    try {
      await load(pg, dump);
    } finally {
      await pg.close();
    }
    rmSync(pgDir, { recursive: true, force: true });
    renameSync(partial, pgDir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

async function load(pg: PGlite, dump: string): Promise<void> {
  try {
    await pg.exec(dump);
  } catch (error) {
    throw new BackupError(`The file is not a backup this site can restore: ${(error as Error).message}`, {
      cause: error,
    });
  }
  // Without its migrations table the site would migrate the restored tables again at start-up and fail.
  const { rows } = await pg.query<{ table: string | null }>(
    "select to_regclass('supabase_migrations.schema_migrations')::text as table",
  );
  if (!rows[0].table) {
    throw new BackupError(
      "The file holds no supabase_migrations.schema_migrations table: it is not a backup of this site.",
    );
  }
}
