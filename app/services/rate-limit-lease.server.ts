import { log } from "~/lib/log.server";
import { takeFromRateLimit } from "~/models/rate-limits.server";

// A limit counted on every chat message without a database round trip before each reply
// (docs/decisions/006-rate-limit-lease.md). This instance takes a few hits at once from the shared counter and hands
// them out itself; as it hands out its last, it takes the next few in the background. The counter
// never grants more than the limit across all instances, since what one instance holds the others
// cannot take. The price: a visitor whose messages land on several instances may be refused a
// few messages early, by what the others hold unused (a block each at most).

/** What an instance takes at once: a quarter of the limit, at most this many. */
const MAX_BLOCK = 5;

/** Keys held at once; the oldest is dropped past this (its hits are lost, never given twice). */
const MAX_KEYS = 10_000;

interface Lease {
  left: number;
  /** When the window the hits were taken in ends (Date.now() time). */
  expiresAt: number;
  /** The last take found the window full: refused until it ends, without asking again. */
  full: boolean;
  /** The next block, on its way; every request that finds none left waits for this one. */
  refill?: Promise<void>;
}

const leases = new Map<string, Lease>();

export interface LeasedLimit {
  allowed: boolean;
  /** Seconds until the window ends, when refused. */
  retryAfterSeconds: number;
}

function blockSize(limit: number): number {
  return Math.max(1, Math.min(MAX_BLOCK, Math.floor(limit / 4)));
}

function leaseOf(key: string, now: number): Lease {
  let lease = leases.get(key);
  if (lease && lease.expiresAt <= now && !lease.refill) lease = undefined;
  if (!lease) {
    lease = { left: 0, expiresAt: 0, full: false };
    leases.delete(key);
    leases.set(key, lease);
    if (leases.size > MAX_KEYS) leases.delete(leases.keys().next().value!);
  }
  return lease;
}

/** Takes the next block; `later`: after the I/O already waiting (a webhook's request) has gone. */
function refill(key: string, lease: Lease, limit: number, windowMs: number, later: boolean): Promise<void> {
  const taking = (later ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve())
    .then(() => takeFromRateLimit(key, blockSize(limit), limit, windowMs))
    .then(({ granted, remainingSeconds }) => {
      lease.left += granted;
      lease.expiresAt = Date.now() + remainingSeconds * 1000;
      lease.full = granted === 0;
    })
    .finally(() => (lease.refill = undefined));
  lease.refill = taking;
  return taking;
}

/**
 * Counts one hit against `key` in a fixed window of `windowMs`, shared by every instance, and says
 * whether it is within `limit`: at once while this instance holds hits for the key.
 */
export async function hitLeasedRateLimit(key: string, limit: number, windowMs: number): Promise<LeasedLimit> {
  for (;;) {
    const now = Date.now();
    const lease = leaseOf(key, now);
    if (lease.left > 0 && lease.expiresAt > now) {
      lease.left--;
      if (lease.left === 0 && !lease.refill) {
        refill(key, lease, limit, windowMs, true).catch((error: unknown) =>
          log.warn("rate limit: taking the next hits failed", { error }),
        );
      }
      return { allowed: true, retryAfterSeconds: 0 };
    }
    if (lease.full && lease.expiresAt > now) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lease.expiresAt - now) / 1000)) };
    }
    await (lease.refill ?? refill(key, lease, limit, windowMs, false));
  }
}
