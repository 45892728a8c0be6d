// Dates in the admin panel: rendered on the server and again in the browser, so the time zone is
// fixed (UTC, and said so) to give the same text on both sides.
const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

// A formatter costs about fifteen times what formatting with it does, and a list formats a time
// a row: one is built per zone, and kept (a site has one zone, the delivery log adds seconds).
const zonedFormats = new Map<string, { dateTime: Intl.DateTimeFormat; zoneName: Intl.DateTimeFormat }>();

function zonedFormat(timeZone: string, seconds: boolean) {
  const key = `${timeZone}|${seconds}`;
  let format = zonedFormats.get(key);
  if (!format) {
    format = {
      dateTime: new Intl.DateTimeFormat("en-US", {
        dateStyle: "medium",
        timeStyle: seconds ? "medium" : "short",
        timeZone,
      }),
      zoneName: new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }),
    };
    zonedFormats.set(key, format);
  }
  return format;
}

/**
 * `timeZone` other than UTC (the Chats list's site time zone) is passed from the loader,
 * so the server and the browser still print the same text; the zone's short name follows.
 */
export function formatDateTime(
  value: Date | string | null | undefined,
  timeZone = "UTC",
  { seconds = false } = {},
): string {
  if (!value) return "";
  if (timeZone === "UTC" && !seconds) return `${dateTime.format(new Date(value))} UTC`;
  // Seconds for the delivery log, whose attempts follow each other within the minute.
  const format = zonedFormat(timeZone, seconds);
  const zoneName = format.zoneName.formatToParts(new Date(value)).find((part) => part.type === "timeZoneName")?.value;
  return `${format.dateTime.format(new Date(value))} ${zoneName ?? timeZone}`;
}

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  return dateOnly.format(new Date(value));
}
