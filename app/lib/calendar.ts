// The site's calendar: the footer's copyright year turns at midnight on 1 January in the site's
// time zone (Settings → Privacy), not the server's.

function wallClock(timeZone: string) {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
}

/** The zone's wall-clock time at an instant, read as if it were UTC (whole seconds). */
function wallClockAsUtc(format: Intl.DateTimeFormat, at: number): number {
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
}

/** The instant a calendar year begins in a zone. */
function newYearAt(format: Intl.DateTimeFormat, year: number): number {
  const midnightAsUtc = Date.UTC(year, 0, 1);
  const offsetAt = (at: number) => wallClockAsUtc(format, at) - at;
  const guess = midnightAsUtc - offsetAt(midnightAsUtc);
  // A zone whose offset changes within a day of the new year: the offset at the guess is the one that holds.
  return midnightAsUtc - offsetAt(guess);
}

export interface CalendarYear {
  year: number;
  startsAt: number;
  /** The instant the next year begins. */
  endsAt: number;
}

// Building a formatter for a time zone costs about half a millisecond; the year is the same for a year.
let current: (CalendarYear & { timeZone: string }) | undefined;

/** The calendar year at an instant (milliseconds since the epoch) in an IANA time zone, and its bounds. */
export function calendarYear(timeZone: string, at: number): CalendarYear {
  if (current && current.timeZone === timeZone && current.startsAt <= at && at < current.endsAt) return current;
  const format = wallClock(timeZone);
  const year = new Date(wallClockAsUtc(format, at - (((at % 1000) + 1000) % 1000))).getUTCFullYear();
  current = { timeZone, year, startsAt: newYearAt(format, year), endsAt: newYearAt(format, year + 1) };
  return current;
}
