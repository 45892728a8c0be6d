import { decimalPrice } from "~/lib/pricing";
import { toCsv } from "~/lib/csv";
import { listOrders } from "~/models/orders.server";
import { statusFilter } from "./+shared/order-filter";
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

// The orders of the Orders screen's current filter, as a spreadsheet.
export async function loader({ request }: Route.LoaderArgs) {
  const status = statusFilter(new URL(request.url));
  const orders = await listOrders({ status });
  const csv = toCsv(
    HEADER,
    orders.map((o) => [
      o.id,
      o.orderDate,
      o.status,
      o.clientName,
      o.clientEmail,
      o.clientPhone,
      o.serviceName,
      decimalPrice(o.setupPrice),
      decimalPrice(o.monthlyPrice),
      decimalPrice(o.totalPrice),
      o.paymentMethod,
      o.notes,
    ]),
  );
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${status ?? "all"}-${date}.csv"`,
    },
  });
}
