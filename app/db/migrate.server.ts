import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

import { type AppDatabase, openDatabase } from "./client.server";

// We apply migrations ourselves and record them in the Supabase CLI's own table, so the app and
// `supabase db push` agree on what has been applied, whichever of the two ran first.
const MIGRATION_FILE = /^(\d{14})_(.+)\.sql$/;
// Any constant will do, as long as every instance of the app uses the same one.
const MIGRATION_LOCK_KEY = 727_100_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function defaultMigrationsDir(): string {
  return path.resolve("supabase/migrations");
}

export function readMigrations(dir = defaultMigrationsDir()): Migration[] {
  return readdirSync(dir)
    .map((file) => MIGRATION_FILE.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([file, version, name]) => ({
      version,
      name,
      sql: readFileSync(path.join(dir, file), "utf8"),
    }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/**
 * Applies pending migrations in one transaction. The transaction-scoped advisory lock makes a
 * second instance starting at the same moment wait, then find nothing left to do; it also works
 * through a transaction-mode pooler, where a session lock would not.
 * Returns the versions it applied.
 */
export async function migrate(database: AppDatabase, migrations = readMigrations()): Promise<string[]> {
  return database.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text not null primary key,
        statements text[],
        name text
      );
    `);
    const rows = await tx.query<{ version: string }>("select version from supabase_migrations.schema_migrations");
    const applied = new Set(rows.map((row) => row.version));
    const pending = migrations.filter((m) => !applied.has(m.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query(
        "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
        [migration.version, migration.name, splitStatements(migration.sql)],
      );
    }
    return pending.map((m) => m.version);
  });
}

function splitStatements(sql: string): string[] {
  return sql
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/**
 * Writes a migrated, empty PGlite data directory to `templateDir`, which a new DATA_DIR then starts
 * as a copy of (client.server.ts). Migrations added later are applied at start-up as usual.
 */
export async function buildTemplate(templateDir: string, migrations = readMigrations()): Promise<void> {
  const partial = `${templateDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const { createPglite } = await import("./pglite-options.server");
  const database = await openDatabase({ pglite: await createPglite({ dataDir: partial }) });
  try {
    await migrate(database, migrations);
  } finally {
    await database.close();
  }
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(partial, templateDir);
}
