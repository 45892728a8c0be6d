import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/domain";

export const ORDERS_PATH = "/admin/orders";

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/** The Orders screen's `?status=` filter; anything else means all orders. */
export function statusFilter(url: URL): OrderStatus | undefined {
  const parsed = OrderStatusSchema.safeParse(url.searchParams.get("status"));
  return parsed.success ? parsed.data : undefined;
}

export function ordersUrl(status: OrderStatus | undefined, view?: string): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (view) params.set("view", view);
  const query = params.toString();
  return query ? `${ORDERS_PATH}?${query}` : ORDERS_PATH;
}
