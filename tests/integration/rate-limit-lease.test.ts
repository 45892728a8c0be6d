import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { takeFromRateLimit } from "~/models/rate-limits.server";
import { hitLeasedRateLimit } from "~/services/rate-limit-lease.server";

import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

// The chat's limit (app/services/rate-limit-lease.server.ts): hits taken from the shared counter
// a block at a time and handed out by this instance. tests/production/two-instances.test.ts counts
// it across two real processes.

const MINUTE = 60_000;

async function countedHits(key: string): Promise<number | undefined> {
  const [row] = await db().select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, key));
  return row?.hits;
}

async function hits(key: string, times: number, limit: number, windowMs = MINUTE) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await hitLeasedRateLimit(key, limit, windowMs));
  return answers;
}

describe.each(BACKENDS)("a leased rate limit on %s", (backend) => {
  useTestDatabase(backend);

  it("allows the limit, then refuses with the rest of the window as Retry-After", async () => {
    const answers = await hits(uniqueName("lease"), 25, 20);
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(20);
    for (const refused of answers.slice(20)) {
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("takes a block from the database at a time, and the next as the last is handed out", async () => {
    const key = uniqueName("lease");
    await hits(key, 1, 20);
    expect(await countedHits(key)).toBe(5);
    await hits(key, 4, 20);
    await expect.poll(() => countedHits(key)).toBe(10);
    await hits(key, 4, 20);
    expect(await countedHits(key)).toBe(10);
  });

  it("shares one take among messages that arrive at once, wasting none of the limit", async () => {
    const key = uniqueName("lease");
    const answers = await Promise.all(Array.from({ length: 30 }, () => hitLeasedRateLimit(key, 20, MINUTE)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(20);
    // Four blocks and the one that found the window full, not a block for each message.
    expect(await countedHits(key)).toBe(25);
  });

  it("never grants past the limit while another instance takes from the same counter", async () => {
    const key = uniqueName("lease");
    let ours = 0;
    let theirs = 0;
    for (let i = 0; i < 30; i++) {
      if ((await hitLeasedRateLimit(key, 20, MINUTE)).allowed) ours++;
      theirs += (await takeFromRateLimit(key, 1, 20, MINUTE)).granted;
    }
    expect(ours + theirs).toBeLessThanOrEqual(20);
    // What this instance holds unused is lost to the other: a block at most.
    expect(ours + theirs).toBeGreaterThanOrEqual(15);
    expect(ours).toBeGreaterThan(0);
    expect(theirs).toBeGreaterThan(0);
  });

  it("forgets what it holds when the window ends, and takes anew", async () => {
    const key = uniqueName("lease");
    const first = await hits(key, 9, 8, 1000);
    expect(first.map((answer) => answer.allowed)).toEqual([true, true, true, true, true, true, true, true, false]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await hitLeasedRateLimit(key, 8, 1000)).allowed).toBe(true);
  });
});
