import { describe, expect, it } from "vitest";

import type { PageView } from "~/lib/visits";
import { dayIn } from "~/lib/zoned-day";
import type { CountRow, VisitorRow } from "~/models/visits.server";

import { VisitCounter, visitorHash, type VisitStore } from "./counter.server";

/** The database's part, kept in memory: the salts by day, and what each flush sent. */
class MemoryStore implements VisitStore {
  salts = new Map<string, string>();
  batches: Array<{ counts: CountRow[]; visitors: VisitorRow[] }> = [];
  failNext = false;
  private nextSalt = 0;

  daySalt(day: string): Promise<string> {
    if (!this.salts.has(day)) this.salts.set(day, `salt-${++this.nextSalt}`);
    return Promise.resolve(this.salts.get(day)!);
  }
  addVisits(counts: CountRow[], visitors: VisitorRow[]): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error("database unavailable"));
    }
    this.batches.push({ counts, visitors });
    return Promise.resolve();
  }
  forgetVisitorsBefore(day: string): Promise<void> {
    for (const saltDay of this.salts.keys()) if (saltDay < day) this.salts.delete(saltDay);
    return Promise.resolve();
  }
  /** Every hash sent for the 'total' row of `day`. */
  totalVisitors(day: string): string[] {
    return this.batches.flatMap((batch) =>
      batch.visitors.filter((row) => row.day === day && row.dimension === "total").map((row) => row.visitor),
    );
  }
  views(day: string, dimension: string, value: string): number {
    return this.batches
      .flatMap((batch) => batch.counts)
      .filter((row) => row.day === day && row.dimension === dimension && row.value === value)
      .reduce((total, row) => total + row.views, 0);
  }
}

const VIEW: PageView = { path: "/services", source: "", utmMedium: null, utmCampaign: null, device: "desktop" };
const DAY_ONE = Date.parse("2026-11-27T12:00:00Z");
const DAY_TWO = Date.parse("2026-11-28T12:00:00Z");

function counted(counter: VisitCounter, now: number, ip = "203.0.113.7", userAgent = "Firefox") {
  counter.record(VIEW, ip, userAgent, now);
}

describe("VisitCounter", () => {
  it("hashes a visitor with the day's salt: the same visitor has a new hash the next day, and the old salt is gone", async () => {
    const store = new MemoryStore();
    const counter = new VisitCounter(store, "UTC");
    counted(counter, DAY_ONE);
    await counter.flush(DAY_ONE);
    const [first] = store.totalVisitors("2026-11-27");
    expect(first).toBe(visitorHash(store.salts.get("2026-11-27")!, "203.0.113.7", "Firefox"));

    counted(counter, DAY_TWO);
    // The flush runs on day two: the past day's salt is deleted.
    await counter.flush(DAY_TWO);
    const [second] = store.totalVisitors("2026-11-28");
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect([...store.salts.keys()]).toEqual(["2026-11-28"]);
  });

  it("sends a visitor once per row and day, however many pages they view", async () => {
    const store = new MemoryStore();
    const counter = new VisitCounter(store, "UTC");
    counted(counter, DAY_ONE);
    counted(counter, DAY_ONE);
    await counter.flush(DAY_ONE);
    counted(counter, DAY_ONE);
    counted(counter, DAY_ONE, "198.51.100.1");
    await counter.flush(DAY_ONE);
    expect(store.views("2026-11-27", "page", "/services")).toBe(4);
    expect(new Set(store.totalVisitors("2026-11-27")).size).toBe(2);
    expect(store.totalVisitors("2026-11-27")).toHaveLength(2);
  });

  it("keeps a failed flush's counts for the next one, and a second flush sends nothing again", async () => {
    const store = new MemoryStore();
    const counter = new VisitCounter(store, "UTC");
    counted(counter, DAY_ONE);
    store.failNext = true;
    await expect(counter.flush(DAY_ONE)).rejects.toThrow("database unavailable");
    counted(counter, DAY_ONE);
    await counter.flush(DAY_ONE);
    await counter.flush(DAY_ONE);
    expect(store.views("2026-11-27", "total", "")).toBe(2);
    expect(store.totalVisitors("2026-11-27")).toHaveLength(1);
  });

  it("counts the day in the site's time zone", () => {
    // 23:30 in New York is already the next day in UTC.
    const instant = Date.parse("2026-11-28T04:30:00Z");
    expect(dayIn(instant, "America/New_York")).toBe("2026-11-27");
    expect(new VisitCounter(new MemoryStore(), "America/New_York").today(instant)).toBe("2026-11-27");
    expect(new VisitCounter(new MemoryStore(), "UTC").today(instant)).toBe("2026-11-28");
  });
});
