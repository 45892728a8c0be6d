import { and, between, desc, eq, inArray, sql } from "drizzle-orm";

import { type Db, db, withReadRetry } from "~/db/client.server";
import { chatMessages, chatSessions, insightDays, insightSummaries, visitCounts, visitMonths } from "~/db/schema";
import { median, wholeMonths } from "~/lib/insights";

// Reads for Admin → Insights: the trigger-kept per-day totals (insight_days, whose metrics the
// migration 20261128220400_insights_settings.sql writes) and the visit counts, a period at a time.
// Each read is an index range over a few thousand rows whatever the number of orders or messages.

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** orders: per status; services: per service name (amount: paid); payments: per currency; chats; replies: per answered_by. */
export type InsightMetric = "orders" | "services" | "payments" | "chats" | "replies";

export interface InsightRow {
  metric: InsightMetric;
  day: string;
  key: string;
  count: number;
  amount: number;
}

/** Inclusive calendar days, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/** The zone insight_days' days are in: the site's, or UTC when it is unset or unknown to the database. */
export async function insightsTimeZone(): Promise<string> {
  const [row] = await withReadRetry(() =>
    db()
      .select({ zone: sql<string>`"public"."insights_time_zone"()` })
      .from(sql`(values (1)) as one (x)`),
  );
  return row?.zone ?? "UTC";
}

/** The rows of these metrics in the range, per day or summed per week or month (`day`: its first day). */
export async function listInsightDays(
  metrics: InsightMetric[],
  range: DayRange,
  step: "day" | "week" | "month" = "day",
): Promise<InsightRow[]> {
  const where = and(inArray(insightDays.metric, metrics), between(insightDays.day, range.from, range.to));
  if (step === "day") {
    return withReadRetry(() =>
      db()
        .select({
          metric: sql<InsightMetric>`${insightDays.metric}`,
          day: sql<string>`${insightDays.day}::text`,
          key: insightDays.key,
          count: insightDays.count,
          amount: insightDays.amount,
        })
        .from(insightDays)
        .where(where),
    );
  }
  // Grouped in the database: each row the page receives costs more than summing it there.
  const start = sql<string>`date_trunc(${sql.raw(step === "week" ? "'week'" : "'month'")}, ${insightDays.day}::timestamp)::date::text`;
  const rows = await withReadRetry(() =>
    db()
      .select({
        metric: sql<InsightMetric>`${insightDays.metric}`,
        day: start,
        key: insightDays.key,
        count: sql<string>`sum(${insightDays.count})`,
        amount: sql<string>`sum(${insightDays.amount})`,
      })
      .from(insightDays)
      .where(where)
      .groupBy(insightDays.metric, start, insightDays.key),
  );
  return rows.map((row) => ({ ...row, count: Number(row.count), amount: Number(row.amount) }));
}

/** The range's totals of one metric per key, largest `order` first. */
export async function insightTotalsByKey(
  metric: InsightMetric,
  range: DayRange,
  order: "count" | "amount",
  limit: number,
): Promise<{ key: string; count: number; amount: number }[]> {
  const count = sql<string>`sum(${insightDays.count})`;
  const amount = sql<string>`sum(${insightDays.amount})`;
  const rows = await withReadRetry(() =>
    db()
      .select({ key: insightDays.key, count, amount })
      .from(insightDays)
      .where(and(eq(insightDays.metric, metric), between(insightDays.day, range.from, range.to)))
      .groupBy(insightDays.key)
      // Keys whose rows were all taken back (deleted orders) net to zero: not listed.
      .having(sql`${order === "count" ? count : amount} > 0`)
      .orderBy(desc(order === "count" ? count : amount), insightDays.key)
      .limit(limit),
  );
  return rows.map((row) => ({ key: row.key, count: Number(row.count), amount: Number(row.amount) }));
}

export interface VisitDay {
  day: string;
  views: number;
  visitors: number;
}

/** The site's daily totals ('total' rows) in the range, or their sums per week; a day without visits has no row. */
export async function listVisitDays(range: DayRange, step: "day" | "week" = "day"): Promise<VisitDay[]> {
  const where = and(eq(visitCounts.dimension, "total"), between(visitCounts.day, range.from, range.to));
  if (step === "day") {
    return withReadRetry(() =>
      db()
        .select({
          day: sql<string>`${visitCounts.day}::text`,
          views: visitCounts.views,
          visitors: visitCounts.visitors,
        })
        .from(visitCounts)
        .where(where),
    );
  }
  const start = sql<string>`date_trunc('week', ${visitCounts.day}::timestamp)::date::text`;
  const rows = await withReadRetry(() =>
    db()
      .select({
        day: start,
        views: sql<string>`sum(${visitCounts.views})`,
        visitors: sql<string>`sum(${visitCounts.visitors})`,
      })
      .from(visitCounts)
      .where(where)
      .groupBy(start),
  );
  return rows.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) }));
}

export interface TopVisitValue {
  value: string;
  views: number;
  /** Summed daily visitors: a person who came on two days counts twice. */
  visitors: number;
}

/**
 * The `limit` values of a visit dimension ('page', 'source', 'utm_campaign') with the most views in
 * the range: its whole months from visit_months, the days around them from visit_counts.
 */
export async function topVisitValues(dimension: string, range: DayRange, limit: number): Promise<TopVisitValue[]> {
  const months = wholeMonths(range.from, range.to);
  const byDay = (from: string, to: string) =>
    sql`select ${visitCounts.value} as value, ${visitCounts.views}::bigint as views, ${visitCounts.visitors}::bigint as visitors
      from ${visitCounts} where ${visitCounts.dimension} = ${dimension} and ${visitCounts.day} between ${from} and ${to}`;
  const parts = months
    ? [
        sql`select ${visitMonths.value} as value, ${visitMonths.views} as views, ${visitMonths.visitors} as visitors
          from ${visitMonths} where ${visitMonths.dimension} = ${dimension}
            and ${visitMonths.month} between ${months.first} and ${months.last}`,
        ...(months.before ? [byDay(range.from, months.before)] : []),
        ...(months.after ? [byDay(months.after, range.to)] : []),
      ]
    : [byDay(range.from, range.to)];
  const views = sql<string>`sum(views)`;
  const rows = await withReadRetry(() =>
    db()
      .select({ value: sql<string>`value`, views, visitors: sql<string>`sum(visitors)` })
      .from(sql`(${sql.join(parts, sql` union all `)}) as counted`)
      .groupBy(sql`value`)
      .orderBy(desc(views), sql`value`)
      .limit(limit),
  );
  return rows.map((row) => ({ value: row.value, views: Number(row.views), visitors: Number(row.visitors) }));
}

export interface HandoffFigures {
  /** Handoffs per day of the request, in `timeZone`; a day without one has no row. */
  days: { day: string; count: number }[];
  /** Of those, the ones a staff member has answered since. */
  answered: number;
  /** The median time from the request to the first staff reply after it; null when none is answered. */
  medianReplySeconds: number | null;
}

/**
 * The conversations the visitor or the assistant handed to staff, by the day of their latest
 * request, and how soon staff replied. A staff member taking a conversation over is no request
 * (its reply time would be 0). An index range over the requests (chat_sessions_handoff_idx), and
 * one index probe each for the first staff reply (chat_messages_session_created_idx).
 */
export async function handoffFigures(range: DayRange, timeZone: string): Promise<HandoffFigures> {
  const requested = chatSessions.handoffRequestedAt;
  const firstReply = sql`(select ${chatMessages.createdAt} from ${chatMessages}
    where ${chatMessages.sessionId} = ${chatSessions.sessionId} and ${chatMessages.createdAt} >= ${requested}
      and ${chatMessages.answeredBy} = 'staff'
    order by ${chatMessages.createdAt} limit 1)`;
  const inRange = and(
    sql`${requested} >= (${range.from}::date)::timestamp at time zone ${timeZone}`,
    sql`${requested} < (${range.to}::date + 1)::timestamp at time zone ${timeZone}`,
    sql`${chatSessions.handoffBy} is distinct from 'staff'`,
  );
  const rows = await withReadRetry(() =>
    db()
      .select({
        day: sql<string>`(${requested} at time zone ${timeZone})::date::text`,
        waitSeconds: sql<string | null>`extract(epoch from ${firstReply} - ${requested})`,
      })
      .from(chatSessions)
      .where(inRange),
  );
  const perDay = new Map<string, number>();
  const waits: number[] = [];
  for (const row of rows) {
    perDay.set(row.day, (perDay.get(row.day) ?? 0) + 1);
    if (row.waitSeconds !== null) waits.push(Number(row.waitSeconds));
  }
  return {
    days: [...perDay].map(([day, count]) => ({ day, count })),
    answered: waits.length,
    medianReplySeconds: median(waits),
  };
}

/**
 * Claims `month` (its first day) for the summary email: true for the one caller, across every
 * instance, whose insert made the row; `then` runs in the same transaction (it queues the email).
 */
export function claimSummaryMonth(month: string, then: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db().transaction(async (tx) => {
    const claimed = await tx
      .insert(insightSummaries)
      .values({ month })
      .onConflictDoNothing()
      .returning({ month: insightSummaries.month });
    if (claimed.length === 0) return false;
    await then(tx);
    return true;
  });
}
