import { and, desc, eq, getTableColumns, gte, lt, type SQL, sql } from "drizzle-orm";

import { type Db, db, withReadRetry } from "~/db/client.server";
import { keysetCursor, type KeysetPage, keysetPage } from "~/db/keyset.server";
import { type Order, orders, orderSearchText, orderStatusChanges, services } from "~/db/schema";
import { containsText } from "~/db/search.server";
import { neutraliseFormulas } from "~/lib/csv";
import { type OrderStatus } from "~/lib/domain";
import { type Cursor, type PageRequest, parseCursor } from "~/lib/keyset";
import { firstMonthTotal } from "~/lib/pricing";

import { type AuditEntryInput, writeAuditEntry } from "./audit-log.server";
import { readCounters } from "./counters.server";
import { orderEventData } from "./event-data.server";
import { recordEvent } from "./outbox.server";

export interface OrderRequest {
  clientName: string;
  clientEmail: string;
  clientPhone?: string | null;
  notes?: string | null;
  serviceId: string;
}

export class ServiceUnavailableError extends Error {
  name = "ServiceUnavailableError";
  constructor() {
    super("This service is not available for ordering.");
  }
}

/**
 * Name and prices come from the service row, never from the visitor's form, and are copied onto
 * the order so it survives later price changes or the service's deletion.
 */
export async function createOrder(request: OrderRequest): Promise<Order> {
  return db().transaction(async (tx) => {
    const [service] = await tx.select().from(services).where(eq(services.id, request.serviceId));
    if (!service?.isActive) throw new ServiceUnavailableError();
    const [order] = await tx
      .insert(orders)
      .values({
        clientName: request.clientName,
        clientEmail: request.clientEmail,
        clientPhone: request.clientPhone || null,
        notes: request.notes || null,
        serviceId: service.id,
        serviceName: service.name,
        setupPrice: service.setupPrice,
        monthlyPrice: service.monthlyPrice,
        totalPrice: firstMonthTotal(service.setupPrice, service.monthlyPrice),
        status: "pending",
      })
      .returning();
    await recordEvent(tx, "order.created", orderEventData(order));
    return order;
  });
}

/** The newest orders, for the dashboard: a LIMIT read down the (created_at, id) index. */
export function listLatestOrders(limit: number): Promise<Order[]> {
  return withReadRetry(() => db().select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit));
}

export interface OrderListFilter {
  status?: OrderStatus;
  /** Text searched in the client's name and email and the service's name, any case. */
  search?: string;
}

function listConditions(filter: OrderListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  // The same expression as the trigram index's (orderSearchText), or the index is not used.
  if (filter.search) {
    conditions.push(containsText(orderSearchText(orders), filter.search));
  }
  return conditions;
}

const KEYSET = { at: orders.createdAt, id: orders.id };

// The client's status-page token stays out of the list: the screen has no use for it, and on 50
// rows it was 4 kB of every Orders page's data (the admin pages' 200 kB bound, docs/performance.md).
const { statusToken: _statusToken, ...LISTED_COLUMNS } = getTableColumns(orders);

export type ListedOrder = Omit<Order, "statusToken"> & { cursor: string };

/**
 * One page of the Orders screen, newest first: keyset on (created_at, id), served by the
 * (status, created_at, id) or (created_at, id) index, so the last of a million orders' pages costs
 * what the first does. A search walks the trigram index instead.
 */
export function listOrderPage(filter: OrderListFilter, request: PageRequest): Promise<KeysetPage<ListedOrder>> {
  const conditions = listConditions(filter);
  return keysetPage(request, KEYSET, (slice) =>
    withReadRetry(() =>
      db()
        .select({ ...LISTED_COLUMNS, cursor: keysetCursor(KEYSET) })
        .from(orders)
        .where(and(...conditions, slice.where))
        .orderBy(...slice.orderBy)
        .limit(slice.limit),
    ),
  );
}

export interface OrderExportFilter {
  status?: OrderStatus;
  /** Orders created at or after this instant. */
  from?: Date;
  /** Orders created before this instant. */
  before?: Date;
}

export const ORDER_EXPORT_BATCH_SIZE = 1000;

// A record of the export as Postgres writes it: each cell in quotes, each quote inside doubled,
// dates as toISOString writes them, prices with their two decimals, null as an empty cell. Only
// the formula care is left to neutraliseFormulas: one text a row instead of a dozen values is
// what keeps a million rows light on the drivers, on memory and on the garbage collector.
const quotedCell = (value: SQL) => sql`'"' || replace(coalesce(${value}, ''), '"', '""') || '"'`;
const EXPORT_RECORD = sql<string>`concat_ws(',', ${sql.join(
  [
    sql`${orders.id}::text`,
    sql`to_char(${orders.orderDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    sql`${orders.status}::text`,
    sql`${orders.clientName}`,
    sql`${orders.clientEmail}`,
    sql`${orders.clientPhone}`,
    sql`${orders.serviceName}`,
    sql`${orders.setupPrice}::text`,
    sql`${orders.monthlyPrice}::text`,
    sql`${orders.totalPrice}::text`,
    sql`${orders.paymentMethod}`,
    sql`${orders.subscriptionState}`,
    sql`${orders.notes}`,
  ].map(quotedCell),
  sql`, `,
)})`;

/** The export's columns, in the order orderCsvRecords writes them. */
export const ORDER_EXPORT_HEADER = [
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
  "subscription_state",
  "notes",
];

/**
 * The CSV records (csvLine's, each ending in CRLF) of the orders of `filter`, newest first, one
 * string per batch read by keyset on (created_at, id), the index's order. Each batch is a short
 * query of its own: an export never holds a transaction, or one of the pool's connections (PGlite
 * has a single one, shared by every request), for the seconds a million rows take to download.
 * Orders placed after the export started are not in it.
 */
export async function* orderCsvRecords(
  filter: OrderExportFilter,
  batchSize = ORDER_EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  let after: Cursor | null = null;
  for (;;) {
    const position = after;
    const rows = await withReadRetry(() =>
      db()
        .select({ record: EXPORT_RECORD, cursor: keysetCursor(KEYSET) })
        .from(orders)
        .where(
          and(
            filter.status ? eq(orders.status, filter.status) : undefined,
            filter.from ? gte(orders.createdAt, filter.from) : undefined,
            filter.before ? lt(orders.createdAt, filter.before) : undefined,
            position
              ? sql`(${orders.createdAt}, ${orders.id}) < (${position.at}::timestamptz, ${position.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(batchSize),
    );
    let records = "";
    for (const row of rows) records += `${neutraliseFormulas(row.record)}\r\n`;
    if (rows.length > 0) yield records;
    if (rows.length < batchSize) return;
    after = parseCursor(rows[rows.length - 1].cursor);
  }
}

export async function getOrder(id: string): Promise<Order | null> {
  const [row] = await withReadRetry(() => db().select().from(orders).where(eq(orders.id, id)));
  return row ?? null;
}

/** The order whose client holds this status token (the order-status page's link), or null. */
export async function getOrderByStatusToken(statusToken: string): Promise<Order | null> {
  const [row] = await withReadRetry(() => db().select().from(orders).where(eq(orders.statusToken, statusToken)));
  return row ?? null;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Sets the status (and `changes`, such as the payment method) in the caller's transaction, the
 * row locked; a change of status is an order.status_changed event in the same transaction, and the
 * counters' trigger counts a paid order's revenue once. Returns the order as it was and as it is.
 */
export async function changeOrderStatus(
  tx: Tx,
  id: string,
  status: OrderStatus,
  changes: Partial<Omit<Order, "id" | "status">> = {},
  /** The staff member who made the change, for the order's timeline; null for a payment's. */
  actorName: string | null = null,
): Promise<{ before: Order; after: Order } | null> {
  const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!before) return null;
  const [after] = await tx
    .update(orders)
    .set({ ...changes, status })
    .where(eq(orders.id, id))
    .returning();
  if (before.status !== status) {
    await recordEvent(tx, "order.status_changed", { ...orderEventData(after), previous_status: before.status });
    await tx.insert(orderStatusChanges).values({ orderId: id, fromStatus: before.status, toStatus: status, actorName });
  }
  return { before, after };
}

/** Sets the status; a change is an order.status_changed event, in the same transaction. */
export async function updateOrderStatus(
  id: string,
  status: OrderStatus,
  actorName: string | null = null,
): Promise<Order | null> {
  return db().transaction(async (tx) => (await changeOrderStatus(tx, id, status, {}, actorName))?.after ?? null);
}

export interface OrderStats {
  total: number;
  pending: number;
  paid: number;
  cancelled: number;
  /** Sum of total_price over paid orders only (spec: only paid orders count toward revenue). */
  revenue: number;
}

/** The Orders screen's counters and the dashboard's: read from `counters`, never counted. */
export async function getOrderStats(): Promise<OrderStats> {
  const counts = await readCounters([
    "orders",
    "orders_pending",
    "orders_paid",
    "orders_cancelled",
    "orders_revenue_paid",
  ]);
  return {
    total: counts.orders,
    pending: counts.orders_pending,
    paid: counts.orders_paid,
    cancelled: counts.orders_cancelled,
    revenue: counts.orders_revenue_paid,
  };
}

export type PendingOrderOutcome = { before: Order; after: Order } | "missing" | "not_pending";

/**
 * Staff's own quote for a pending order: new setup and monthly amounts, the total recomputed, and
 * the open checkout forgotten so the next "Pay now" charges the new amounts; with its audit entry.
 */
export function changeOrderQuote(
  id: string,
  quote: { setupPrice: number; monthlyPrice: number },
  audit: (before: Order, after: Order) => AuditEntryInput,
): Promise<PendingOrderOutcome> {
  return changePendingOrder(
    id,
    {
      ...quote,
      totalPrice: firstMonthTotal(quote.setupPrice, quote.monthlyPrice),
      checkoutProvider: null,
      checkoutId: null,
      checkoutUrl: null,
      checkoutExpiresAt: null,
    },
    audit,
  );
}

/**
 * "Request payment" (the "after we confirm" payment timing): the client's page offers "Pay now"
 * from now on, and the client is emailed the page's link (an order.payment_requested event, which
 * only the client's email channel takes).
 */
export function requestOrderPayment(
  id: string,
  audit: (before: Order, after: Order) => AuditEntryInput,
): Promise<PendingOrderOutcome> {
  return changePendingOrder(id, { paymentRequestedAt: new Date() }, audit, async (tx, after) => {
    await recordEvent(tx, "order.payment_requested", orderEventData(after));
  });
}

async function changePendingOrder(
  id: string,
  changes: Partial<typeof orders.$inferInsert>,
  audit: (before: Order, after: Order) => AuditEntryInput,
  then?: (tx: Tx, after: Order) => Promise<void>,
): Promise<PendingOrderOutcome> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!before) return "missing";
    if (before.status !== "pending") return "not_pending";
    const [after] = await tx.update(orders).set(changes).where(eq(orders.id, id)).returning();
    await then?.(tx, after);
    await writeAuditEntry(tx, audit(before, after));
    return { before, after };
  });
}
