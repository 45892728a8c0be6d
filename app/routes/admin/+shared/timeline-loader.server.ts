import { listBookingsOf, listUnmatchedBookings } from "~/models/bookings.server";
import { timelineOf, type TimelineSubject } from "~/models/timeline.server";

/**
 * What an order's or a message's details show under it: its timeline, its bookings, and the
 * bookings no record has, for staff to attach one; null when the record is gone.
 */
export async function loadTimeline(subject: TimelineSubject) {
  const [entries, bookings, unmatched] = await Promise.all([
    timelineOf(subject),
    listBookingsOf(subject),
    listUnmatchedBookings(),
  ]);
  return entries ? { entries, bookings, unmatched } : null;
}
