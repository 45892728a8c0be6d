import { z } from "zod";

import { INSIGHTS_TEXTS } from "~/copy/insights";

// Admin → Insights' arithmetic (docs/product.md 13.2): periods, day lists, the funnel's rates, the
// shares of replies, weeks and months. Pure, so the page, the CSV and the summary email agree.

export const PERIOD_DAYS = [7, 30, 90, 365] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];
export const DEFAULT_PERIOD_DAYS: PeriodDays = 30;

/** `?days=` of the page and the CSV: one of the four periods; anything else is the default. */
export const PeriodSchema = z.object({
  days: z
    .enum(PERIOD_DAYS.map(String) as [string, ...string[]])
    .catch(String(DEFAULT_PERIOD_DAYS))
    .transform((days) => Number(days) as PeriodDays),
});

/** chat_messages.answered_by of the canned reply (app/services/chat/fan-out.server.ts). */
export const CANNED_REPLY = "canned";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `day` (YYYY-MM-DD) moved by `delta` calendar days. */
export function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** The `days` calendar days that end with `today`, oldest first. */
export function periodDays(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => addDays(today, index - days + 1));
}

/** The Monday that starts `day`'s week (ISO weeks). */
export function weekOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** "2026-11" for any day of November 2026. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The distinct keys of `days`, in order (the weeks or months a period spans). */
export function spans(days: readonly string[], keyOf: (day: string) => string): string[] {
  return [...new Set(days.map(keyOf))];
}

/**
 * The calendar months wholly inside `from`..`to` (inclusive days), as their first days, with the
 * days before and after them; null when no month is whole. A period's "Top ..." tables read whole
 * months from their monthly sums and only the rest by day (docs/decisions/028-weekly-trends.md).
 */
export function wholeMonths(
  from: string,
  to: string,
): { first: string; last: string; before: string | null; after: string | null } | null {
  const first = from.endsWith("-01") ? from : `${monthOf(addDays(`${monthOf(from)}-28`, 7))}-01`;
  const dayAfter = addDays(to, 1);
  const last = dayAfter.endsWith("-01") ? `${monthOf(to)}-01` : `${monthOf(addDays(`${monthOf(to)}-01`, -1))}-01`;
  if (first > last) return null;
  const afterLast = `${monthOf(addDays(`${last.slice(0, 7)}-28`, 7))}-01`;
  return {
    first,
    last,
    /** The last day before the first whole month, when the period starts earlier. */
    before: first > from ? addDays(first, -1) : null,
    /** The first day after the last whole month, when the period goes on. */
    after: afterLast <= to ? afterLast : null,
  };
}

/** Whole percent of `part` in `whole`; null when there is no whole to divide (shown as "–"). */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

export interface FunnelCounts {
  visitors: number;
  chats: number;
  orders: number;
  paid: number;
}

export interface FunnelStep {
  step: keyof FunnelCounts;
  value: number;
  /** Of the step before (the first step has none). */
  rate: number | null;
  /** Of the first step: the bar's length. */
  ofFirst: number;
}

const FUNNEL_ORDER: (keyof FunnelCounts)[] = ["visitors", "chats", "orders", "paid"];

/**
 * The funnel's steps, each with its rate from the step before. A chat is not a step every buyer
 * takes, so a rate can pass 100 % (more orders than conversations): it is shown as it is.
 */
export function funnelSteps(counts: FunnelCounts): FunnelStep[] {
  const first = Math.max(...FUNNEL_ORDER.map((step) => counts[step]), 0);
  return FUNNEL_ORDER.map((step, index) => ({
    step,
    value: counts[step],
    rate: index === 0 ? null : percentOf(counts[step], counts[FUNNEL_ORDER[index - 1]]),
    ofFirst: first > 0 ? counts[step] / first : 0,
  }));
}

export interface Share {
  key: string;
  count: number;
  percent: number;
}

/** Each key's share of the total, largest first; the percents are rounded to add up to 100. */
export function shares(counts: Record<string, number>): Share[] {
  const entries = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return [];
  // Largest remainder, in tenths of a percent.
  const exact = entries.map(([, count]) => (count / total) * 1000);
  const floors = exact.map(Math.floor);
  let left = 1000 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - floors[index] }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left-- <= 0) break;
    floors[index] += 1;
  }
  return entries.map(([key, count], index) => ({ key, count, percent: floors[index] / 10 }));
}

/** Sums `value` of `rows` into the buckets of `keys` (0 where a bucket has no row). */
export function bucket<Row>(
  keys: readonly string[],
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  value: (row: Row) => number,
): number[] {
  const index = new Map(keys.map((key, at) => [key, at]));
  const sums = keys.map(() => 0);
  for (const row of rows) {
    const at = index.get(keyOf(row));
    if (at !== undefined) sums[at] += value(row);
  }
  return sums;
}

/**
 * The visits and chat charts' step: a point and a table row per day up to a month, per week
 * (Monday first) from 90 days on, so a year is 53 points, not 365 (docs/decisions/028-weekly-trends.md).
 */
export type TrendStep = "day" | "week";
export const WEEKLY_FROM_DAYS = 90;

export function trendStep(days: number): TrendStep {
  return days >= WEEKLY_FROM_DAYS ? "week" : "day";
}

/** The middle value (the mean of the two middle ones); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** "45 s", "12 min" or "2 h 5 min", rounded to the unit shown. */
export function durationLabel(seconds: number): string {
  const { duration } = INSIGHTS_TEXTS;
  if (seconds < 59.5) return duration.seconds(Math.round(seconds));
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return duration.minutes(minutes);
  return duration.hours(Math.floor(minutes / 60), minutes % 60);
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const longMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** A "Top sources" value as shown: a direct visit is stored with an empty source. */
export function sourceLabel(source: string): string {
  return source || INSIGHTS_TEXTS.directSource;
}

/** "Nov 28" (an axis) or "Nov 28, 2026" (a table) for a calendar day: no zone moves it. */
export function dayLabel(day: string, long = false): string {
  return (long ? longDay : shortDay).format(new Date(`${day}T00:00:00Z`));
}

/** "Nov 2026", or "November 2026" (the summary email), for "2026-11". */
export function monthLabel(month: string, long = false): string {
  return (long ? longMonth : monthYear).format(new Date(`${month}-01T00:00:00Z`));
}
