// Dates in the admin panel: rendered on the server and again in the browser, so the time zone is
// fixed (UTC, and said so) to give the same text on both sides.
const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  return `${dateTime.format(new Date(value))} UTC`;
}

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  return dateOnly.format(new Date(value));
}
