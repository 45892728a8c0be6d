import { describe, expect, it } from "vitest";

import { CircuitBreaker } from "./circuit-breaker";

describe("CircuitBreaker", () => {
  it("opens after N failures in a row, lets one probe through after the open period, closes on success", () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 3, openMs: 60_000, now: () => now });
    for (let i = 0; i < 2; i++) {
      expect(breaker.allow("a")).toBe(true);
      breaker.failed("a");
    }
    expect(breaker.allow("a")).toBe(true);
    breaker.failed("a");
    expect(breaker.allow("a")).toBe(false);
    expect(breaker.allow("b")).toBe(true);
    now = 59_999;
    expect(breaker.allow("a")).toBe(false);
    now = 60_000;
    expect(breaker.allow("a")).toBe(true); // the probe
    expect(breaker.allow("a")).toBe(false); // the others wait for it
    breaker.failed("a");
    now = 100_000;
    expect(breaker.allow("a")).toBe(false);
    now = 120_000;
    expect(breaker.allow("a")).toBe(true);
    breaker.succeeded("a");
    expect(breaker.allow("a")).toBe(true);
    breaker.failed("a");
    expect(breaker.allow("a")).toBe(true);
  });

  it("a success resets the count of failures in a row", () => {
    const breaker = new CircuitBreaker({ failures: 2, openMs: 1000, now: () => 0 });
    breaker.failed("a");
    breaker.succeeded("a");
    breaker.failed("a");
    expect(breaker.allow("a")).toBe(true);
  });

  it("opens at once on a time-out, and says so with the time it opens again", () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 3, openMs: 60_000, now: () => now });
    expect(breaker.state("a")).toEqual({ open: false, failures: 0, openUntil: null, reason: null });
    breaker.failed("a");
    expect(breaker.state("a")).toEqual({ open: false, failures: 1, openUntil: null, reason: null });
    breaker.failed("a", { timedOut: true });
    expect(breaker.allow("a")).toBe(false);
    expect(breaker.state("a")).toEqual({ open: true, failures: 2, openUntil: new Date(60_000), reason: "timeout" });
    now = 60_000;
    expect(breaker.allow("a")).toBe(true); // the probe
    breaker.failed("a"); // a probe that fails keeps it open
    expect(breaker.state("a")).toMatchObject({ open: true, openUntil: new Date(120_000), reason: "failures" });
    now = 120_000;
    expect(breaker.allow("a")).toBe(true);
    breaker.succeeded("a");
    expect(breaker.state("a")).toEqual({ open: false, failures: 0, openUntil: null, reason: null });
  });

  it("forgets the key whose last failure is oldest past maxKeys, so deleted webhooks' keys do not pile up", () => {
    const breaker = new CircuitBreaker({ failures: 1, openMs: 60_000, maxKeys: 2, now: () => 0 });
    breaker.failed("a");
    breaker.failed("b");
    breaker.failed("a"); // a failed last: b is now the oldest
    breaker.failed("c");
    expect(breaker.state("b")).toEqual({ open: false, failures: 0, openUntil: null, reason: null });
    expect(breaker.allow("b")).toBe(true);
    expect(breaker.state("a")).toMatchObject({ open: true, failures: 2 });
    expect(breaker.state("c")).toMatchObject({ open: true, failures: 1 });
  });

  it("keeps at most 1,000 keys unless told otherwise", () => {
    const breaker = new CircuitBreaker({ failures: 1, openMs: 60_000, now: () => 0 });
    for (let i = 0; i <= 1_000; i++) breaker.failed(`webhook-${i}`);
    expect(breaker.state("webhook-0").failures).toBe(0);
    expect(breaker.state("webhook-1").failures).toBe(1);
    expect(breaker.state("webhook-1000").failures).toBe(1);
  });
});
