import { HANDOFF_TEXT } from "~/copy/handoff";

import type { HandoffView } from "./chat";
import type { LiveChatHours } from "./domain";
import { nextDay, zonedClock, zonedTime } from "./zoned-day";

// Who answers a conversation, and whether the team is there to (docs/product.md §12.1), worked
// out from timestamps and a clock, so no job has to run when a hold or the hours end.

export interface HandoffState {
  /** Set while staff are asked to hold the conversation; null: the webhooks answer. */
  handoffRequestedAt: Date | null;
  /** The latest staff reply. */
  staffRepliedAt: Date | null;
}

/** A staff member counts as present this long after their last admin page or heartbeat. */
export const STAFF_PRESENCE_MS = 2 * 60_000;

/** Settings → Chat's hand-back minutes: from a quick chat to a working day. */
export const HAND_BACK_MINUTES = { min: 1, max: 1440 } as const;

/**
 * "waiting" until a staff member replies after the request (it never times out: the visitor was
 * told the team will answer); "staff" until `handBackMinutes` pass without a staff reply.
 */
export function handoffStatus(state: HandoffState, now: Date, handBackMinutes: number): HandoffView["status"] {
  const { handoffRequestedAt: requested, staffRepliedAt: replied } = state;
  if (!requested) return "assistant";
  if (!replied || replied < requested) return "waiting";
  return now.getTime() - replied.getTime() >= handBackMinutes * 60_000 ? "assistant" : "staff";
}

export interface Availability {
  /** Monday first; null: no set hours. */
  hours: LiveChatHours | null;
  timeZone: string;
  presenceRequired: boolean;
  /** Whether a staff member had the admin open within STAFF_PRESENCE_MS. */
  staffPresent: boolean;
}

/** Set hours with no day open count as none: the admin emptied every day. */
function setHours(hours: LiveChatHours | null): LiveChatHours | null {
  return hours?.some(Boolean) ? hours : null;
}

/** `now` within the hours, else the next opening in the week ahead; null when no day is open. */
export function nextOpening(hours: LiveChatHours | null, timeZone: string, now: Date): Date | null {
  const open = setHours(hours);
  if (!open) return now;
  const clock = zonedClock(now, timeZone);
  let day = clock.day;
  for (let offset = 0; offset <= 7; offset++, day = nextDay(day)) {
    const window = open[(clock.weekday + offset) % 7];
    if (!window) continue;
    const opens = zonedTime(day, window.opens, timeZone);
    const closes = zonedTime(day, window.closes, timeZone);
    if (now < opens) return opens;
    if (now < closes) return now;
  }
  return null;
}

/** Whether the team answers now; if not, when it will (null: once someone opens the admin). */
export function liveChatAvailability(
  availability: Availability,
  now: Date,
): { available: true } | { available: false; opensAt: Date | null } {
  const opening = nextOpening(availability.hours, availability.timeZone, now);
  if (opening && opening.getTime() === now.getTime()) {
    return !availability.presenceRequired || availability.staffPresent
      ? { available: true }
      : { available: false, opensAt: null };
  }
  return { available: false, opensAt: opening };
}

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" });

/** "today at 09:00 (Europe/Berlin time)", "tomorrow at…", "on Monday at…". */
export function openingWords(opensAt: Date, timeZone: string, now: Date): string {
  const at = zonedClock(opensAt, timeZone);
  const today = zonedClock(now, timeZone).day;
  const when =
    at.day === today
      ? HANDOFF_TEXT.today(at.time)
      : at.day === nextDay(today)
        ? HANDOFF_TEXT.tomorrow(at.time)
        : HANDOFF_TEXT.onDay(WEEKDAY.format(new Date(`${at.day}T12:00:00Z`)), at.time);
  return HANDOFF_TEXT.inZone(when, timeZone);
}

/** What the visitor is shown of who answers: the contract of GET /chat/messages and the stream. */
export function toHandoffView(
  input: { state: HandoffState; handBackMinutes: number; staffName: string | null; availability: Availability },
  now: Date,
): HandoffView {
  const status = handoffStatus(input.state, now, input.handBackMinutes);
  if (status === "assistant") return { status };
  if (status === "staff") {
    return input.staffName
      ? { status, staffName: input.staffName, notice: HANDOFF_TEXT.withStaff(input.staffName) }
      : { status };
  }
  const available = liveChatAvailability(input.availability, now);
  if (available.available) return { status, notice: HANDOFF_TEXT.teamTold };
  return {
    status,
    notice: available.opensAt
      ? HANDOFF_TEXT.awayUntil(openingWords(available.opensAt, input.availability.timeZone, now))
      : HANDOFF_TEXT.away,
    away: true,
  };
}

/** How long a conversation has waited: "under a minute", "12 min", "2 h 5 min", "3 days". */
export function waitedFor(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return HANDOFF_TEXT.waited.underMinute;
  if (minutes < 60) return HANDOFF_TEXT.waited.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return HANDOFF_TEXT.waited.hours(hours, minutes % 60);
  return HANDOFF_TEXT.waited.days(Math.floor(hours / 24));
}
