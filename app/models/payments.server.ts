import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { type Order, orders, type Payment, payments } from "~/db/schema";
import type { ManualPaymentProvider } from "~/lib/domain";

import { type AuditEntryInput, writeAuditEntry } from "./audit-log.server";
import { changeOrderStatus } from "./orders.server";

// Money received for orders: the providers' payments (written by their webhooks) and the ones
// staff record by hand. Amounts come from the order or the provider, never from a browser.

/** The payments of an order, oldest first. */
export function listOrderPayments(orderId: string): Promise<Payment[]> {
  return withReadRetry(() =>
    db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.paidAt), asc(payments.id)),
  );
}

/** The payments of these orders, oldest first (a person's data export). */
export function listPaymentsOfOrders(orderIds: string[]): Promise<Payment[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return withReadRetry(() =>
    db()
      .select()
      .from(payments)
      .where(inArray(payments.orderId, orderIds))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
  );
}

export type MarkPaidOutcome = { order: Order; payment: Payment } | "missing" | "not_pending";

/**
 * A pending order paid outside any provider (a bank transfer, cash): in one transaction the order
 * becomes paid through the orders model's status change (its event, its revenue counted once),
 * with the method's label as payment method, a payment of the order's total is recorded, and the
 * audit entry `audit` makes of them is written.
 */
export function recordManualPayment(
  input: {
    orderId: string;
    provider: ManualPaymentProvider;
    methodLabel: string;
    currency: string;
    /** Who marked it paid, for the order's timeline. */
    actorName?: string;
  },
  audit: (order: Order, payment: Payment) => AuditEntryInput,
): Promise<MarkPaidOutcome> {
  return db().transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!locked) return "missing";
    if (locked.status !== "pending") return "not_pending";
    const changed = await changeOrderStatus(
      tx,
      input.orderId,
      "paid",
      { paymentMethod: input.methodLabel },
      input.actorName ?? null,
    );
    if (!changed) return "missing";
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: input.orderId,
        provider: input.provider,
        kind: "setup",
        status: "succeeded",
        amount: changed.after.totalPrice,
        currency: input.currency,
      })
      .returning();
    await writeAuditEntry(tx, audit(changed.after, payment));
    return { order: changed.after, payment };
  });
}

/**
 * Money collected since `since` in `currency`: succeeded payments not refunded, read down the
 * paid_at index (the dashboard's "Collected (30 days)").
 */
export async function collectedSince(since: Date, currency: string): Promise<number> {
  const [row] = await withReadRetry(() =>
    db()
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(
        and(
          gte(payments.paidAt, since),
          eq(payments.status, "succeeded"),
          isNull(payments.refundedAt),
          eq(payments.currency, currency),
        ),
      ),
  );
  return Number(row?.total ?? 0);
}
