import { eq, lt, sql } from "drizzle-orm";

import { type Db, db } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared.server";
import { rateLimits } from "~/db/schema";

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/** Keys this instance has seen refused, held at once; the oldest is dropped past this (it asks the database again). */
const MAX_BLOCKED_KEYS = 10_000;

/**
 * Refusals of one key in one window after which its posts are a script's, not a person's: a
 * person told to wait does not send the same form ten more times (docs/decisions/029-repeated-refusals.md).
 */
export const REPEATED_REFUSALS = 10;

interface Block {
  /** When the key's window ends (Date.now() time). */
  until: number;
  /** How often this instance has refused the key in the window. */
  refusals: number;
}

/**
 * Keys over their limit, per database (the counter they were read from). A fixed window refuses
 * every hit until it ends, so this instance refuses them from memory without asking the database,
 * which stays the one counter: another instance finds the key full at its first hit and blocks it too.
 */
const blocksByDatabase = new WeakMap<Db, Map<string, Block>>();

function blocks(): Map<string, Block> {
  const database = db();
  let blocked = blocksByDatabase.get(database);
  if (!blocked) {
    blocked = new Map();
    blocksByDatabase.set(database, blocked);
  }
  return blocked;
}

/** The key's block while its window lasts, with the seconds left; an ended one is forgotten. */
function currentBlock(key: string): { block: Block; retryAfterSeconds: number } | null {
  const blockedUntil = blocks();
  const block = blockedUntil.get(key);
  if (block === undefined) return null;
  const leftMs = block.until - Date.now();
  if (leftMs <= 0) {
    blockedUntil.delete(key);
    return null;
  }
  return { block, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
}

/** The refusal of a key this instance knows to be over its limit, or null: no query involved. */
export function refusedFromMemory(key: string, limit: number): RateLimitResult | null {
  const current = currentBlock(key);
  if (!current) return null;
  current.block.refusals++;
  return { allowed: false, hits: limit + 1, retryAfterSeconds: current.retryAfterSeconds };
}

/**
 * The seconds until `key`'s window ends once this instance has refused it REPEATED_REFUSALS times
 * in it, else null: its next posts can be refused before anything else is done for them.
 */
export function refusedRepeatedly(key: string): number | null {
  const current = currentBlock(key);
  return current && current.block.refusals >= REPEATED_REFUSALS ? current.retryAfterSeconds : null;
}

function block(key: string, remainingSeconds: number): void {
  const blockedUntil = blocks();
  // Posts sent together all reach the database before the first refusal is known: each is one more.
  const refusals = (currentBlock(key)?.block.refusals ?? 0) + 1;
  blockedUntil.delete(key);
  blockedUntil.set(key, { until: Date.now() + remainingSeconds * 1000, refusals });
  if (blockedUntil.size > MAX_BLOCKED_KEYS) blockedUntil.delete(blockedUntil.keys().next().value!);
}

/**
 * Counts one hit against `key` in a fixed window and says whether it is within `limit`.
 * The counter lives in the database, so every instance of the app shares it, and a single
 * upsert keeps concurrent hits from being lost. Once refused, the key is refused from memory
 * until its window ends: a flood of refusals costs no database write each.
 */
export async function hitRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const refused = refusedFromMemory(key, limit);
  if (refused) return refused;
  const [row] = await countStatement().execute({ key, amount: 1, windowSeconds: windowMs / 1000 });
  const result = toResult(row.hits, limit, row.remainingSeconds, true);
  if (!result.allowed) block(key, row.remainingSeconds);
  return result;
}

/**
 * Counts `amount` hits against `key` at once, for an instance that hands them out itself
 * (app/services/rate-limit-lease.server.ts), and says how many of them the window still had room
 * for: never more than `limit` across every instance. All are counted, as a refused hit is.
 */
export async function takeFromRateLimit(
  key: string,
  amount: number,
  limit: number,
  windowMs: number,
): Promise<{ granted: number; remainingSeconds: number }> {
  const [row] = await countStatement().execute({ key, amount, windowSeconds: windowMs / 1000 });
  const before = row.hits - amount;
  return { granted: Math.max(0, Math.min(amount, limit - before)), remainingSeconds: row.remainingSeconds };
}

// Every form post counts, and every block of chat messages: built once (app/db/prepared.server.ts).
const countStatement = preparedStatement((database) => {
  const amount = sql.placeholder("amount");
  const windowSeconds = sql.placeholder("windowSeconds");
  const expired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  return database
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), windowStartedAt: sql`now()`, hits: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then ${amount} else ${rateLimits.hits} + ${amount} end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      remainingSeconds: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::float8`,
    })
    .prepare("count_rate_limit");
});

/** How many hits `key` has in its current window, without adding one. */
export async function peekRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const windowSeconds = windowMs / 1000;
  const [row] = await db()
    .select({
      hits: rateLimits.hits,
      remainingSeconds: sql<number>`extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now()))::float8`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.remainingSeconds <= 0) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  return toResult(row.hits, limit, row.remainingSeconds, false);
}

/**
 * Adds `amount` to `key`'s count in a fixed window (bytes, say, rather than hits) if the total
 * stays within `limit`; otherwise adds nothing and says so. One conditional upsert, so concurrent
 * additions from every instance can never pass the limit together.
 */
export async function addToRateLimit(
  key: string,
  amount: number,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  const windowSeconds = windowMs / 1000;
  if (amount <= limit) {
    const expired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
    const [row] = await db()
      .insert(rateLimits)
      .values({ key, windowStartedAt: sql`now()`, hits: amount })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then ${amount} else ${rateLimits.hits} + ${amount} end`,
          windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
        },
        setWhere: sql`${expired} or ${rateLimits.hits} + ${amount} <= ${limit}`,
      })
      .returning({ hits: rateLimits.hits });
    if (row) return { allowed: true, hits: row.hits, retryAfterSeconds: 0 };
  }
  const [current] = await db()
    .select({
      hits: rateLimits.hits,
      remainingSeconds: sql<number>`extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now()))::float8`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  const remainingSeconds = current && current.remainingSeconds > 0 ? current.remainingSeconds : windowSeconds;
  return { allowed: false, hits: current?.hits ?? 0, retryAfterSeconds: Math.max(1, Math.ceil(remainingSeconds)) };
}

/** Takes back what addToRateLimit added, when what it was counted for did not happen after all. */
export async function subtractFromRateLimit(key: string, amount: number): Promise<void> {
  await db()
    .update(rateLimits)
    .set({ hits: sql`greatest(0, ${rateLimits.hits} - ${amount})` })
    .where(eq(rateLimits.key, key));
}

export async function resetRateLimit(key: string): Promise<void> {
  blocks().delete(key);
  await db().delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops counters whose window ended long ago; run at start-up. */
export async function pruneRateLimits(olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`));
}

function toResult(hits: number, limit: number, remainingSeconds: number, counted: boolean): RateLimitResult {
  // A peek allows the next hit while fewer than `limit` are recorded; a hit allows itself up to `limit`.
  const allowed = counted ? hits <= limit : hits < limit;
  return { allowed, hits, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(remainingSeconds)) };
}
