import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type PgliteThread, startPgliteThread } from "~/db/pglite-thread.server";
import { errorCode } from "~/lib/error-chain";

// The embedded database runs on a thread of its own, and the main thread calls it as
// it called PGlite. What drizzle, the migrator and the page cache's notifications rely on.

let dir: string;
let thread: PgliteThread;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "pglite-thread-"));
  thread = await startPgliteThread(path.join(dir, "pgdata"));
  await thread.exec(`
    create table items (id int primary key, name text not null, at timestamptz not null default now());
    create table pairs (a int, b int, constraint pairs_a unique (a) deferrable initially deferred);
  `);
});
afterAll(async () => {
  await thread?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's thread", () => {
  it("answers queries with parameters, in rows or arrays, and reads the types it is told as text", async () => {
    await thread.query("insert into items (id, name) values ($1, $2), ($3, $4)", [1, "one", 2, "two"]);
    const objects = await thread.query<{ id: number; name: string; at: Date }>("select * from items order by id");
    expect(objects.rows.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 1, name: "one" },
      { id: 2, name: "two" },
    ]);
    expect(objects.rows[0].at).toBeInstanceOf(Date);

    const TIMESTAMPTZ = 1184;
    const arrays = await thread.query<unknown[]>("select name, at from items where id = $1", [1], {
      rowMode: "array",
      parsers: { [TIMESTAMPTZ]: (value: string) => value },
    });
    expect(arrays.rows[0][0]).toBe("one");
    expect(arrays.rows[0][1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect((await thread.query("delete from items where id = 2")).affectedRows).toBe(1);
  });

  it("refuses a parameter that cannot cross threads, and answers the next query", async () => {
    await expect(thread.query("select $1::text", [() => "a function"])).rejects.toThrow(/could not be cloned/);
    expect((await thread.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("rejects with PostgreSQL's error fields, which the app reads (errorCode, the constraint)", async () => {
    const failure = await thread.query("insert into items (id, name) values (1, 'again')").catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toMatch(/duplicate key/);
    expect(errorCode(failure)).toBe("23505");
    expect(failure.constraint).toBe("items_pkey");
  });

  it("commits a transaction, and rolls one back when its function throws, rethrowing its error", async () => {
    const names = await thread.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (10, 'ten')");
      return (await tx.query<{ name: string }>("select name from items where id = 10")).rows;
    });
    expect(names).toEqual([{ name: "ten" }]);

    const thrown = new Error("changed my mind");
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (11, 'eleven')");
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    const { rows } = await thread.query("select id from items where id in (10, 11) order by id");
    expect(rows).toEqual([{ id: 10 }]);
  });

  it("rejects a transaction whose COMMIT fails, and keeps none of it", async () => {
    const failure = await thread
      .transaction(async (tx) => {
        await tx.query("insert into pairs values (1, 1), (1, 2)");
      })
      .catch((error) => error);
    expect(errorCode(failure)).toBe("23505");
    expect((await thread.query("select * from pairs")).rows).toEqual([]);
  });

  it("runs a query from outside an open transaction after it, never inside it", async () => {
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (20, 'twenty')");
      outside = thread.query("select count(*)::int as n from items where id = 20");
      await tx.query("update items set name = 'twenty!' where id = 20");
    });
    expect(await outside).toMatchObject({ rows: [{ n: 1 }] });
  });

  it("leaves the main thread free while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    try {
      await thread.query(
        "select count(*) from generate_series(1, 3000000) as s join generate_series(1, 1) as t on true",
      );
    } finally {
      clearInterval(timer);
    }
    const tookMs = performance.now() - started;
    expect(tookMs).toBeGreaterThan(50);
    // On the main thread the statement would have held every timer until it ended.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(tookMs / 5 / 4));
  });

  it("hands notifications to each listener until it stops listening", async () => {
    const heard: string[] = [];
    const alsoHeard: string[] = [];
    const unlisten = await thread.listen("thread_test", (payload) => heard.push(payload));
    const unlistenToo = await thread.listen("thread_test", (payload) => alsoHeard.push(payload));
    await thread.query("select pg_notify('thread_test', 'first')");
    await expect.poll(() => [heard, alsoHeard]).toEqual([["first"], ["first"]]);
    await unlisten();
    await thread.query("select pg_notify('thread_test', 'second')");
    await expect.poll(() => alsoHeard).toEqual(["first", "second"]);
    await unlistenToo();
    await thread.query("select pg_notify('thread_test', 'third')");
    await thread.query("select 1");
    expect(heard).toEqual(["first"]);
    expect(alsoHeard).toEqual(["first", "second"]);
  });

  it("says why when the database cannot be opened", async () => {
    const notADirectory = path.join(dir, "file");
    writeFileSync(notADirectory, "not a database");
    await expect(startPgliteThread(notADirectory)).rejects.toThrow(/\S/);
  });

  it("refuses queries once closed", async () => {
    const other = await startPgliteThread(path.join(dir, "other"));
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query("select 1")).rejects.toThrow(/database is closed/);
  });
});
