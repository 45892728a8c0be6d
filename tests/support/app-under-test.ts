import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { type Db, openDatabase } from "~/db/client.server";

import { type RunningServer, startBuiltServer, stopBuiltServer } from "./built-server";
import { HttpVisitor } from "./http-visitor";
import { createPostgresDatabase, postgresUrl } from "./test-database";
import { POSTGRES_TEMPLATE_DB } from "./vitest-global-setup";

// The built server on a database of its own on the test PostgreSQL server, with a first super
// admin from ADMIN_USERNAME/ADMIN_PASSWORD, and a client on the same database to arrange rows and
// check what the server stored. For vitest files of the production project.

export const OWNER = { username: "owner", password: "owner-password-123" } as const;

// The secrets every instance on one database must share (startAnother gives them to the next).
const SESSION_SECRET = "app-under-test-session-secret-0123456789";
const SECRETS_KEY = "app-under-test-secrets-key-0123456789abcdef";

export interface Instance extends RunningServer {
  /** A new visitor without JavaScript, with a cookie jar of its own. */
  visitor: () => HttpVisitor;
  stop: () => Promise<void>;
}

export interface AppUnderTest extends Instance {
  /** The server's database. */
  db: Db;
  databaseUrl: string;
  /** A visitor signed in as `credentials` (the first super admin unless told otherwise). */
  signedIn: (credentials?: { username: string; password: string }) => Promise<HttpVisitor>;
  /**
   * Another instance of the app on the same database, with the same secrets and settings (`env`
   * added) and a DATA_DIR of its own: a second machine behind the same address.
   */
  startAnother: (env?: Record<string, string>) => Promise<Instance>;
}

/**
 * `databaseUrl`: an empty database elsewhere (a PostgreSQL server of the test's own), which the
 * server migrates and seeds as it starts; a migrated copy on the shared test server by default.
 */
export async function startAppUnderTest(
  env: Record<string, string> = {},
  { databaseUrl = "" }: { databaseUrl?: string } = {},
): Promise<AppUnderTest> {
  databaseUrl ||= postgresUrl(await createPostgresDatabase({ template: POSTGRES_TEMPLATE_DB }));
  const settings = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET,
    SECRETS_KEY,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    // The tests' webhooks listen on 127.0.0.1; a test of the guard passes "false".
    ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    ...env,
  };
  const server = await startInstance(settings);
  const database = await openDatabase({ databaseUrl, maxConnections: 2 });
  return {
    ...server,
    db: database.db,
    databaseUrl,
    async signedIn(credentials = OWNER) {
      const signed = server.visitor();
      await signed.signIn(credentials.username, credentials.password);
      return signed;
    },
    startAnother: (more = {}) => startInstance({ ...settings, ...more }),
    async stop() {
      await database.close();
      await server.stop();
    },
  };
}

/** The built server with `env` and a DATA_DIR of its own, removed when it stops. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-app-"));
  try {
    const server = await startBuiltServer({ ...env, DATA_DIR: dataDir });
    return {
      ...server,
      visitor: () => new HttpVisitor(server.url),
      async stop() {
        await stopBuiltServer(server);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
