import { describe, expect, it } from "vitest";

import { nextDay, startOfDay } from "./zoned-day";

describe("startOfDay", () => {
  it("is the day's midnight in the zone, whatever its offset", () => {
    expect(startOfDay("2026-01-15", "UTC").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(startOfDay("2026-01-15", "Europe/Berlin").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfDay("2026-07-01", "Europe/Berlin").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(startOfDay("2026-01-15", "Asia/Kolkata").toISOString()).toBe("2026-01-14T18:30:00.000Z");
    expect(startOfDay("2026-01-15", "America/New_York").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(startOfDay("2026-01-01", "Pacific/Kiritimati").toISOString()).toBe("2025-12-31T10:00:00.000Z");
  });

  it("takes the offset of the day's start on the days the clocks change", () => {
    // Berlin changes at 02:00 or 03:00: midnight keeps the offset of the day before.
    expect(startOfDay("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDay("2026-03-30", "Europe/Berlin").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfDay("2026-10-25", "Europe/Berlin").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(startOfDay("2026-10-26", "Europe/Berlin").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    // Chile moves from -04 to -03 at 24:00: 6 September 2026 has no midnight and begins at 01:00.
    expect(startOfDay("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(startOfDay("2026-09-07", "America/Santiago").toISOString()).toBe("2026-09-07T03:00:00.000Z");
  });
});

describe("nextDay", () => {
  it("crosses months, years and leap days", () => {
    expect(nextDay("2026-01-31")).toBe("2026-02-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });
});
