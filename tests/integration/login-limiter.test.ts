import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db, openDatabase, setDatabase } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { clearLoginAttempts, countLoginAttempt } from "~/services/login-limiter.server";

import { BACKENDS, postgresUrl, uniqueName, useTestDatabase } from "../support/test-database";

const MAX = getEnv().LOGIN_MAX_FAILURES;

async function attempts(username: string, ip: string, times: number) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await countLoginAttempt(username, ip));
  return results;
}

describe.each(BACKENDS)("sign-in limiter on %s", (backend) => {
  useTestDatabase(backend);

  it(`allows ${MAX} attempts per username and address, then refuses until the window ends`, async () => {
    const username = uniqueName("user");
    const results = await attempts(username, "10.0.0.1", MAX + 1);
    expect(results.slice(0, MAX).every((r) => r.allowed)).toBe(true);
    const refused = results[MAX];
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(getEnv().LOGIN_WINDOW_MINUTES * 60 - 5);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(getEnv().LOGIN_WINDOW_MINUTES * 60);
  });

  it("counts each username and each address on its own, ignoring the username's case", async () => {
    const username = uniqueName("User");
    await attempts(username, "10.0.0.2", MAX);
    expect((await countLoginAttempt(username.toUpperCase(), "10.0.0.2")).allowed).toBe(false);
    expect((await countLoginAttempt(username, "10.0.0.3")).allowed).toBe(true);
    expect((await countLoginAttempt(uniqueName("other"), "10.0.0.2")).allowed).toBe(true);
  });

  it("starts again after a successful sign-in", async () => {
    const username = uniqueName("user");
    await attempts(username, "10.0.0.4", MAX - 1);
    await clearLoginAttempts(username, "10.0.0.4");
    const results = await attempts(username, "10.0.0.4", MAX);
    expect(results.every((r) => r.allowed)).toBe(true);
  });

  it("allows attempts again once the window has passed", async () => {
    const username = uniqueName("user");
    await attempts(username, "10.0.0.5", MAX + 1);
    const windowMs = getEnv().LOGIN_WINDOW_MINUTES * 60_000;
    await db().execute(
      sql`update rate_limits set window_started_at = now() - interval '1 minute' * ${getEnv().LOGIN_WINDOW_MINUTES + 1}
          where key like ${"login:10.0.0.5:%"}`,
    );
    // The window has passed for this process's clock too, which times the refusals it keeps in memory.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + windowMs + 60_000 });
    try {
      expect((await countLoginAttempt(username, "10.0.0.5")).allowed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses attempts sent all at once beyond the limit", async () => {
    const username = uniqueName("user");
    const results = await Promise.all(Array.from({ length: MAX + 3 }, () => countLoginAttempt(username, "10.0.0.6")));
    expect(results.filter((r) => r.allowed)).toHaveLength(MAX);
  });
});

describe.each(BACKENDS)("a key over its limit on %s", (backend) => {
  const database = useTestDatabase(backend);

  it("is refused from memory, with the database stopped", async () => {
    const key = uniqueName("blocked");
    await hitRateLimit(key, 2, 60_000);
    await hitRateLimit(key, 2, 60_000);
    expect((await hitRateLimit(key, 2, 60_000)).allowed).toBe(false);
    const username = uniqueName("user");
    await attempts(username, "10.0.0.8", MAX + 1);
    // Stopped: any query now fails, so what still answers answers from memory.
    await database().close();
    const refusals = await Promise.all(Array.from({ length: 1000 }, () => hitRateLimit(key, 2, 60_000)));
    for (const refused of refusals) {
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(55);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    const login = await countLoginAttempt(username, "10.0.0.8");
    expect(login.allowed).toBe(false);
    expect(login.retryAfterSeconds).toBeGreaterThan(getEnv().LOGIN_WINDOW_MINUTES * 60 - 5);
    await expect(hitRateLimit(uniqueName("other"), 2, 60_000)).rejects.toThrow();
  });
});

describe("sign-in limiter shared by several instances", () => {
  const database = useTestDatabase("postgres");

  it("holds across two app instances on one PostgreSQL database", async () => {
    // A second connection pool to the same database stands for a second instance of the app.
    const first = database();
    const name = await first.transaction(async (tx) => {
      const [row] = await tx.query<{ name: string }>("select current_database() as name");
      return row.name;
    });
    const second = await openDatabase({ databaseUrl: postgresUrl(name), maxConnections: 2 });
    try {
      const username = uniqueName("user");
      const results = [];
      for (let i = 0; i <= MAX; i++) {
        setDatabase(i % 2 === 0 ? first : second);
        results.push(await countLoginAttempt(username, "10.0.0.7"));
      }
      expect(results.slice(0, MAX).every((r) => r.allowed)).toBe(true);
      expect(results[MAX].allowed).toBe(false);
    } finally {
      setDatabase(first);
      await second.close();
    }
  });
});
