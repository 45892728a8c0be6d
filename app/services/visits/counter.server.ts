import { createHash } from "node:crypto";

import { dimensionsOf, type PageView, type VisitDimension } from "~/lib/visits";
import { nextDay, startOfDay } from "~/lib/zoned-day";
import type { CountRow, VisitorRow } from "~/models/visits.server";

// One instance's page views, counted in memory and added to the database every few seconds
// (app/services/visits/visits.server.ts): a page view costs no query. docs/decisions/021-visit-counting.md

export interface VisitStore {
  daySalt(day: string): Promise<string>;
  addVisits(counts: CountRow[], visitors: VisitorRow[]): Promise<void>;
  forgetVisitorsBefore(day: string): Promise<void>;
}

/** Distinct rows held between flushes; past it new rows wait for the next flush (a flood of made-up campaigns). */
export const MAX_PENDING_ROWS = 20_000;
/** Visitor hashes this instance knows it has stored today; forgotten past it (the database still dedupes). */
const MAX_SENT_VISITORS = 100_000;
/** Visitors waiting for the day's salt (the first views of a day, or of this instance). */
const MAX_AWAITING_SALT = 5_000;

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

const rowKey = (day: string, dimension: VisitDimension, value: string) => `${day}\t${dimension}\t${value}`;

export class VisitCounter {
  private views = new Map<string, CountRow>();
  private visitors = new Map<string, VisitorRow>();
  private sent = new Set<string>();
  private salt: { day: string; value: string } | undefined;
  private saltLoading: { day: string; done: Promise<void> } | undefined;
  private awaitingSalt: Array<{
    day: string;
    counted: Array<[VisitDimension, string]>;
    ip: string;
    userAgent: string;
  }> = [];
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
    if (current && current.timeZone === this.timeZone && now < current.until && now >= current.until - 26 * 3600_000) {
      return current.day;
    }
    const day = dayIn(now, this.timeZone);
    this.currentDay = { day, until: startOfDay(nextDay(day), this.timeZone).getTime(), timeZone: this.timeZone };
    return day;
  }

  /** Counts one page view; the visitor is hashed at once, or as soon as the day's salt is known. */
  record(view: PageView, ip: string, userAgent: string, now = Date.now()): void {
    const day = this.today(now);
    const counted: Array<[VisitDimension, string]> = [];
    for (const [dimension, value] of dimensionsOf(view)) {
      const key = rowKey(day, dimension, value);
      const row = this.views.get(key);
      if (row) row.views++;
      else if (this.views.size < MAX_PENDING_ROWS) this.views.set(key, { day, dimension, value, views: 1 });
      else continue;
      counted.push([dimension, value]);
    }
    if (this.salt?.day === day) this.addVisitor(day, counted, visitorHash(this.salt.value, ip, userAgent));
    else {
      if (this.awaitingSalt.length < MAX_AWAITING_SALT) this.awaitingSalt.push({ day, counted, ip, userAgent });
      void this.loadSalt(day);
    }
  }

  /** Whether anything waits to be written. */
  get pending(): boolean {
    return this.views.size > 0 || this.visitors.size > 0 || this.awaitingSalt.length > 0;
  }

  /** Forgets what was counted and not written yet (counting was turned off). */
  discard(): void {
    this.views = new Map();
    this.visitors = new Map();
    this.awaitingSalt = [];
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

  /** Reads today's salt ahead of the day's first view, unless it is known. */
  prepareSalt(now = Date.now()): Promise<void> {
    const day = this.today(now);
    return this.salt?.day === day ? Promise.resolve() : this.loadSalt(day);
  }

  /** Settles once the day's salt has been read and the visitors waiting for it hashed. */
  saltReady(): Promise<void> {
    return this.saltLoading?.done ?? Promise.resolve();
  }

  /** The visitor of a view, on the rows that view was counted on (never more visitors than views). */
  private addVisitor(day: string, counted: Array<[VisitDimension, string]>, visitor: string): void {
    for (const [dimension, value] of counted) {
      const key = `${rowKey(day, dimension, value)}\t${visitor}`;
      if (this.sent.has(key) || this.visitors.has(key) || this.visitors.size >= MAX_PENDING_ROWS) continue;
      this.visitors.set(key, { day, dimension, value, visitor });
    }
  }

  private loadSalt(day: string): Promise<void> {
    if (this.saltLoading?.day === day) return this.saltLoading.done;
    const loading = {
      day,
      done: this.store
        .daySalt(day)
        .then((value) => {
          if (!this.salt || this.salt.day <= day) this.salt = { day, value };
          const waiting = this.awaitingSalt;
          this.awaitingSalt = waiting.filter((entry) => entry.day !== day);
          for (const entry of waiting) {
            if (entry.day === day) this.addVisitor(day, entry.counted, visitorHash(value, entry.ip, entry.userAgent));
          }
        })
        // Without the salt the views still count; their visitors do not, and the next view asks again.
        .catch(() => {
          this.awaitingSalt = this.awaitingSalt.filter((entry) => entry.day !== day);
        })
        .finally(() => {
          if (this.saltLoading === loading) this.saltLoading = undefined;
        }),
    };
    this.saltLoading = loading;
    return loading.done;
  }

  private async flushOnce(now: number): Promise<void> {
    const today = this.today(now);
    const views = this.views;
    const visitors = this.visitors;
    this.views = new Map();
    this.visitors = new Map();
    try {
      await this.store.addVisits([...views.values()], [...visitors.values()]);
    } catch (error) {
      this.restore(views, visitors);
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

  private restore(views: Map<string, CountRow>, visitors: Map<string, VisitorRow>): void {
    for (const [key, row] of views) {
      const newer = this.views.get(key);
      if (newer) newer.views += row.views;
      else if (this.views.size < MAX_PENDING_ROWS) this.views.set(key, row);
    }
    for (const [key, row] of visitors) if (this.visitors.size < MAX_PENDING_ROWS) this.visitors.set(key, row);
  }
}
