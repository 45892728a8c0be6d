import { createHash } from "node:crypto";

import { dimensionsOf, type PageView, type VisitDimension } from "~/lib/visits";
import { nextDay, startOfDay } from "~/lib/zoned-day";
import type { CountRow, VisitorRow } from "~/models/visits.server";

// One instance's page views, counted in memory and added to the database every few seconds
// (app/services/visits/visits.server.ts): a page view costs no query and no hash. A visitor is
// hashed once per flush, however many pages they viewed since the last one; their address is kept
// in memory until then only. docs/decisions/021-visit-counting.md

export interface VisitStore {
  daySalt(day: string): Promise<string>;
  addVisits(counts: CountRow[], visitors: VisitorRow[]): Promise<void>;
  forgetVisitorsBefore(day: string): Promise<void>;
}

/** Distinct views (page, source, campaign, device) held between flushes; past it they are not counted (a flood of made-up campaigns). */
export const MAX_PENDING_VIEWS = 20_000;
/** Distinct visitors held between flushes; past it their views count, but not them. */
const MAX_PENDING_VISITORS = 20_000;
/** Visitor hashes this instance knows it has stored today; forgotten past it (the database still dedupes). */
const MAX_SENT_VISITORS = 100_000;

/** The visitor's hash for the day: the first 8 bytes of SHA-256(salt, IP, user agent), as a decimal. */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${ip}\n${userAgent}`).digest().readBigInt64BE(0).toString();
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) in `timeZone` at `instant`. */
export function dayIn(instant: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Page views alike in everything counted, since the last flush. */
interface ViewCount {
  day: string;
  view: PageView;
  count: number;
}

const rowKey = (day: string, dimension: VisitDimension, value: string) => `${day}\t${dimension}\t${value}`;

export class VisitCounter {
  /** By day and everything counted of a view: one map update per page view. */
  private views = new Map<string, ViewCount>();
  /** By visitor ("IP\nuser agent"), the keys of their views, until the flush hashes them. */
  private viewers = new Map<string, Set<string>>();
  private sent = new Set<string>();
  private salt: { day: string; value: string } | undefined;
  private currentDay: { day: string; until: number; timeZone: string } | undefined;
  private forgottenBefore: string | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: VisitStore,
    public timeZone: string,
  ) {}

  /** The day a view at `now` counts for, in the site's time zone; recomputed once a day. */
  today(now = Date.now()): string {
    const current = this.currentDay;
    if (current?.timeZone === this.timeZone && now < current.until && now >= current.until - 2 * DAY_MS) {
      return current.day;
    }
    const day = dayIn(now, this.timeZone);
    this.currentDay = { day, until: startOfDay(nextDay(day), this.timeZone).getTime(), timeZone: this.timeZone };
    return day;
  }

  /** Counts one page view. */
  record(view: PageView, ip: string, userAgent: string, now = Date.now()): void {
    const day = this.today(now);
    const key = `${day}\t${view.path}\t${view.source}\t${view.utmMedium ?? ""}\t${view.utmCampaign ?? ""}\t${view.device}`;
    const counted = this.views.get(key);
    if (counted) counted.count++;
    else if (this.views.size < MAX_PENDING_VIEWS) this.views.set(key, { day, view, count: 1 });
    else return;
    const viewer = `${ip}\n${userAgent}`;
    let seen = this.viewers.get(viewer);
    if (!seen) {
      if (this.viewers.size >= MAX_PENDING_VISITORS) return;
      seen = new Set();
      this.viewers.set(viewer, seen);
    }
    seen.add(key);
  }

  /** Forgets what was counted and not written yet (counting was turned off). */
  discard(): void {
    this.views = new Map();
    this.viewers = new Map();
  }

  /**
   * Adds what was counted since the last flush to the database; one flush at a time. A failed one
   * leaves its counts to the next. Then, once a day, deletes the past days' salts and hashes.
   */
  flush(now = Date.now()): Promise<void> {
    const run = this.flushing.then(() => this.flushOnce(now));
    this.flushing = run.catch(() => undefined);
    return run;
  }

  /** Reads the day's salt (made by the first instance to ask), unless this instance has it. */
  async prepareSalt(now = Date.now()): Promise<void> {
    const day = this.today(now);
    if (this.salt?.day !== day) this.salt = { day, value: await this.store.daySalt(day) };
  }

  private async flushOnce(now: number): Promise<void> {
    const today = this.today(now);
    const views = this.views;
    const viewers = this.viewers;
    this.views = new Map();
    this.viewers = new Map();
    let visitors: Map<string, VisitorRow>;
    try {
      if (viewers.size > 0) await this.prepareSalt(now);
      visitors = this.hashed(views, viewers);
      await this.store.addVisits(countRows(views), [...visitors.values()]);
    } catch (error) {
      this.restore(views, viewers);
      throw error;
    }
    if (this.sent.size + visitors.size > MAX_SENT_VISITORS) this.sent = new Set();
    for (const key of visitors.keys()) this.sent.add(key);
    if (this.forgottenBefore !== today) {
      await this.store.forgetVisitorsBefore(today);
      this.forgottenBefore = today;
      this.sent = new Set([...this.sent].filter((key) => key.startsWith(`${today}\t`)));
      if (this.salt && this.salt.day < today) this.salt = undefined;
    }
  }

  /**
   * The visitor rows not stored yet, each visitor hashed once with the day's salt. Views of a day
   * before it (counted before midnight, written after) add no visitor: that day's hashes are
   * being deleted.
   */
  private hashed(views: Map<string, ViewCount>, viewers: Map<string, Set<string>>): Map<string, VisitorRow> {
    const visitors = new Map<string, VisitorRow>();
    const salt = this.salt;
    if (!salt) return visitors;
    for (const [viewer, seen] of viewers) {
      const separator = viewer.indexOf("\n");
      const visitor = visitorHash(salt.value, viewer.slice(0, separator), viewer.slice(separator + 1));
      for (const key of seen) {
        const counted = views.get(key);
        if (counted?.day !== salt.day) continue;
        for (const [dimension, value] of dimensionsOf(counted.view)) {
          const visitorKey = `${rowKey(salt.day, dimension, value)}\t${visitor}`;
          if (!this.sent.has(visitorKey)) visitors.set(visitorKey, { day: salt.day, dimension, value, visitor });
        }
      }
    }
    return visitors;
  }

  private restore(views: Map<string, ViewCount>, viewers: Map<string, Set<string>>): void {
    for (const [key, counted] of views) {
      const newer = this.views.get(key);
      if (newer) newer.count += counted.count;
      else if (this.views.size < MAX_PENDING_VIEWS) this.views.set(key, counted);
    }
    for (const [viewer, seen] of viewers) {
      const newer = this.viewers.get(viewer);
      if (newer) for (const key of seen) newer.add(key);
      else if (this.viewers.size < MAX_PENDING_VISITORS) this.viewers.set(viewer, seen);
    }
  }
}

/** The daily rows the views add to: each view counts on every dimension. */
function countRows(views: Map<string, ViewCount>): CountRow[] {
  const rows = new Map<string, CountRow>();
  for (const { day, view, count } of views.values()) {
    for (const [dimension, value] of dimensionsOf(view)) {
      const key = rowKey(day, dimension, value);
      const row = rows.get(key);
      if (row) row.views += count;
      else rows.set(key, { day, dimension, value, views: count });
    }
  }
  return [...rows.values()];
}
