import { rateLimitAddress } from "~/lib/address-key";
import { getEnv } from "~/lib/env.server";
import { hitRateLimit, type RateLimitResult, refusedFromMemory, resetRateLimit } from "~/models/rate-limits.server";

// Sign-in attempts, counted in the database (rate_limits) so every instance enforces one limit,
// and before the password is hashed, so a refused attempt costs no hashing:
// - per address, whatever the username: one address trying many usernames;
// - per username and address: one address guessing one admin's password;
// - per username, whatever the address: many addresses guessing one password. It refuses only
//   until its window ends (LOGIN_WINDOW_MINUTES), so a stranger can lock an owner out for that long
//   at most, and the owner's own address still has its own allowance counted separately above.

function windowMs(): number {
  return getEnv().LOGIN_WINDOW_MINUTES * 60_000;
}

const normalise = (username: string) => username.trim().toLowerCase();

/** The counter of every sign-in attempt from the address `ip`, whatever the username. */
export const loginAddressKey = (ip: string) => `login-address:${rateLimitAddress(ip)}`;

const keys = (username: string, ip: string) => {
  const address = rateLimitAddress(ip);
  return {
    address: loginAddressKey(ip),
    pair: `login:${address}:${normalise(username)}`,
    username: `login-username:${normalise(username)}`,
  };
};

/**
 * Counts an attempt before the password is checked, so that many attempts sent at once cannot
 * all slip through before the first failure is recorded. The first limit reached refuses; the
 * counters after it are not touched. A successful sign-in clears the counters it went through:
 * whoever knows the password is not the one guessing.
 */
export async function countLoginAttempt(username: string, ip: string): Promise<RateLimitResult> {
  const env = getEnv();
  const key = keys(username, ip);
  const limits: [string, number][] = [
    [key.address, env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS],
    [key.pair, env.LOGIN_MAX_FAILURES],
    [key.username, env.LOGIN_MAX_FAILURES_PER_USERNAME],
  ];
  // A key already refused refuses the attempt before any counter is written: a flood of refused
  // attempts costs no database write, not even the address's.
  for (const [name, limit] of limits) {
    const refused = refusedFromMemory(name, limit);
    if (refused) return refused;
  }
  let result: RateLimitResult | undefined;
  for (const [name, limit] of limits) {
    result = await hitRateLimit(name, limit, windowMs());
    if (!result.allowed) return result;
  }
  return result!;
}

export async function clearLoginAttempts(username: string, ip: string): Promise<void> {
  const key = keys(username, ip);
  await Promise.all(Object.values(key).map((name) => resetRateLimit(name)));
}
