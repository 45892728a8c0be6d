import { getEnv } from "~/lib/env.server";
import { hitRateLimit, resetRateLimit, type RateLimitResult } from "~/models/rate-limits.server";

// Sign-in attempts per username and address. The counter lives in the database (rate_limits), so
// every instance sharing the database enforces one limit.

function loginKey(username: string, ip: string): string {
  return `login:${ip}:${username.trim().toLowerCase()}`;
}

function loginWindowMs(): number {
  return getEnv().LOGIN_WINDOW_MINUTES * 60_000;
}

/**
 * Counts an attempt before the password is checked, so that many attempts sent at once cannot
 * all slip through before the first failure is recorded. A successful sign-in clears the count.
 */
export function countLoginAttempt(username: string, ip: string): Promise<RateLimitResult> {
  return hitRateLimit(loginKey(username, ip), getEnv().LOGIN_MAX_FAILURES, loginWindowMs());
}

export function clearLoginAttempts(username: string, ip: string): Promise<void> {
  return resetRateLimit(loginKey(username, ip));
}
