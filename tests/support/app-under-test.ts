import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "~/db/client.server";
import { startBuiltServer, stopBuiltServer, type RunningServer } from "./built-server";
import { HttpVisitor } from "./http-visitor";
import { createPostgresDatabase, postgresUrl } from "./test-database";
import { POSTGRES_TEMPLATE_DB } from "./vitest-global-setup";

// The built server on a database of its own on the test PostgreSQL server, with a first super
// admin from ADMIN_USERNAME/ADMIN_PASSWORD, and a client on the same database to arrange rows and
// check what the server stored. For vitest files of the production project.

/** The key the app under test encrypts integration secrets with (a second instance needs the same). */
export const APP_SECRETS_KEY = "app-under-test-secrets-key-0123456789abcdef";

export const OWNER = { username: "owner", password: "owner-password-123" } as const;

export interface AppUnderTest extends RunningServer {
  /** The server's database. */
  db: Db;
  databaseUrl: string;
  /** A new visitor without JavaScript, with a cookie jar of its own. */
  visitor: () => HttpVisitor;
  /** A visitor signed in as `credentials` (the first super admin unless told otherwise). */
  signedIn: (credentials?: { username: string; password: string }) => Promise<HttpVisitor>;
  stop: () => Promise<void>;
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
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-app-"));
  const server = await startBuiltServer({
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: "app-under-test-session-secret-0123456789",
    SECRETS_KEY: APP_SECRETS_KEY,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    // The tests' webhooks listen on 127.0.0.1; a test of the guard passes "false".
    ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    ...env,
  });
  const database = await openDatabase({ databaseUrl, maxConnections: 2 });
  const visitor = () => new HttpVisitor(server.url);
  return {
    ...server,
    db: database.db,
    databaseUrl,
    visitor,
    async signedIn(credentials = OWNER) {
      const signed = visitor();
      await signed.signIn(credentials.username, credentials.password);
      return signed;
    },
    async stop() {
      await database.close();
      await stopBuiltServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
