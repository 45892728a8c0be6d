import { describe, expect, it } from "vitest";

import { productText } from "../../tests/support/product-text";
import {
  addDays,
  bucket,
  dayLabel,
  durationLabel,
  funnelSteps,
  median,
  monthLabel,
  monthOf,
  percentOf,
  periodDays,
  PeriodSchema,
  shares,
  sourceLabel,
  spans,
  trendStep,
  weekOf,
  wholeMonths,
} from "./insights";

describe("the period", () => {
  it("takes one of the four periods and falls back to 30 days for anything else", () => {
    expect(PeriodSchema.parse({ days: "7" }).days).toBe(7);
    expect(PeriodSchema.parse({ days: "365" }).days).toBe(365);
    expect(PeriodSchema.parse({ days: "12" }).days).toBe(30);
    expect(PeriodSchema.parse({ days: "x" }).days).toBe(30);
    expect(PeriodSchema.parse({}).days).toBe(30);
  });

  it("lists the days that end today, across a month's and a leap day's end", () => {
    expect(periodDays("2028-03-01", 3)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(periodDays("2026-11-28", 365)).toHaveLength(365);
    expect(periodDays("2026-11-28", 365)[0]).toBe("2025-11-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("groups days into ISO weeks (Monday first) and months", () => {
    expect(weekOf("2026-11-29")).toBe("2026-11-23"); // a Sunday
    expect(weekOf("2026-11-23")).toBe("2026-11-23"); // a Monday
    expect(weekOf("2027-01-01")).toBe("2026-12-28");
    expect(monthOf("2026-11-28")).toBe("2026-11");
    expect(spans(periodDays("2026-12-02", 7), monthOf)).toEqual(["2026-11", "2026-12"]);
  });
});

describe("the funnel", () => {
  it("gives each step's rate from the step before, to a tenth of a percent", () => {
    const steps = funnelSteps({ visitors: 1200, chats: 90, orders: 30, paid: 12 });
    expect(steps.map((step) => [step.step, step.value, step.rate])).toEqual([
      ["visitors", 1200, null],
      ["chats", 90, 7.5],
      ["orders", 30, 33.3],
      ["paid", 12, 40],
    ]);
    expect(steps[3].ofFirst).toBe(0.01);
  });

  it("has no rate after a step of zero, and no bars when everything is zero", () => {
    const steps = funnelSteps({ visitors: 0, chats: 0, orders: 0, paid: 0 });
    expect(steps.map((step) => step.rate)).toEqual([null, null, null, null]);
    expect(steps.every((step) => step.ofFirst === 0)).toBe(true);
  });

  it("shows a rate over 100 % as it is when orders come without a chat, the bar scaled to the largest", () => {
    const steps = funnelSteps({ visitors: 0, chats: 2, orders: 5, paid: 5 });
    expect(steps[2].rate).toBe(250);
    expect(steps[2].ofFirst).toBe(1);
    expect(percentOf(1, 3)).toBe(33.3);
  });
});

describe("shares of replies", () => {
  it("orders the keys by count and rounds the percents to add up to 100", () => {
    const result = shares({ canned: 1, "Sales bot": 1, settings: 1, empty: 0 });
    expect(result.map((share) => share.key)).toEqual(["canned", "Sales bot", "settings"]);
    expect(result.reduce((sum, share) => sum + share.percent, 0)).toBeCloseTo(100, 5);
    expect(result.map((share) => share.percent)).toEqual([33.4, 33.3, 33.3]);
    expect(shares({})).toEqual([]);
  });
});

describe("buckets", () => {
  it("sums rows into their day, week or month and leaves empty buckets at 0", () => {
    const rows = [
      { day: "2026-11-23", n: 2 },
      { day: "2026-11-24", n: 3 },
      { day: "2026-12-01", n: 4 },
      { day: "2025-01-01", n: 9 },
    ];
    expect(
      bucket(
        ["2026-11", "2026-12"],
        rows,
        (row) => monthOf(row.day),
        (row) => row.n,
      ),
    ).toEqual([5, 4]);
    expect(
      bucket(
        ["2026-11-23", "2026-11-30"],
        rows,
        (row) => weekOf(row.day),
        (row) => row.n,
      ),
    ).toEqual([5, 4]);
    expect(
      bucket(
        ["2026-11-25"],
        rows,
        (row) => row.day,
        (row) => row.n,
      ),
    ).toEqual([0]);
  });
});

describe("labels", () => {
  it("writes calendar days and months without moving them by a time zone", () => {
    expect(dayLabel("2026-11-01")).toBe("Nov 1");
    expect(dayLabel("2026-11-01", true)).toBe("Nov 1, 2026");
    expect(monthLabel("2026-11")).toBe("Nov 2026");
    expect(monthLabel("2026-11", true)).toBe("November 2026");
  });
});

describe("the staff reply time", () => {
  it("is the middle value, or the mean of the two middle ones, and none without values", () => {
    expect(median([600, 120, 300])).toBe(300);
    expect(median([600, 120, 300, 100])).toBe(210);
    expect(median([])).toBeNull();
  });

  it("reads in seconds under a minute, minutes under an hour, then hours and minutes", () => {
    const as = (pattern: string, ...values: number[]) =>
      values.reduce((text, value) => text.replace(/\{[^}]+\}/, String(value)), productText(pattern));
    expect(durationLabel(42.4)).toBe(as("{n} s", 42));
    expect(durationLabel(59.6)).toBe(as("{n} min", 1));
    expect(durationLabel(755)).toBe(as("{n} min", 13));
    expect(durationLabel(3599)).toBe(as("{h} h {m} min", 1, 0));
    expect(durationLabel(7500)).toBe(as("{h} h {m} min", 2, 5));
  });
});

describe("the visits and chat charts' points", () => {
  it("are days up to a month and weeks from 90 days on", () => {
    expect([7, 30, 90, 365].map(trendStep)).toEqual(["day", "day", "week", "week"]);
  });
});

describe("a period's whole months", () => {
  it("are the months wholly inside it, with the days before and after them", () => {
    expect(wholeMonths("2025-11-30", "2026-11-29")).toEqual({
      first: "2025-12-01",
      last: "2026-10-01",
      before: "2025-11-30",
      after: "2026-11-01",
    });
    expect(wholeMonths("2026-02-01", "2026-03-31")).toEqual({
      first: "2026-02-01",
      last: "2026-03-01",
      before: null,
      after: null,
    });
    // A leap February, ending the period.
    expect(wholeMonths("2028-01-15", "2028-02-29")).toEqual({
      first: "2028-02-01",
      last: "2028-02-01",
      before: "2028-01-31",
      after: null,
    });
  });

  it("are none when no month is whole", () => {
    expect(wholeMonths("2026-11-23", "2026-11-29")).toBeNull();
    expect(wholeMonths("2026-10-31", "2026-11-29")).toBeNull();
  });
});

describe("sourceLabel", () => {
  it("names a direct visit, and shows any other source as stored", () => {
    expect(sourceLabel("")).toBe(productText("Direct"));
    expect(sourceLabel("news.ycombinator.com")).toBe("news.ycombinator.com");
  });
});
