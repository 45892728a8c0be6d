import { and, eq, isNull } from "drizzle-orm";

import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import type { PaymentProvider } from "~/lib/domain";

/** A hosted checkout opened for an order (app/services/payments/stripe.server.ts). */
export interface OrderCheckout {
  provider: PaymentProvider;
  id: string;
  url: string;
  expiresAt: Date;
}

/**
 * Keeps `checkout` as the order's open checkout, unless the order is no longer pending or another
 * "Pay now" saved one since `previousId` was read: two presses at once leave one session, not two.
 * Says whether it was kept.
 */
export async function saveOrderCheckout(
  orderId: string,
  previousId: string | null,
  checkout: OrderCheckout,
): Promise<boolean> {
  const saved = await db()
    .update(orders)
    .set({
      checkoutProvider: checkout.provider,
      checkoutId: checkout.id,
      checkoutUrl: checkout.url,
      checkoutExpiresAt: checkout.expiresAt,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "pending"),
        previousId === null ? isNull(orders.checkoutId) : eq(orders.checkoutId, previousId),
      ),
    )
    .returning({ id: orders.id });
  return saved.length > 0;
}
