import { z } from "zod";

import { MONTHLY_SUMMARY_TEXTS as TEXTS } from "~/copy/insights";
import { addDays, monthLabel, monthOf } from "~/lib/insights";
import { log } from "~/lib/log.server";
import { formatPrice } from "~/lib/pricing";
import { dayIn } from "~/lib/zoned-day";
import { claimSummaryMonth, insightsTimeZone } from "~/models/insights.server";
import { recordEvent } from "~/models/outbox.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { emailEnabled } from "~/services/outbox/channels.server";
import type { Block } from "~/services/outbox/email-body.server";

import { buildInsightsReport } from "./report.server";

// The monthly summary email (docs/product.md 13.2): the month before's key figures, queued once
// per month across every instance (insight_summaries' primary key) and sent by the outbox like
// every staff email, so a mail server that is down gets it later.

export const MonthlySummarySchema = z.object({
  /** "2026-10" */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  currency: z.string(),
  visitors: z.number(),
  views: z.number(),
  chats: z.number(),
  orders: z.number(),
  paidOrders: z.number(),
  paidRevenue: z.number(),
  collected: z.number(),
});
export type MonthlySummary = z.infer<typeof MonthlySummarySchema>;

/** The email's subject and body; `insightsUrl` is null without SITE_URL. */
export function monthlySummaryEmail(
  summary: MonthlySummary,
  insightsUrl: string | null,
): { subject: string; blocks: Block[] } {
  const month = monthLabel(summary.month, true);
  const count = (value: number) => value.toLocaleString("en-US");
  const money = (amount: number) => formatPrice(amount, summary.currency);
  return {
    subject: TEXTS.subject(month),
    blocks: [
      { kind: "paragraph", text: TEXTS.intro(month) },
      {
        kind: "fields",
        rows: [
          [TEXTS.rows.visitors, count(summary.visitors)],
          [TEXTS.rows.views, count(summary.views)],
          [TEXTS.rows.chats, count(summary.chats)],
          [TEXTS.rows.orders, count(summary.orders)],
          [TEXTS.rows.paidOrders, count(summary.paidOrders)],
          [TEXTS.rows.paidRevenue, money(summary.paidRevenue)],
          [TEXTS.rows.collected, money(summary.collected)],
        ],
      },
      { kind: "link", label: TEXTS.link, url: insightsUrl },
    ],
  };
}

/**
 * Queues last month's summary when the setting is on and email is set up, unless an instance did
 * already. Called by the hourly background run (app/services/retention.server.ts); `now` for tests.
 * Returns the month queued, or null.
 */
export async function queueMonthlySummary(now = new Date()): Promise<string | null> {
  if (!emailEnabled() || !(await getSiteSettings()).monthlySummaryEmail) return null;
  const firstOfThisMonth = `${monthOf(dayIn(now, await insightsTimeZone()))}-01`;
  const lastDay = addDays(firstOfThisMonth, -1);
  const month = monthOf(lastDay);
  const report = await buildInsightsReport({ from: `${month}-01`, to: lastDay });
  const summary: MonthlySummary = { month, currency: report.currency, ...report.totals };
  const queued = await claimSummaryMonth(`${month}-01`, (tx) => recordEvent(tx, "insights.monthly_summary", summary));
  if (!queued) return null;
  log.info("monthly summary email queued", { month });
  return month;
}
