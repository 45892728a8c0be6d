import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { expect, test as base } from "@playwright/test";
import postgres from "postgres";

import { type Db, openDatabase } from "~/db/client.server";

export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? "owner",
  password: process.env.E2E_ADMIN_PASSWORD ?? "owner-password-123",
};

export function e2eState(): {
  databaseUrl: string;
  dataDir: string;
  stripeUrl: string;
  stripeWebhookSecret: string;
  paypalWebhookId: string;
} {
  return JSON.parse(readFileSync(process.env.E2E_STATE_FILE!, "utf8"));
}

type WorkerFixtures = {
  /** The database the app under test uses, to check what it stored and to arrange data. */
  sql: postgres.Sql;
  /** The same database through the app's schema, for the factories of tests/support/factories.ts. */
  db: Db;
};

type TestFixtures = {
  /**
   * Public pages hydrate on the visitor's first interaction (app/lib/deferred-hydration.ts). Most
   * specs test the page as it is once hydrated, so their pages get a pointerdown as soon as the
   * document is read, as from a visitor who moves at once; the spec of the deferral turns it off.
   */
  interactAtLoad: boolean;
  /**
   * Signs the page's browser context in as an admin (the seeded owner unless told otherwise),
   * through the real login form action, without loading the login page.
   */
  login: (credentials?: { username: string; password: string }) => Promise<void>;
  /**
   * Holds a shared lock on the site settings for the whole test, for a test that reads prices in
   * dollars: the currency test (admin-orders.spec.ts) turns every price of the site into euros
   * while it holds the lock. A test that takes a site-settings lock of its own does not use it: an
   * exclusive one would wait for this one, and the pool has no third connection for its queries.
   */
  dollarPrices: void;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // npm run test:coverage (scripts/coverage.js) also counts the code the browser runs: the V8
  // coverage of the app's scripts the page loads during the test, navigations included.
  interactAtLoad: [true, { option: true }],
  context: async ({ context, javaScriptEnabled, interactAtLoad }, use) => {
    if (javaScriptEnabled && interactAtLoad) {
      await context.addInitScript(() =>
        document.addEventListener("DOMContentLoaded", () => window.dispatchEvent(new PointerEvent("pointerdown"))),
      );
    }
    await use(context);
    // The next test gets this context emptied (playwright.config.ts), but for what it was allowed.
    await context.clearPermissions();
  },
  page: async ({ page, javaScriptEnabled, baseURL }, use, testInfo) => {
    const directory = process.env.E2E_BROWSER_COVERAGE_DIR;
    if (!directory || !javaScriptEnabled) return use(page);
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await use(page);
    const scripts = await page.coverage.stopJSCoverage();
    mkdirSync(directory, { recursive: true });
    writeFileSync(
      path.join(directory, `${testInfo.testId}-${testInfo.retry}.json`),
      JSON.stringify({
        result: scripts
          .filter((script) => script.url.startsWith(`${baseURL}/assets/`))
          .map(({ url, scriptId, functions }) => ({ url, scriptId, functions })),
      }),
    );
  },
  login: async ({ page }, use) => {
    await use(async (credentials = ADMIN) => {
      // A kept-alive connection the server closes just as it is reused fails at once (ECONNRESET);
      // a browser then sends the request again on a new connection, and so does this.
      const post = () => page.request.post("/admin/login", { form: credentials, maxRedirects: 0 });
      const response = await post().catch((error: unknown) => {
        if (String(error).includes("ECONNRESET")) return post();
        throw error;
      });
      if (response.status() !== 302) {
        throw new Error(`Signing in as ${credentials.username} failed with status ${response.status()}`);
      }
      // Reading a page consumes the "Login successful" toast, which would otherwise cover the
      // first page's buttons (without JavaScript it stays until the next page).
      await page.request.get("/admin");
    });
  },
  dollarPrices: async ({ sql }, use) => {
    await withRecordLock(sql, "site_settings", () => use(), { shared: true });
  },
  sql: [
    async ({}, use) => {
      const sql = postgres(e2eState().databaseUrl, { max: 2, onnotice: () => {} });
      await use(sql);
      await sql.end();
    },
    { scope: "worker" },
  ],
  db: [
    async ({}, use) => {
      const database = await openDatabase({ databaseUrl: e2eState().databaseUrl, maxConnections: 2 });
      await use(database.db);
      await database.close();
    },
    { scope: "worker" },
  ],
});

/**
 * A chat message's row, once stored: the exchange is written just after the answer is sent
 * (docs/decisions/007-chat-writes-after-the-answer.md), so the page may show it first.
 */
export async function storedChatMessage(sql: postgres.Sql, message: string): Promise<postgres.Row> {
  await expect.poll(async () => (await sql`select 1 from chat_messages where message = ${message}`).length).toBe(1);
  const [row] = await sql`select * from chat_messages where message = ${message}`;
  return row;
}

const RECORD_LOCKS = { site_settings: 41_001, founder_info: 41_002, integrations: 41_003 } as const;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock for one single-record table. Saving one of
 * these forms writes every field as the page showed it, so two of these tests (or the same test in
 * the js and nojs projects) editing the record at once would overwrite each other's values.
 * `shared`: for a test that loads a page to check the record's defaults, which an editing test
 * changes for a while; readers do not wait for each other.
 */
export async function withRecordLock<T>(
  sql: postgres.Sql,
  table: keyof typeof RECORD_LOCKS | ReadonlyArray<keyof typeof RECORD_LOCKS>,
  fn: () => Promise<T>,
  { shared = false } = {},
): Promise<T> {
  // Several tables on one connection: the pool has no second one to spare for a nested lock.
  const keys = (typeof table === "string" ? [table] : table).map((name) => RECORD_LOCKS[name]);
  const connection = await sql.reserve();
  try {
    for (const key of keys) {
      if (shared) await connection`select pg_advisory_lock_shared(${key})`;
      else await connection`select pg_advisory_lock(${key})`;
    }
    return await fn();
  } finally {
    for (const key of keys) {
      if (shared) await connection`select pg_advisory_unlock_shared(${key})`;
      else await connection`select pg_advisory_unlock(${key})`;
    }
    connection.release();
  }
}

export { expect };
export { unique } from "../support/factories";
