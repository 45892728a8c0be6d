// Days as an admin types them (YYYY-MM-DD) in a time zone, as instants: the Chats filter reads its
// days in the site's time zone, the one its list shows times in (Settings → Privacy).

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** What the zone's clock reads at `instant` (whole seconds), written as if it were UTC. */
function wallTime(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

const wallDay = (instant: number, timeZone: string) => new Date(wallTime(instant, timeZone)).toISOString().slice(0, 10);

/**
 * The first instant of `day` in `timeZone`: its midnight, or, where the clocks jump over midnight
 * that day (Chile's summer time begins at 24:00), the moment the day begins at 01:00.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at a first guess, then at that answer: they differ when the clocks change
  // between the two, and one of the two is the day's start.
  const first = midnight - (wallTime(midnight, timeZone) - midnight);
  const second = midnight - (wallTime(first, timeZone) - first);
  const onDay = [first, second].filter((instant) => wallDay(instant, timeZone) === day);
  return new Date(Math.min(...(onDay.length ? onDay : [first])));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) in `timeZone` at `instant`. */
export function dayIn(instant: Date | number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** The day after `day` (YYYY-MM-DD), in the calendar: the end of a range that includes `day`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The instant `time` ("HH:MM") of `day` reads on the zone's clock (the later one when the clocks go back). */
export function zonedTime(day: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  const first = asUtc - (wallTime(asUtc, timeZone) - asUtc);
  const second = asUtc - (wallTime(first, timeZone) - first);
  return new Date(wallTime(second, timeZone) === asUtc ? second : first);
}

/** The zone's calendar day (YYYY-MM-DD), weekday (0 Monday … 6 Sunday) and "HH:MM" at `instant`. */
export function zonedClock(instant: Date, timeZone: string): { day: string; weekday: number; time: string } {
  const wall = new Date(wallTime(instant.getTime(), timeZone));
  return {
    day: wall.toISOString().slice(0, 10),
    weekday: (wall.getUTCDay() + 6) % 7,
    time: wall.toISOString().slice(11, 16),
  };
}

// Read once: building a DateTimeFormat to ask costs a fifth of a millisecond, on every page that
// shows a time, and the process's zone does not change while it runs.
const processTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone the server's clock is set to: the site's own until Settings names one. */
export function serverTimeZone(): string {
  return processTimeZone;
}
