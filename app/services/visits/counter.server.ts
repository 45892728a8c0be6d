import { createHash } from "node:crypto";

import { dimensionsOf, type PageView, type VisitDimension } from "~/lib/visits";
import { dayIn, nextDay, startOfDay } from "~/lib/zoned-day";
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
const MAX_PENDING_VIEWS = 20_000;
/** Distinct visitors held between flushes; past it their views count, but not them. */
const MAX_PENDING_VISITORS = 20_000;
/** Visitor hashes this instance knows it has stored today; forgotten past it (the database still dedupes). */
const MAX_SENT_VISITORS = 100_000;

/** The visitor's hash for the day: the first 8 bytes of SHA-256(salt, IP, user agent), as a decimal. */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${ip}\n${userAgent}`).digest().readBigInt64BE(0).toString();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Page views alike in everything counted, since the last flush. */
interface ViewCount {
  day: string;
  view: PageView;
  count: number;
}

/** Keyed by day, path, source and campaign, then device: lookups of strings the request already holds. */
type ViewIndex = Map<string, Map<string, Map<string, Map<string, Map<string, ViewCount>>>>>;

const rowKey = (day: string, dimension: VisitDimension, value: string) => `${day}\t${dimension}\t${value}`;

/** The map under `key` in `map`, made empty if there is none. */
function mapIn<K, K2, V2>(map: Map<K, Map<K2, V2>>, key: K): Map<K2, V2> {
  let value = map.get(key);
  if (value === undefined) {
    value = new Map();
    map.set(key, value);
  }
  return value;
}

export class VisitCounter {
  // A page view costs a few map lookups, no string built: it runs on every page the cache answers.
  private index: ViewIndex = new Map();
  private views: ViewCount[] = [];
  /** By IP, then user agent, the views of each visitor, until the flush hashes them. */
  private viewers = new Map<string, Map<string, Set<ViewCount>>>();
  private viewerCount = 0;
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
    const counted = this.slot(this.today(now), view);
    if (!counted) return;
    counted.count++;
    this.addViewer(ip, userAgent, counted);
  }

  /** Forgets what was counted and not written yet (counting was turned off). */
  discard(): void {
    this.index = new Map();
    this.views = [];
    this.viewers = new Map();
    this.viewerCount = 0;
  }

  /** The count of views alike to `view` on `day` (made at 0), or none past MAX_PENDING_VIEWS. */
  private slot(day: string, view: PageView): ViewCount | undefined {
    const campaign = view.utmMedium || view.utmCampaign ? `${view.utmMedium ?? ""}\t${view.utmCampaign ?? ""}` : "";
    const byCampaign = mapIn(mapIn(mapIn(mapIn(this.index, day), view.path), view.source), campaign);
    let counted = byCampaign.get(view.device);
    if (!counted) {
      if (this.views.length >= MAX_PENDING_VIEWS) return undefined;
      counted = { day, view, count: 0 };
      byCampaign.set(view.device, counted);
      this.views.push(counted);
    }
    return counted;
  }

  private addViewer(ip: string, userAgent: string, counted: ViewCount): void {
    const byUserAgent = mapIn(this.viewers, ip);
    let seen = byUserAgent.get(userAgent);
    if (!seen) {
      if (this.viewerCount >= MAX_PENDING_VISITORS) return;
      this.viewerCount++;
      seen = new Set();
      byUserAgent.set(userAgent, seen);
    }
    seen.add(counted);
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
    this.discard();
    let visitors: Map<string, VisitorRow>;
    try {
      if (viewers.size > 0) await this.prepareSalt(now);
      visitors = this.hashed(viewers);
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
  private hashed(viewers: Map<string, Map<string, Set<ViewCount>>>): Map<string, VisitorRow> {
    const visitors = new Map<string, VisitorRow>();
    const salt = this.salt;
    if (!salt) return visitors;
    for (const [ip, byUserAgent] of viewers) {
      for (const [userAgent, seen] of byUserAgent) {
        const visitor = visitorHash(salt.value, ip, userAgent);
        for (const { day, view } of seen) {
          if (day !== salt.day) continue;
          for (const [dimension, value] of dimensionsOf(view)) {
            const visitorKey = `${rowKey(day, dimension, value)}\t${visitor}`;
            if (!this.sent.has(visitorKey)) visitors.set(visitorKey, { day, dimension, value, visitor });
          }
        }
      }
    }
    return visitors;
  }

  /** Puts a failed flush's views and visitors back, merged with those counted meanwhile. */
  private restore(views: ViewCount[], viewers: Map<string, Map<string, Set<ViewCount>>>): void {
    const moved = new Map<ViewCount, ViewCount | undefined>();
    for (const old of views) {
      const counted = this.slot(old.day, old.view);
      if (counted) counted.count += old.count;
      moved.set(old, counted);
    }
    for (const [ip, byUserAgent] of viewers) {
      for (const [userAgent, seen] of byUserAgent) {
        for (const old of seen) {
          const counted = moved.get(old);
          if (counted) this.addViewer(ip, userAgent, counted);
        }
      }
    }
  }
}

/** The daily rows the views add to: each view counts on every dimension. */
function countRows(views: ViewCount[]): CountRow[] {
  const rows = new Map<string, CountRow>();
  for (const { day, view, count } of views) {
    for (const [dimension, value] of dimensionsOf(view)) {
      const key = rowKey(day, dimension, value);
      const row = rows.get(key);
      if (row) row.views += count;
      else rows.set(key, { day, dimension, value, views: count });
    }
  }
  return [...rows.values()];
}
