import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { autovacuumOnce, scheduleAutovacuum } from "~/db/pglite-autovacuum.server";

import { openPgliteCopy } from "../support/test-database";

// PGlite's single-user PostgreSQL never vacuums or analyzes by itself, so the app does; without
// statistics the admin's searches were planned blind.

const MESSAGES = 20_000;
/** One sender in 2,000: ten of the messages, the kind of rare name an admin searches for. */
const SENDERS = 2_000;
/**
 * A bound of the statistics' histogram at PostgreSQL's default target (every row is sampled at
 * this size): there, one bound in a hundred is read as 1% of the table, 20 times its ten rows.
 */
const RARE_NAME = "Sender 1898";

let client: PGlite;
let closeCopy: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ pglite: client, close: closeCopy } = await openPgliteCopy());
  await client.exec(`
    insert into contact_messages (name, email, message, created_at)
    select 'Sender ' || (i % ${SENDERS}), 'sender' || i || '@example.com', 'Hello, about my order ' || i,
      now() - i * interval '1 minute'
    from generate_series(1, ${MESSAGES}) i`);
  // Activity counts reach pg_stat_user_tables when the backend flushes them, at most once a second.
  await client.exec("select pg_stat_force_next_flush()");
});
afterAll(() => closeCopy?.());

/** The plan of the Messages screen's search (app/models/contact-messages.server.ts) for `name`. */
async function searchPlan(name: string): Promise<string> {
  const { rows } = await client.query<{ "QUERY PLAN": string }>(
    `explain select * from contact_messages
     where lower(name || ' ' || email || ' ' || message) like '%' || lower($1) || '%'
     order by created_at desc, id desc limit 51`,
    [name],
  );
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe("autovacuum of the embedded database", () => {
  it("estimates a search for a rare name at a few times its rows, not at 1% of the table", async () => {
    await client.exec("analyze contact_messages");
    // The scan's estimate, whichever scan is chosen: its ten rows, not 1% of 20,000.
    const scan = (await searchPlan(RARE_NAME)).split("\n").find((line) => line.includes("Scan"));
    expect(Number(/rows=(\d+)/.exec(scan ?? "")?.[1])).toBeLessThanOrEqual(MESSAGES / SENDERS / 0.4);
  });

  it("vacuums and analyzes a table that changed, and then leaves it until it changes again", async () => {
    const upkeep = async () =>
      (
        await client.query<{ vacuums: number; analyzes: number }>(
          "select vacuum_count::int as vacuums, analyze_count::int as analyzes from pg_stat_user_tables where relname = 'contact_messages'",
        )
      ).rows;
    const [before] = await upkeep();

    expect(await autovacuumOnce(client)).toContain("public.contact_messages");
    await client.exec("select pg_stat_force_next_flush()");
    expect(await upkeep()).toEqual([{ vacuums: before.vacuums + 1, analyzes: before.analyzes + 1 }]);
    expect(await autovacuumOnce(client)).not.toContain("public.contact_messages");
    expect(await searchPlan(RARE_NAME)).toContain("contact_messages_search_idx");
  });

  it("analyzes a table never analyzed, though a restart lost the counts of what was written to it", async () => {
    await client.exec(
      "create table never_analyzed as select i from generate_series(1, 5000) i; select pg_stat_force_next_flush()",
    );
    // PGlite starts with no counts of activity, as this reset leaves them.
    await client.exec("select pg_stat_reset()");

    expect(await autovacuumOnce(client)).toContain("public.never_analyzed");
    const { rows } = await client.query<{ reltuples: number }>(
      "select reltuples from pg_class where relname = 'never_analyzed'",
    );
    expect(rows).toEqual([{ reltuples: 5000 }]);
    expect(await autovacuumOnce(client)).not.toContain("public.never_analyzed");
  });

  it("runs once a minute until stopped, one run at a time", async () => {
    const asked: string[] = [];
    const counting = {
      query: <Row>(sql: string) => {
        asked.push(sql);
        return client.query<Row>(sql);
      },
      exec: (sql: string) => client.exec(sql),
    };
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const stop = scheduleAutovacuum(counting, 60_000);
      vi.advanceTimersByTime(59_999);
      expect(asked).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(asked).toHaveLength(1);
      stop();
      vi.advanceTimersByTime(600_000);
      expect(asked).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
