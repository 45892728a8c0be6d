import { readFileSync } from "node:fs";
import { test as base, expect } from "@playwright/test";
import postgres from "postgres";

export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? "owner",
  password: process.env.E2E_ADMIN_PASSWORD ?? "owner-password-123",
};

function e2eState(): { databaseUrl: string; dataDir: string } {
  return JSON.parse(readFileSync(process.env.E2E_STATE_FILE!, "utf8"));
}

type WorkerFixtures = {
  /** The database the app under test uses, to check what it stored and to arrange data. */
  sql: postgres.Sql;
};

export const test = base.extend<object, WorkerFixtures>({
  sql: [
    async ({}, use) => {
      const sql = postgres(e2eState().databaseUrl, { max: 2, onnotice: () => {} });
      await use(sql);
      await sql.end();
    },
    { scope: "worker" },
  ],
});

export { expect };

export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
