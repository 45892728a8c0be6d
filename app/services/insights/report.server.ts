import { ORDER_STATUSES, type OrderStatus } from "~/lib/domain";
import {
  addDays,
  bucket,
  CANNED_REPLY,
  type FunnelCounts,
  type FunnelStep,
  funnelSteps,
  monthOf,
  periodDays,
  type Share,
  shares,
  spans,
  type TrendStep,
  weekOf,
} from "~/lib/insights";
import { sumPrices } from "~/lib/pricing";
import { dayIn } from "~/lib/zoned-day";
import {
  type DayRange,
  handoffFigures,
  insightsTimeZone,
  insightTotalsByKey,
  listInsightDays,
  listVisitDays,
  type TopVisitValue,
  topVisitValues,
} from "~/models/insights.server";
import { getSiteSettings } from "~/models/site-settings.server";

// One period's figures for Admin → Insights, its CSV and the monthly summary email
// (docs/product.md 13.2). Orders, payments and chats are read from insight_days, in the site's
// time zone; visits from visit_counts, counted by day in the same zone (app/services/visits/).

/** Rows in each "Top ..." table. */
export const TOP_ROWS = 10;

export interface DailyFigures {
  day: string;
  visitors: number;
  views: number;
  chats: number;
  /** Conversations handed to staff, by the day of the request. */
  handoffs: number;
  orders: number;
  paidOrders: number;
  /** The total of the day's orders that are paid. */
  paidRevenue: number;
  /** Payments received that day, in the site's currency. */
  collected: number;
}

export interface InsightsReport {
  timeZone: string;
  currency: string;
  range: DayRange;
  /** The period's days, or its weeks (`day`: the Monday; the first and last in part) for step "week". */
  points: DailyFigures[];
  totals: Omit<DailyFigures, "day">;
  funnel: FunnelStep[];
  months: { month: string; paidRevenue: number; collected: number }[];
  weeks: { week: string; counts: Record<OrderStatus, number> }[];
  topPages: TopVisitValue[];
  topSources: TopVisitValue[];
  topCampaigns: TopVisitValue[];
  servicesByOrders: { name: string; orders: number; revenue: number }[];
  servicesByRevenue: { name: string; orders: number; revenue: number }[];
  replies: Share[];
  /** Of all replies, the canned one's share; null without replies. */
  cannedShare: number | null;
  /** Of the period's handoffs (totals.handoffs), those staff answered, and how soon. */
  handoffReplies: { answered: number; medianSeconds: number | null };
}

/**
 * A period's report: the `days` days that end today in the site's zone (or on `today`), or a range
 * of days; its points per day, or per week (summed by the database: docs/decisions/028-weekly-trends.md).
 */
export async function buildInsightsReport(
  period: { days: number; today?: string } | DayRange,
  step: TrendStep = "day",
): Promise<InsightsReport> {
  const [timeZone, { currency }] = await Promise.all([insightsTimeZone(), getSiteSettings()]);
  const range = "days" in period ? rangeEnding(period.today ?? dayIn(new Date(), timeZone), period.days) : period;
  const dayList = listDays(range);
  // Each day of the period is put in its week once, not once for every row of that day.
  const weeks = new Map(dayList.map((day) => [day, weekOf(day)]));
  const weekOfDay = (day: string) => weeks.get(day) ?? weekOf(day);
  const slotOf = step === "day" ? (day: string) => day : weekOfDay;
  const slots = spans(dayList, slotOf);
  const [rows, monthRows, visits, topPages, topSources, topCampaigns, byOrders, byRevenue, replyTotals, handoffs] =
    await Promise.all([
      listInsightDays(["orders", "payments", "chats"], range, step),
      // Weeks cross months: the months' figures are summed apart.
      step === "day" ? null : listInsightDays(["orders", "payments"], range, "month"),
      listVisitDays(range, step),
      topVisitValues("page", range, TOP_ROWS),
      topVisitValues("source", range, TOP_ROWS),
      topVisitValues("utm_campaign", range, TOP_ROWS),
      insightTotalsByKey("services", range, "count", TOP_ROWS),
      insightTotalsByKey("services", range, "amount", TOP_ROWS),
      insightTotalsByKey("replies", range, "count", 100),
      handoffFigures(range, timeZone),
    ]);
  const of = (metric: string, key?: string, list = rows) =>
    list.filter((row) => row.metric === metric && (key === undefined || row.key === key));
  const bySlot = <Row extends { day: string }>(list: readonly Row[], value: (row: Row) => number) =>
    bucket(slots, list, (row) => slotOf(row.day), value);
  const visitors = bySlot(visits, (row) => row.visitors);
  const views = bySlot(visits, (row) => row.views);
  const chats = bySlot(of("chats"), (row) => row.count);
  const handoffsPerDay = bySlot(handoffs.days, (row) => row.count);
  const orders = bySlot(of("orders"), (row) => row.count);
  const paidOrders = bySlot(of("orders", "paid"), (row) => row.count);
  const paidRevenue = bySlot(of("orders", "paid"), (row) => row.amount);
  const collected = bySlot(of("payments", currency), (row) => row.amount);
  const points = slots.map((day, index) => ({
    day,
    visitors: visitors[index],
    views: views[index],
    chats: chats[index],
    handoffs: handoffsPerDay[index],
    orders: orders[index],
    paidOrders: paidOrders[index],
    paidRevenue: paidRevenue[index],
    collected: collected[index],
  }));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const totals = {
    visitors: sum(visitors),
    views: sum(views),
    chats: sum(chats),
    handoffs: sum(handoffsPerDay),
    orders: sum(orders),
    paidOrders: sum(paidOrders),
    paidRevenue: sumPrices(paidRevenue),
    collected: sumPrices(collected),
  };
  const funnelCounts: FunnelCounts = {
    visitors: totals.visitors,
    chats: totals.chats,
    orders: totals.orders,
    paid: totals.paidOrders,
  };
  const monthKeys = spans(dayList, monthOf);
  const monthRevenue = bucket(
    monthKeys,
    of("orders", "paid", monthRows ?? rows),
    (row) => monthOf(row.day),
    (row) => row.amount,
  );
  const monthCollected = bucket(
    monthKeys,
    of("payments", currency, monthRows ?? rows),
    (row) => monthOf(row.day),
    (row) => row.amount,
  );
  const weekKeys = spans(dayList, weekOfDay);
  const weekCounts = Object.fromEntries(
    ORDER_STATUSES.map((status) => [
      status,
      bucket(
        weekKeys,
        of("orders", status),
        (row) => weekOfDay(row.day),
        (row) => row.count,
      ),
    ]),
  ) as Record<OrderStatus, number[]>;
  const replies = shares(Object.fromEntries(replyTotals.map((row) => [row.key, row.count])));
  const service = (row: { key: string; count: number; amount: number }) => ({
    name: row.key,
    orders: row.count,
    revenue: row.amount,
  });
  return {
    timeZone,
    currency,
    range,
    points,
    totals,
    funnel: funnelSteps(funnelCounts),
    months: monthKeys.map((month, index) => ({
      month,
      paidRevenue: monthRevenue[index],
      collected: monthCollected[index],
    })),
    weeks: weekKeys.map((week, index) => ({
      week,
      counts: Object.fromEntries(ORDER_STATUSES.map((status) => [status, weekCounts[status][index]])) as Record<
        OrderStatus,
        number
      >,
    })),
    topPages,
    topSources,
    topCampaigns,
    servicesByOrders: byOrders.map(service),
    servicesByRevenue: byRevenue.map(service),
    replies,
    // The table's figure, so the sentence and the table agree to the tenth.
    cannedShare: replies.length === 0 ? null : (replies.find((share) => share.key === CANNED_REPLY)?.percent ?? 0),
    handoffReplies: { answered: handoffs.answered, medianSeconds: handoffs.medianReplySeconds },
  };
}

/** The `days` days that end on `today`. */
export function rangeEnding(today: string, days: number): DayRange {
  const list = periodDays(today, days);
  return { from: list[0], to: list[list.length - 1] };
}

function listDays(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}
