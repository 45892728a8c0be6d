import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPglite } from "~/db/pglite-options.server";
import { scheduleCheckpoints } from "~/db/pglite-checkpoints.server";

// Crash safety: PGlite's single-user PostgreSQL never checkpoints by itself, so the
// app does, and a process killed later replays only the log written since.

const EVERY_MS = 50;

let client: PGlite;
beforeAll(async () => {
  const dump = readFileSync(inject("pgliteTemplatePath"));
  client = await createPglite({ loadDataDir: new Blob([dump]) });
  await client.exec("create table checkpoint_probe (id serial primary key, pad text)");
});
afterAll(() => client?.close());

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

    const stop = scheduleCheckpoints(client, EVERY_MS);
    await expect.poll(async () => (await positions()).redo >= written, { timeout: 5000 }).toBe(true);
    stop();

    await new Promise((resolve) => setTimeout(resolve, EVERY_MS * 2));
    const redoAfterStop = (await positions()).redo;
    await write();
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS * 4));
    expect((await positions()).redo).toBe(redoAfterStop);
  });
});
