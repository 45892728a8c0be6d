import { INSIGHTS_CSV_HEADER } from "~/copy/insights";
import { csvLine, csvStream } from "~/lib/csv";
import { PeriodSchema } from "~/lib/insights";
import { decimalPrice } from "~/lib/pricing";
import { buildInsightsReport } from "~/services/insights/report.server";

import type { Route } from "./+types/insights-export";

// The Insights page's daily figures for its period, as a spreadsheet: at most 365 rows, made from
// the same report as the page, so the two always agree.
export async function loader({ request }: Route.LoaderArgs) {
  const { days } = PeriodSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const report = await buildInsightsReport({ days });
  const records = report.points.map((row) =>
    csvLine([
      row.day,
      row.visitors,
      row.views,
      row.chats,
      row.handoffs,
      row.orders,
      row.paidOrders,
      decimalPrice(row.paidRevenue),
      decimalPrice(row.collected),
    ]),
  );
  async function* lines() {
    yield records.join("");
  }
  return new Response(csvStream(INSIGHTS_CSV_HEADER, lines()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insights-${report.range.from}-to-${report.range.to}.csv"`,
    },
  });
}
