/** Far more webhooks than a site configures, so only keys nobody calls any more are forgotten. */
const DEFAULT_MAX_KEYS = 1_000;

/**
 * Skips a webhook that keeps failing: after `failures` failures in a
 * row, or a single time-out (each costs a visitor the whole wait), it is left out for `openMs`;
 * then one call is let through as a probe (the next callers keep skipping it for another
 * `openMs`), and a success closes it again. Per instance, in memory: each instance learns on its
 * own, at the cost of one failed call each (docs/decisions/014-webhook-breaker-per-instance.md).
 * It remembers at most `maxKeys` keys, forgetting the one whose last failure is oldest: a deleted
 * webhook's key, or one whose URL changed, is never called again and would otherwise stay forever.
 */
export class CircuitBreaker {
  readonly #states = new Map<string, { failures: number; openUntil: number | null; reason: BreakerReason }>();

  constructor(private readonly options: { failures: number; openMs: number; now?: () => number; maxKeys?: number }) {}

  #now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Whether `key` may be called now; a call let through after the open period is the probe. */
  allow(key: string): boolean {
    const state = this.#states.get(key);
    if (!state || state.openUntil === null) return true;
    const now = this.#now();
    if (now < state.openUntil) return false;
    state.openUntil = now + this.options.openMs;
    return true;
  }

  succeeded(key: string): void {
    this.#states.delete(key);
  }

  /** A failed call; `timedOut` when it got no answer within its time-out, which opens at once. */
  failed(key: string, options: { timedOut?: boolean } = {}): void {
    const state = this.#states.get(key) ?? { failures: 0, openUntil: null, reason: "failures" as BreakerReason };
    state.failures++;
    // A failed probe (openUntil already set) keeps it open for another period.
    if (options.timedOut || state.failures >= this.options.failures || state.openUntil !== null) {
      state.openUntil = this.#now() + this.options.openMs;
      state.reason = options.timedOut ? "timeout" : "failures";
    }
    // Set again at the end, so the map's order is the order of last failures.
    this.#states.delete(key);
    this.#states.set(key, state);
    if (this.#states.size > (this.options.maxKeys ?? DEFAULT_MAX_KEYS)) {
      this.#states.delete(this.#states.keys().next().value!);
    }
  }

  /** What the breaker knows of `key`, for the admin screen. */
  state(key: string): BreakerState {
    const state = this.#states.get(key);
    if (!state) return { open: false, failures: 0, openUntil: null, reason: null };
    const open = state.openUntil !== null && this.#now() < state.openUntil;
    return {
      open,
      failures: state.failures,
      openUntil: open ? new Date(state.openUntil!) : null,
      reason: state.openUntil === null ? null : state.reason,
    };
  }
}

export type BreakerReason = "timeout" | "failures";

export interface BreakerState {
  /** Skipped until `openUntil`. */
  open: boolean;
  /** Failed calls in a row. */
  failures: number;
  openUntil: Date | null;
  /** Why it opened: a time-out, or `failures` failures in a row; null while it never opened. */
  reason: BreakerReason | null;
}
