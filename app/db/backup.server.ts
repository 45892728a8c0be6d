import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";

import { dumpProblem } from "~/lib/sql-dump";

import {
  type AppDatabase,
  defaultTemplateDir,
  holdsDatabase,
  lockDataDir,
  openDatabase,
  pgliteDir,
} from "./client.server";

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
    const { createPglite } = await import("./pglite-options.server");
    const pg = await createPglite({ dataDir: pgliteDir(dataDir) });
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

/** Refuses a file that is not a dump made by dumpDataDir, before any of it runs. */
export function checkDump(dump: string): void {
  const problem = dumpProblem(dump);
  if (problem) throw new BackupError(`The file is not a backup this site can restore: ${problem}.`);
}

/** Where a restore builds the database before renaming it into place. */
export function partialRestoreDir(dataDir: string): string {
  return `${pgliteDir(dataDir)}.partial`;
}

/**
 * Loads a dump made by dumpDataDir into a new database in DATA_DIR, which must not hold one yet.
 * `accept` sees the loaded database and may refuse it by throwing. The database is built beside
 * pgdata and renamed into place only then, so a failure or a refusal leaves none behind.
 */
export async function restoreDataDir(
  dataDir: string,
  dump: string,
  accept: (database: AppDatabase) => Promise<void>,
): Promise<void> {
  checkDump(dump);
  const release = lockDataDir(dataDir);
  const pgDir = pgliteDir(dataDir);
  const partial = partialRestoreDir(dataDir);
  try {
    if (holdsDatabase(dataDir)) {
      throw new BackupError(
        `${dataDir} already holds a database: restore into an empty DATA_DIR, or move ${pgDir} away first.`,
      );
    }
    rmSync(partial, { recursive: true, force: true });
    // Like a new DATA_DIR (client.server.ts), a copy of the build's template rather than initdb,
    // which takes seconds and 800 MB where the site's machine may have 512 MB. Its schemas go, so
    // the dump creates them as they were, whatever migrations the template has.
    const templateDir = defaultTemplateDir();
    if (existsSync(path.join(templateDir, "PG_VERSION"))) cpSync(templateDir, partial, { recursive: true });
    else mkdirSync(partial, { recursive: true });
    const { createPglite } = await import("./pglite-options.server");
    const pg = await createPglite({ dataDir: partial });
    try {
      await pg.exec(BLANK_DATABASE);
      await load(pg, dump);
      await accept(await openDatabase({ pglite: pg }));
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

// Every schema but PostgreSQL's own dropped, and public made again as initdb makes it.
const BLANK_DATABASE = `
  DO $$
  DECLARE schema_name name;
  BEGIN
    FOR schema_name IN
      SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
    LOOP
      EXECUTE format('DROP SCHEMA %I CASCADE', schema_name);
    END LOOP;
  END $$;
  CREATE SCHEMA public AUTHORIZATION pg_database_owner;
  COMMENT ON SCHEMA public IS 'standard public schema';
  GRANT USAGE ON SCHEMA public TO PUBLIC;
`;

async function load(pg: PGlite, dump: string): Promise<void> {
  try {
    await pg.exec(dump);
    // The dump's settings last for the session, an empty search_path among them.
    await pg.exec("RESET ALL");
  } catch (error) {
    throw new BackupError(`The file is not a backup this site can restore: ${(error as Error).message}`, {
      cause: error,
    });
  }
  // Without its migrations table the site would migrate the restored tables again at start-up and fail.
  const { rows } = await pg.query<{ table: string | null }>(
    "select to_regclass('supabase_migrations.schema_migrations')::text as table",
  );
  if (!rows[0]?.table) {
    throw new BackupError(
      "The file holds no supabase_migrations.schema_migrations table: it is not a backup of this site.",
    );
  }
}
