import { describe, expect, it } from "vitest";

import { formatDate, formatDateTime } from "./format";

const WINTER = "2026-01-15T14:05:09Z";
const SUMMER = "2026-07-15T14:05:09Z";

describe("formatDateTime", () => {
  it("writes UTC and says so", () => {
    expect(formatDateTime(WINTER)).toBe("Jan 15, 2026, 2:05 PM UTC");
    expect(formatDateTime(null)).toBe("");
  });

  it("writes a zone's own clock and short name, which follow its summer time", () => {
    expect(formatDateTime(WINTER, "Europe/London")).toBe("Jan 15, 2026, 2:05 PM GMT");
    expect(formatDateTime(SUMMER, "Europe/London")).toBe("Jul 15, 2026, 3:05 PM GMT+1");
    expect(formatDateTime(WINTER, "America/New_York")).toBe("Jan 15, 2026, 9:05 AM EST");
  });

  it("keeps each zone's and each precision's formatter apart", () => {
    expect(formatDateTime(WINTER, "Europe/London", { seconds: true })).toBe("Jan 15, 2026, 2:05:09 PM GMT");
    expect(formatDateTime(WINTER, "Europe/London")).toBe("Jan 15, 2026, 2:05 PM GMT");
    expect(formatDateTime(WINTER, "Asia/Tokyo")).toBe("Jan 15, 2026, 11:05 PM GMT+9");
    expect(formatDateTime(WINTER, "UTC", { seconds: true })).toBe("Jan 15, 2026, 2:05:09 PM UTC");
  });
});

describe("formatDate", () => {
  it("writes the UTC day", () => {
    expect(formatDate("2026-01-15T23:59:00Z")).toBe("Jan 15, 2026");
    expect(formatDate(undefined)).toBe("");
  });
});
