import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { scheduleCheckpoints } from "~/db/pglite-checkpoints.server";

import { openPgliteCopy } from "../support/test-database";

// Crash safety: PGlite's single-user PostgreSQL never checkpoints by itself, so the
// app does, and a process killed later replays only the log written since.

const EVERY_MS = 50;

let client: PGlite;
let closeCopy: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ pglite: client, close: closeCopy } = await openPgliteCopy());
  await client.exec("create table checkpoint_probe (id serial primary key, pad text)");
});
afterAll(() => closeCopy?.());

/** Where the last checkpoint's replay would start, and where the log ends now, as byte positions. */
async function positions(): Promise<{ redo: bigint; end: bigint }> {
  const { rows } = await client.query<{ redo: string; end: string }>(
    "select (redo_lsn - '0/0')::text as redo, (pg_current_wal_lsn() - '0/0')::text as end from pg_control_checkpoint()",
  );
  return { redo: BigInt(rows[0].redo), end: BigInt(rows[0].end) };
}

async function write(): Promise<bigint> {
  await client.query("insert into checkpoint_probe (pad) select repeat('x', 500) from generate_series(1, 200)");
  return (await positions()).end;
}

describe("checkpoints of the embedded database", () => {
  it("moves the replay's start past what was written, and stops when told", async () => {
    const written = await write();
    expect((await positions()).redo).toBeLessThan(written);

    // The interval runs on a fake clock: each checkpoint is seen being asked for, and after stop()
    // any number of intervals can pass without waiting for them.
    const asked: Promise<unknown>[] = [];
    const counting: Pick<PGlite, "exec"> = {
      exec: (query) => {
        const done = client.exec(query);
        asked.push(done);
        return done;
      },
    };
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const stop = scheduleCheckpoints(counting, EVERY_MS);
      expect(asked).toHaveLength(0);
      vi.advanceTimersByTime(EVERY_MS);
      expect(asked).toHaveLength(1);
      await Promise.all(asked);
      expect((await positions()).redo).toBeGreaterThanOrEqual(written);
      stop();

      const redoAfterStop = (await positions()).redo;
      await write();
      vi.advanceTimersByTime(EVERY_MS * 10);
      expect(asked).toHaveLength(1);
      expect((await positions()).redo).toBe(redoAfterStop);
    } finally {
      vi.useRealTimers();
    }
  });
});
