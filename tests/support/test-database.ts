import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";

import { type AppDatabase, type Db, db, openDatabase, setDatabase } from "~/db/client.server";
import { createPglite } from "~/db/pglite-options.server";
import { allConversationsWritten } from "~/services/chat/conversation-writes.server";

export const BACKENDS = ["pglite", "postgres"] as const;
export type Backend = (typeof BACKENDS)[number];

const TEMPLATE_DB = "app_template";

export function postgresUrl(database: string): string {
  const url = new URL(inject("postgresUrl"));
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A PGlite on a copy of the migrated template's data directory; `close` also deletes the copy.
 * Half the CPU of loading the same database from a tar dump into memory (0.7 s against 1.4).
 */
export async function openPgliteCopy(): Promise<{ pglite: PGlite; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-pglite-"));
  try {
    cpSync(inject("pgliteTemplateDir"), dir, { recursive: true });
    const pglite = await createPglite({ dataDir: dir });
    return {
      pglite,
      close: async () => {
        if (!pglite.closed) await pglite.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A new, migrated, empty database of the given kind. */
export async function createTestDatabase(backend: Backend): Promise<AppDatabase> {
  if (backend === "pglite") {
    const copy = await openPgliteCopy();
    const database = await openDatabase({ pglite: copy.pglite });
    return {
      ...database,
      close: async () => {
        await database.close();
        await copy.close();
      },
    };
  }
  const name = await createPostgresDatabase({ template: TEMPLATE_DB });
  return openDatabase({ databaseUrl: postgresUrl(name), maxConnections: 5 });
}

/** Creates a database on the test server (a copy of `template`, or empty) and returns its name. */
export async function createPostgresDatabase(options: { template?: string } = {}): Promise<string> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = postgres(inject("postgresUrl"), { onnotice: () => {}, max: 1 });
  try {
    // Two files copying the template at the same moment make Postgres refuse one; it retries.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name}${options.template ? ` template ${options.template}` : ""}`);
        return name;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes("being accessed by other users")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
}

/** Opens a fresh database for the enclosing describe block and installs it as the app's database. */
export function useTestDatabase(backend: Backend): () => AppDatabase {
  let database: AppDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    setDatabase(database);
  });
  afterAll(async () => {
    // A chat exchange still waiting for its batch belongs to this database, as shutdown's do.
    await allConversationsWritten();
    setDatabase(undefined);
    await database?.close();
  });
  return () => {
    if (!database) throw new Error("The test database is not open yet.");
    return database;
  };
}

export { unique as uniqueName } from "./factories";

/**
 * Makes every write to `table` fail with `message` until the returned function is called: a
 * database failure in the middle of an action, as a full disk or a dropped connection causes.
 * `database` is the app's own unless given (a built server's, for tests over HTTP).
 */
export async function breakWrites(table: string, message: string, database: Db = db()): Promise<() => Promise<void>> {
  const name = `break_writes_${table}`;
  await database.execute(
    sql.raw(
      `create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${message}'; end $$`,
    ),
  );
  await database.execute(
    sql.raw(
      `create trigger ${name} before insert or update or delete on ${table} for each row execute function ${name}()`,
    ),
  );
  return async () => {
    await database.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await database.execute(sql.raw(`drop function ${name}()`));
  };
}
