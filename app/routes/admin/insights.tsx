import { Form, Link } from "react-router";

import { AreaChart } from "~/components/admin/charts/area-chart";
import { BarChart } from "~/components/admin/charts/bar-chart";
import { type Column, count, DataTable } from "~/components/admin/charts/chart-parts";
import { Funnel } from "~/components/admin/charts/funnel";
import { Options } from "~/components/admin/options";
import { Card, PageHeader } from "~/components/admin/page-header";
import { orderStatusLabel } from "~/components/admin/status-badge";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { adminTitle } from "~/copy/admin";
import { INSIGHTS_TEXTS as TEXTS } from "~/copy/insights";
import { ORDER_STATUSES } from "~/lib/domain";
import {
  CANNED_REPLY,
  dayLabel,
  durationLabel,
  monthLabel,
  PERIOD_DAYS,
  PeriodSchema,
  sourceLabel,
  trendStep,
} from "~/lib/insights";
import { formatPrice } from "~/lib/pricing";
import type { TopVisitValue } from "~/models/insights.server";
import { buildInsightsReport } from "~/services/insights/report.server";

import type { Route } from "./+types/insights";

// Admin → Insights (docs/product.md 13.2): one period's charts, each with its figures as a table.
// Every read is of per-day totals (app/services/insights/report.server.ts), so a year costs the
// same at a million orders as at ten (npm run bench -- --scale).

export async function loader({ request }: Route.LoaderArgs) {
  const { days } = PeriodSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const step = trendStep(days);
  const { points, ...report } = await buildInsightsReport({ days }, step);
  // The page's data carries only the figures its two trend charts draw.
  const trend = points.map(({ day, visitors, views, chats }) => ({ start: day, visitors, views, chats }));
  return { days, step, trend, report };
}

const STATUS_SWATCHES = {
  pending: "fill-amber-400 bg-amber-400",
  paid: "fill-emerald-600 bg-emerald-600",
  cancelled: "fill-red-500 bg-red-500",
};

// A trend line's colour: its legend swatch and its stroke (whole class names, which Tailwind finds).
const LINES = {
  visitors: { swatch: "fill-brand bg-brand", stroke: "stroke-brand" },
  views: { swatch: "fill-slate-400 bg-slate-400", stroke: "stroke-slate-400" },
  chats: { swatch: "fill-brand-2 bg-brand-2", stroke: "stroke-brand-2" },
};

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { days, step, trend, report } = loaderData;
  const money = (amount: number) => formatPrice(amount, report.currency);
  const trendLabels = trend.map((row) => dayLabel(row.start));
  const trendColumn = step === "day" ? TEXTS.day : TEXTS.weeks.week;
  const trendRowLabels = trend.map((row) => dayLabel(row.start, true));
  const monthLabels = report.months.map((row) => monthLabel(row.month));
  return (
    <>
      <PageHeader title={TEXTS.title} description={TEXTS.description}>
        <Link
          to={`/admin/insights/export.csv?days=${days}`}
          reloadDocument
          className={buttonClasses("secondary", "md")}
        >
          <Icon name="download" className="size-4" />
          {TEXTS.downloadCsv}
        </Link>
      </PageHeader>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          {TEXTS.periodLabel}
          <select
            name="days"
            defaultValue={days}
            key={days}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <Options values={PERIOD_DAYS} label={(option) => TEXTS.periods[option]} />
          </select>
        </label>
        <button type="submit" className={buttonClasses("primary", "md")}>
          {TEXTS.show}
        </button>
        <p className="w-full text-xs text-slate-500 sm:w-auto">{TEXTS.zoneNote(report.timeZone)}</p>
      </Form>

      <div className="grid gap-6 xl:grid-cols-2">
        <Section id="visits" title={TEXTS.visits.heading} className="xl:col-span-2">
          <AreaChart
            label={TEXTS.visits.chartLabel(report.totals.visitors, report.totals.views, step)}
            labels={trendLabels}
            series={[
              { name: TEXTS.visits.visitors, values: trend.map((row) => row.visitors), ...LINES.visitors },
              { name: TEXTS.visits.views, values: trend.map((row) => row.views), ...LINES.views },
            ]}
            table={{ caption: TEXTS.visits.heading, first: trendColumn, rowLabels: trendRowLabels }}
          />
        </Section>

        <Section id="funnel" title={TEXTS.funnel.heading} description={TEXTS.funnel.description}>
          <Funnel steps={report.funnel} />
        </Section>

        <Section id="chat" title={TEXTS.chat.heading}>
          <AreaChart
            label={TEXTS.chat.chartLabel(report.totals.chats, step)}
            labels={trendLabels}
            series={[{ name: TEXTS.chat.conversations, values: trend.map((row) => row.chats), ...LINES.chats }]}
            table={{ caption: TEXTS.chat.conversations, first: trendColumn, rowLabels: trendRowLabels }}
          />
          {report.replies.length > 0 ? (
            <div className="mt-4">
              <DataTable
                caption={TEXTS.chat.answeredBy}
                columns={[
                  { label: TEXTS.chat.answeredBy },
                  { label: TEXTS.chat.replies, numeric: true },
                  { label: TEXTS.chat.share, numeric: true },
                ]}
                rows={report.replies.map((share) => [
                  answeredByLabel(share.key),
                  count(share.count),
                  `${share.percent}%`,
                ])}
              />
              <p className="mt-2 text-sm text-slate-600">{TEXTS.chat.cannedShare(`${report.cannedShare ?? 0}%`)}</p>
            </div>
          ) : null}
          {report.totals.handoffs > 0 ? (
            <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-600">{TEXTS.chat.handoffs}</dt>
              <dd className="font-medium">
                {TEXTS.chat.handoffsValue(report.totals.handoffs, report.handoffReplies.answered)}
              </dd>
              <dt className="text-slate-600">{TEXTS.chat.replyTime}</dt>
              <dd className="font-medium">
                {report.handoffReplies.medianSeconds === null
                  ? TEXTS.chat.notAnswered
                  : durationLabel(report.handoffReplies.medianSeconds)}
              </dd>
            </dl>
          ) : null}
        </Section>

        <Section id="revenue" title={TEXTS.revenue.heading}>
          <BarChart
            label={TEXTS.revenue.chartLabel}
            layout="grouped"
            labels={monthLabels}
            series={[
              { name: TEXTS.revenue.paidOrders, swatch: "fill-emerald-600 bg-emerald-600" },
              { name: TEXTS.revenue.collected, swatch: "fill-brand bg-brand" },
            ]}
            values={report.months.map((row) => [row.paidRevenue, row.collected])}
            format={money}
            table={{ caption: TEXTS.revenue.heading, first: TEXTS.month, rowLabels: monthLabels }}
          />
        </Section>

        <Section id="weeks" title={TEXTS.weeks.heading}>
          <BarChart
            label={TEXTS.weeks.chartLabel}
            layout="stacked"
            labels={report.weeks.map((row) => dayLabel(row.week))}
            series={ORDER_STATUSES.map((status) => ({
              name: orderStatusLabel(status),
              swatch: STATUS_SWATCHES[status],
            }))}
            values={report.weeks.map((row) => ORDER_STATUSES.map((status) => row.counts[status]))}
            table={{
              caption: TEXTS.weeks.heading,
              first: TEXTS.weeks.week,
              rowLabels: report.weeks.map((row) => dayLabel(row.week, true)),
            }}
          />
        </Section>

        <TopVisits title={TEXTS.topPages} first={TEXTS.page} rows={report.topPages} />
        <TopVisits title={TEXTS.topSources} first={TEXTS.source} rows={report.topSources} label={sourceLabel} />
        <TopVisits title={TEXTS.topCampaigns} first={TEXTS.campaign} rows={report.topCampaigns} />
        <TopServices title={TEXTS.servicesByOrders} rows={report.servicesByOrders} money={money} />
        <TopServices title={TEXTS.servicesByRevenue} rows={report.servicesByRevenue} money={money} />
      </div>
    </>
  );
}

function Section({
  id,
  title,
  description,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card heading={title} headingId={`${id}-heading`} className={`min-w-0 ${className ?? ""}`}>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-3">{children}</div>
    </Card>
  );
}

const headingId = (title: string) => title.toLowerCase().replaceAll(/[^a-z]+/g, "-");

/** A "Top …" list as a table under its heading, or a line saying there is nothing yet. */
function TopTable({ title, columns, rows }: { title: string; columns: Column[]; rows: string[][] }) {
  return (
    <Section id={headingId(title)} title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{TEXTS.none}</p>
      ) : (
        <DataTable caption={title} columns={columns} rows={rows} />
      )}
    </Section>
  );
}

function TopVisits({
  title,
  first,
  rows,
  label = (value) => value,
}: {
  title: string;
  first: string;
  rows: TopVisitValue[];
  label?: (value: string) => string;
}) {
  const columns: Column[] = [
    { label: first },
    { label: TEXTS.visitors, numeric: true },
    { label: TEXTS.views, numeric: true },
  ];
  return (
    <TopTable
      title={title}
      columns={columns}
      rows={rows.map((row) => [label(row.value), count(row.visitors), count(row.views)])}
    />
  );
}

function TopServices({
  title,
  rows,
  money,
}: {
  title: string;
  rows: { name: string; orders: number; revenue: number }[];
  money: (amount: number) => string;
}) {
  const columns: Column[] = [
    { label: TEXTS.service },
    { label: TEXTS.orders, numeric: true },
    { label: TEXTS.revenueColumn, numeric: true },
  ];
  return (
    <TopTable
      title={title}
      columns={columns}
      rows={rows.map((row) => [row.name, count(row.orders), money(row.revenue)])}
    />
  );
}

/** A webhook's name as given; the fallbacks by what they are. */
function answeredByLabel(key: string): string {
  if (key === CANNED_REPLY) return TEXTS.chat.canned;
  if (key === "settings") return TEXTS.chat.settings;
  if (key === "staff") return TEXTS.chat.staff;
  return key || TEXTS.chat.unknown;
}

export function meta() {
  return [{ title: adminTitle(TEXTS.title) }];
}
