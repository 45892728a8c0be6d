// Dates in the admin panel: rendered on the server and again in the browser, so the time zone is
// fixed (UTC, and said so) to give the same text on both sides.
const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

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
  const zoned = new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: seconds ? "medium" : "short",
    timeZone,
  });
  const zoneName = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(new Date(value))
    .find((part) => part.type === "timeZoneName")?.value;
  return `${zoned.format(new Date(value))} ${zoneName ?? timeZone}`;
}

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  return dateOnly.format(new Date(value));
}
