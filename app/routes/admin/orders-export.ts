import { COMMON_TEXTS } from "~/copy/admin";
import { csvStream } from "~/lib/csv";
import { ORDER_EXPORT_HEADER, orderCsvRecords } from "~/models/orders.server";

import { exportFilter } from "./+shared/order-filter";
import type { Route } from "./+types/orders-export";

// The orders of the Orders screen's current filter (and, from its date form, a range of days), as
// a spreadsheet. The file is streamed batch by batch: csvStream reads the next batch only when
// @react-router/express has written the last one and the socket (or the compression stream) has
// drained, so memory stays flat at any size (tests/integration/admin-orders.test.ts checks it).
export async function loader({ request }: Route.LoaderArgs) {
  const read = exportFilter(new URL(request.url));
  if ("error" in read) {
    return new Response(COMMON_TEXTS.exportRefused(read.error), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { filter } = read;
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(ORDER_EXPORT_HEADER, orderCsvRecords(filter)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${filter.status ?? "all"}-${date}.csv"`,
    },
  });
}
