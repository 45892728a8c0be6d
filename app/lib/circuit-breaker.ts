/**
 * Skips a webhook that keeps failing: after `failures` failures in a
 * row it is left out for `openMs`; then one call is let through as a probe (the next callers keep
 * skipping it for another `openMs`), and a success closes it again. Per instance, in memory: each
 * instance learns on its own within a few messages.
 */
export class CircuitBreaker {
  readonly #states = new Map<string, { failures: number; openUntil: number }>();

  constructor(private readonly options: { failures: number; openMs: number; now?: () => number }) {}

  #now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Whether `key` may be called now; a call let through after the open period is the probe. */
  allow(key: string): boolean {
    const state = this.#states.get(key);
    if (!state || state.failures < this.options.failures) return true;
    const now = this.#now();
    if (now < state.openUntil) return false;
    state.openUntil = now + this.options.openMs;
    return true;
  }

  succeeded(key: string): void {
    this.#states.delete(key);
  }

  failed(key: string): void {
    const state = this.#states.get(key) ?? { failures: 0, openUntil: 0 };
    state.failures++;
    if (state.failures >= this.options.failures) state.openUntil = this.#now() + this.options.openMs;
    this.#states.set(key, state);
  }
}
