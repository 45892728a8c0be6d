import { desc, eq, sql } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { firstMonthTotal } from "~/lib/pricing";
import { orders, services, type Order } from "~/db/schema";
import { type OrderStatus } from "~/lib/domain";

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
    return order;
  });
}

export function listOrders(filter: { status?: OrderStatus; limit?: number } = {}): Promise<Order[]> {
  return withReadRetry(() => {
    const query = db()
      .select()
      .from(orders)
      .where(filter.status ? eq(orders.status, filter.status) : undefined)
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return filter.limit ? query.limit(filter.limit) : query;
  });
}

export async function getOrder(id: string): Promise<Order | null> {
  const [row] = await withReadRetry(() => db().select().from(orders).where(eq(orders.id, id)));
  return row ?? null;
}

export async function updateOrderStatus(id: string, status: OrderStatus): Promise<Order | null> {
  const [row] = await db().update(orders).set({ status }).where(eq(orders.id, id)).returning();
  return row ?? null;
}

export interface OrderStats {
  total: number;
  pending: number;
  paid: number;
  cancelled: number;
  /** Sum of total_price over paid orders only (spec: only paid orders count toward revenue). */
  revenue: number;
}

export async function getOrderStats(): Promise<OrderStats> {
  const [row] = await withReadRetry(() =>
    db()
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where ${orders.status} = 'pending'))::int`,
        paid: sql<number>`(count(*) filter (where ${orders.status} = 'paid'))::int`,
        cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'cancelled'))::int`,
        revenue: sql<string>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.status} = 'paid'), 0)`,
      })
      .from(orders),
  );
  return { ...row, revenue: Number(row.revenue) };
}
