import { csvStream } from "~/lib/csv";
import { orderBatches } from "~/models/orders.server";
import { exportFilter } from "./+shared/order-filter";
import type { Route } from "./+types/orders-export";

const HEADER = [
  "id",
  "order_date",
  "status",
  "client_name",
  "client_email",
  "client_phone",
  "service_name",
  "setup_price",
  "monthly_price",
  "total_price",
  "payment_method",
  "notes",
];

async function* csvRows(batches: ReturnType<typeof orderBatches>) {
  for await (const batch of batches) {
    yield batch.map((o) => [
      o.id,
      o.orderDate,
      o.status,
      o.clientName,
      o.clientEmail,
      o.clientPhone,
      o.serviceName,
      o.setupPrice,
      o.monthlyPrice,
      o.totalPrice,
      o.paymentMethod,
      o.notes,
    ]);
  }
}

// The orders of the Orders screen's current filter (and, from its date form, a range of days), as
// a spreadsheet. The file is streamed batch by batch: @react-router/express writes each chunk and
// waits for the socket to drain before asking for the next, so memory stays flat at any size.
export async function loader({ request }: Route.LoaderArgs) {
  const read = exportFilter(new URL(request.url));
  if ("error" in read) {
    return new Response(`This export cannot be made: ${read.error}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { filter } = read;
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(HEADER, csvRows(orderBatches(filter))), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${filter.status ?? "all"}-${date}.csv"`,
    },
  });
}
