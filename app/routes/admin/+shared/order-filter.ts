import { z } from "zod";

import { ORDER_STATUSES, type OrderStatus } from "~/lib/domain";
import type { OrderExportFilter } from "~/models/orders.server";

import { dayRangeInstants, readDayRange } from "./day-range";

export const ORDERS_PATH = "/admin/orders";
export const ORDERS_EXPORT_PATH = "/admin/orders/export.csv";

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/** The Orders screen's `?status=` filter; anything else means all orders. */
export function statusFilter(url: URL): OrderStatus | undefined {
  const parsed = OrderStatusSchema.safeParse(url.searchParams.get("status"));
  return parsed.success ? parsed.data : undefined;
}

/** A search shorter than this would match most orders and cannot use the trigram index. */
export const MIN_SEARCH_LENGTH = 2;

/** The `?q=` search: `text` when long enough to run, `ignored` when one was typed but too short. */
export function searchFilter(url: URL): { text?: string; ignored: boolean } {
  const typed = url.searchParams.get("q")?.trim() ?? "";
  if (typed.length >= MIN_SEARCH_LENGTH) return { text: typed, ignored: false };
  return { ignored: typed.length > 0 };
}

// The params that say which page of the list is shown (app/lib/keyset.ts).
const PAGE_PARAMS = ["after", "before", "last"];

/**
 * The Orders screen's current address with some params changed (null removes one). Opening and
 * closing an order, or coming back after a status change, keeps the filter, search and page.
 */
export function ordersUrl(current: URLSearchParams, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${ORDERS_PATH}?${query}` : ORDERS_PATH;
}

/** The list as it is, without an order's details. */
export function listUrl(current: URLSearchParams): string {
  return ordersUrl(current, { view: null });
}

/** Another status filter, or another search (`q`): back to the first page. */
export function filterUrl(current: URLSearchParams, changes: { status?: OrderStatus | null; q?: string | null }) {
  const firstPage = Object.fromEntries(PAGE_PARAMS.map((name) => [name, null]));
  return ordersUrl(current, { ...firstPage, view: null, ...changes });
}

export function exportUrl(status: OrderStatus | undefined): string {
  return status ? `${ORDERS_EXPORT_PATH}?status=${status}` : ORDERS_EXPORT_PATH;
}

/**
 * The export's filter from its URL: status as on the Orders screen, and a range of days (UTC), both
 * ends included; or the reason it cannot be read (for a 400 answer).
 */
export function exportFilter(url: URL): { filter: OrderExportFilter } | { error: string } {
  const read = readDayRange(url.searchParams);
  if ("error" in read) return read;
  return { filter: { status: statusFilter(url), ...dayRangeInstants(read.range, "UTC") } };
}
