import { describe, expect, it } from "vitest";

import { calendarYear } from "./calendar";

const iso = (at: number) => new Date(at).toISOString();

describe("the site's calendar year", () => {
  it("is the year in the site's time zone", () => {
    const newYearInAuckland = Date.parse("2025-12-31T11:00:00Z");
    expect(calendarYear("Pacific/Auckland", newYearInAuckland - 1).year).toBe(2025);
    expect(calendarYear("Pacific/Auckland", newYearInAuckland).year).toBe(2026);
    expect(calendarYear("UTC", newYearInAuckland).year).toBe(2025);
    expect(calendarYear("America/Los_Angeles", Date.parse("2026-01-01T07:59:59Z")).year).toBe(2025);
    expect(calendarYear("America/Los_Angeles", Date.parse("2026-01-01T08:00:00Z")).year).toBe(2026);
  });

  it("begins and ends at midnight on 1 January there, whole-hour and quarter-hour zones alike", () => {
    const cases: [string, string, string, string][] = [
      ["UTC", "2025-06-01T00:00:00Z", "2025-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"],
      ["Pacific/Auckland", "2025-12-31T10:59:59.999Z", "2024-12-31T11:00:00.000Z", "2025-12-31T11:00:00.000Z"],
      ["America/Los_Angeles", "2025-12-31T23:00:00Z", "2025-01-01T08:00:00.000Z", "2026-01-01T08:00:00.000Z"],
      ["Asia/Kolkata", "2025-03-01T12:34:56.789Z", "2024-12-31T18:30:00.000Z", "2025-12-31T18:30:00.000Z"],
      ["Asia/Kathmandu", "2025-12-31T18:14:59Z", "2024-12-31T18:15:00.000Z", "2025-12-31T18:15:00.000Z"],
    ];
    for (const [zone, at, startsAt, endsAt] of cases) {
      const year = calendarYear(zone, Date.parse(at));
      expect([iso(year.startsAt), iso(year.endsAt)], `${zone} at ${at}`).toEqual([startsAt, endsAt]);
    }
  });

  it("gives the year the instant asks for, whichever year was asked before", () => {
    const zone = "Europe/Berlin";
    expect(calendarYear(zone, Date.parse("2030-07-01T00:00:00Z")).year).toBe(2030);
    expect(calendarYear(zone, Date.parse("2029-12-31T22:59:59Z")).year).toBe(2029);
    expect(calendarYear(zone, Date.parse("2029-12-31T23:00:00Z")).year).toBe(2030);
    expect(calendarYear("UTC", Date.parse("2029-12-31T23:00:00Z")).year).toBe(2029);
  });
});
