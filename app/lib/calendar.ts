// The site's calendar: the footer's copyright year turns at midnight on 1 January in the site's
// time zone (Settings → Privacy), not the server's.

import { dayIn, startOfDay } from "./zoned-day";

export interface CalendarYear {
  year: number;
  startsAt: number;
  /** The instant the next year begins. */
  endsAt: number;
}

// Every page asks (the footer); the answer is the same for a year.
let current: (CalendarYear & { timeZone: string }) | undefined;

/** The calendar year at an instant (milliseconds since the epoch) in an IANA time zone, and its bounds. */
export function calendarYear(timeZone: string, at: number): CalendarYear {
  if (current && current.timeZone === timeZone && current.startsAt <= at && at < current.endsAt) return current;
  const year = Number(dayIn(at, timeZone).slice(0, 4));
  const newYear = (of: number) => startOfDay(`${of}-01-01`, timeZone).getTime();
  current = { timeZone, year, startsAt: newYear(year), endsAt: newYear(year + 1) };
  return current;
}
