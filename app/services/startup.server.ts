import { getDatabase, openDatabase, setDatabase } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { type Env, getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { resealEventWebhookSecrets } from "~/models/event-webhooks.server";
import { resealIntegrationSecrets } from "~/models/integrations.server";
import { pruneRateLimits } from "~/models/rate-limits.server";

import { seed } from "./seed.server";

/**
 * Everything the server does before it listens: validate the configuration, open the database,
 * apply migrations, seed an empty database. Throws with a clear message when something is wrong.
 * `templateDir` replaces the build's PGlite template (tests build their own).
 */
export async function start(env: Env = getEnv(), options: { templateDir?: string } = {}): Promise<Env> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR, templateDir: options.templateDir },
  );
  setDatabase(database);
  try {
    const applied = await migrate(database);
    if (applied.length > 0) log.info("migrations applied", { versions: applied });
    const result = await seed({
      adminUsername: env.ADMIN_USERNAME,
      adminPassword: env.ADMIN_PASSWORD,
      demoContent: env.SEED_DEMO_CONTENT,
    });
    if (result.seededContent) log.info("empty database seeded", { demoContent: env.SEED_DEMO_CONTENT });
    if (result.createdAdmin) log.info("first super admin created", { username: result.createdAdmin });
    if (result.generatedAdmin) printGeneratedAdmin(result.generatedAdmin);
    await pruneRateLimits();
    const resealed = await resealIntegrationSecrets();
    if (resealed > 0) log.info("integration secrets encrypted with the current SECRETS_KEY", { count: resealed });
    const resealedEvents = await resealEventWebhookSecrets();
    if (resealedEvents > 0) {
      log.info("event webhook secrets encrypted with the current SECRETS_KEY", { count: resealedEvents });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  log.info("database ready", { kind: database.kind, dataDir: database.kind === "pglite" ? env.DATA_DIR : undefined });
  return env;
}

export async function stop(): Promise<void> {
  let database;
  try {
    database = getDatabase();
  } catch {
    return;
  }
  setDatabase(undefined);
  await database.close();
  log.info("database closed", { kind: database.kind });
}

function printGeneratedAdmin({ username, password }: { username: string; password: string }): void {
  const lines = [
    "An admin account was created for this new database:",
    "",
    `  Sign in at /admin/login`,
    `  Username:  ${username}`,
    `  Password:  ${password}`,
    "",
    "Save the password now: it is stored hashed and will not be shown again.",
    "To reset it (a new password is printed): npm run admin -- --username " + username,
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = "=".repeat(width + 4);
  console.log(["", border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border, ""].join("\n"));
}
