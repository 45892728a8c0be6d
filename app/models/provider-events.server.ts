import { and, eq, inArray, ne, sql } from "drizzle-orm";

import { PAYMENT_EVENT_TEXTS } from "~/copy/payment-events";
import { type Db, db } from "~/db/client.server";
import { type Order, orders, type Payment, payments, providerEvents } from "~/db/schema";
import type { PaymentKind, PaymentProvider } from "~/lib/domain";
import { log } from "~/lib/log.server";

import { orderEventData } from "./event-data.server";
import { changeOrderStatus } from "./orders.server";
import { recordEvent } from "./outbox.server";

// The payment providers' webhook events (app/routes/webhooks/stripe.ts, paypal.ts): each is handled once, its
// id written in the same transaction as its effects, so a redelivery, or the same event reaching two
// instances at once, finds it and changes nothing (the second insert waits on the first's row lock).
// docs/payments.md, "Webhook and events".

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Money the provider reports, in the currency's major units: never an amount from a browser. */
export interface ReportedPayment {
  kind: PaymentKind;
  status: "succeeded" | "failed";
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The provider's id for the money (an invoice, a payment intent): one payment row per id. */
  reference: string;
  paidAt: Date;
}

/** How an event names its order: the id the checkout carried, or the provider's subscription. */
export interface OrderLink {
  orderId: string | null;
  subscriptionId: string | null;
}

/** What a provider event does, read from the provider's payload by its service. */
export type PaymentEffect =
  | {
      type: "checkout_paid";
      order: OrderLink;
      paymentMethod: string;
      customerId: string | null;
      /** Null when the money is reported apart (a PayPal subscription's sales). */
      payment: ReportedPayment | null;
    }
  | {
      type: "payment_recorded";
      order: OrderLink;
      payment: ReportedPayment;
      /** PayPal's sales do not say what they pay: the subscription's first is its setup, later ones monthly. */
      firstIsSetup?: boolean;
    }
  | { type: "subscription_cancelled"; order: OrderLink }
  | {
      type: "refunded";
      references: string[];
      /** Whether all of it went back, or (PayPal) how much has gone back so far, to set against the payment. */
      fully: boolean | { refundedTotal: number };
      refundedAt: Date;
    }
  | { type: "ignored" };

/** One kind of what a provider's event means for an order. */
type Effect<Type extends PaymentEffect["type"]> = Extract<PaymentEffect, { type: Type }>;

/** duplicate: the event was handled before; unmatched: its order or payment is not here. */
export type EventOutcome = "handled" | "duplicate" | "unmatched";

export interface ProviderEvent {
  provider: PaymentProvider;
  id: string;
  type: string;
}

/** Handles `event` once: its effect and its record in one transaction. */
export function handleProviderEvent(event: ProviderEvent, effect: PaymentEffect): Promise<EventOutcome> {
  return db().transaction(async (tx) => {
    const [first] = await tx
      .insert(providerEvents)
      .values({ provider: event.provider, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    if (!first) return "duplicate";
    const outcome = await apply(tx, event, effect);
    if (outcome === "unmatched") {
      log.warn("payment event for nothing here", { provider: event.provider, event: event.id, type: event.type });
    }
    return outcome;
  });
}

async function apply(tx: Tx, event: ProviderEvent, effect: PaymentEffect): Promise<EventOutcome> {
  switch (effect.type) {
    case "ignored":
      return "handled";
    case "checkout_paid":
      return checkoutPaid(tx, event.provider, effect);
    case "payment_recorded":
      return paymentRecorded(tx, event.provider, effect);
    case "subscription_cancelled":
      return subscriptionCancelled(tx, event.provider, effect.order);
    case "refunded":
      return refunded(tx, event.provider, effect);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order, locked for this transaction: by its subscription first, else by the id it carried. */
async function lockOrder(tx: Tx, link: OrderLink): Promise<Order | null> {
  if (link.subscriptionId) {
    const [row] = await tx
      .select()
      .from(orders)
      .where(eq(orders.providerSubscriptionId, link.subscriptionId))
      .limit(1)
      .for("update");
    if (row) return row;
  }
  if (!link.orderId || !UUID.test(link.orderId)) return null;
  const [row] = await tx.select().from(orders).where(eq(orders.id, link.orderId)).for("update");
  return row ?? null;
}

/**
 * Writes the payment, one row per provider reference: the checkout and the invoice it paid name the
 * same invoice and make one row. A succeeded payment replaces the failed attempt of the same
 * reference. Returns the row when it is new (or newly succeeded), null when it was there already.
 */
async function writePayment(
  tx: Tx,
  provider: PaymentProvider,
  orderId: string,
  payment: ReportedPayment,
  flagged: boolean,
): Promise<Payment | null> {
  const values = {
    orderId,
    provider,
    kind: payment.kind,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    providerReference: payment.reference,
    flagged,
    note: flagged ? PAYMENT_EVENT_TEXTS.flaggedNote : null,
    paidAt: payment.paidAt,
  };
  const insert = tx.insert(payments).values(values);
  const [row] =
    payment.status === "succeeded"
      ? await insert
          .onConflictDoUpdate({
            target: [payments.provider, payments.providerReference],
            set: { status: "succeeded", amount: payment.amount, paidAt: payment.paidAt, flagged, note: values.note },
            setWhere: sql`${payments.status} = 'failed'`,
          })
          .returning()
      : await insert.onConflictDoNothing().returning();
  return row ?? null;
}

export function paymentEventData(payment: Payment, order: Order): Record<string, unknown> {
  return {
    id: payment.id,
    order_id: payment.orderId,
    provider: payment.provider,
    kind: payment.kind,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    provider_reference: payment.providerReference,
    flagged: payment.flagged,
    paid_at: payment.paidAt.toISOString(),
    order: orderEventData(order),
  };
}

async function announce(tx: Tx, payment: Payment, order: Order): Promise<void> {
  await recordEvent(
    tx,
    payment.status === "succeeded" ? "payment.succeeded" : "payment.failed",
    paymentEventData(payment, order),
  );
}

async function checkoutPaid(tx: Tx, provider: PaymentProvider, effect: Effect<"checkout_paid">): Promise<EventOutcome> {
  const order = await lockOrder(tx, { orderId: effect.order.orderId, subscriptionId: null });
  if (!order) return "unmatched";
  const subscriptionId = effect.order.subscriptionId;
  const closedCheckout = { checkoutProvider: null, checkoutId: null, checkoutUrl: null, checkoutExpiresAt: null };
  // Paid already (by hand, or through another checkout): this money is recorded and flagged to
  // staff, and what the order was paid with stays as it was.
  const alreadyPaid = order.status === "paid";
  const current = alreadyPaid
    ? (await tx.update(orders).set(closedCheckout).where(eq(orders.id, order.id)).returning())[0]
    : (
        await changeOrderStatus(tx, order.id, "paid", {
          ...closedCheckout,
          paymentMethod: effect.paymentMethod,
          providerCustomerId: effect.customerId ?? order.providerCustomerId,
          providerSubscriptionId: subscriptionId ?? order.providerSubscriptionId,
          subscriptionState: subscriptionId ? "active" : order.subscriptionState,
        })
      )?.after;
  if (!current) return "unmatched";
  const payment = effect.payment && (await writePayment(tx, provider, order.id, effect.payment, alreadyPaid));
  if (payment) await announce(tx, payment, current);
  return "handled";
}

async function paymentRecorded(
  tx: Tx,
  provider: PaymentProvider,
  effect: Effect<"payment_recorded">,
): Promise<EventOutcome> {
  const link = effect.order;
  const order = await lockOrder(tx, link);
  if (!order) return "unmatched";
  let reported = effect.payment;
  if (effect.firstIsSetup) {
    const [earlier] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.provider, provider),
          eq(payments.status, "succeeded"),
          ne(payments.providerReference, reported.reference),
        ),
      )
      .limit(1);
    reported = { ...reported, kind: earlier ? "monthly" : "setup" };
  }
  let current = order;
  if (link.subscriptionId) {
    const [row] = await tx
      .update(orders)
      .set({
        providerSubscriptionId: order.providerSubscriptionId ?? link.subscriptionId,
        subscriptionState: reported.status === "succeeded" ? "active" : "past_due",
      })
      .where(eq(orders.id, order.id))
      .returning();
    current = row;
  }
  // A first payment reaching an order already paid otherwise than by this subscription.
  const flagged =
    reported.status === "succeeded" &&
    reported.kind === "setup" &&
    order.status === "paid" &&
    order.providerSubscriptionId !== link.subscriptionId;
  const payment = await writePayment(tx, provider, order.id, reported, flagged);
  if (payment) await announce(tx, payment, current);
  return "handled";
}

async function subscriptionCancelled(tx: Tx, provider: PaymentProvider, link: OrderLink): Promise<EventOutcome> {
  const order = await lockOrder(tx, link);
  if (!order) return "unmatched";
  if (order.subscriptionState === "cancelled") return "handled";
  const [current] = await tx
    .update(orders)
    .set({ subscriptionState: "cancelled" })
    .where(eq(orders.id, order.id))
    .returning();
  await recordEvent(tx, "subscription.cancelled", {
    order_id: current.id,
    provider,
    subscription_id: current.providerSubscriptionId ?? link.subscriptionId,
    subscription_state: current.subscriptionState,
    order: orderEventData(current),
  });
  return "handled";
}

/** The order's status is left to staff: a refund may be a goodwill gesture on work that was done. */
async function refunded(tx: Tx, provider: PaymentProvider, effect: Effect<"refunded">): Promise<EventOutcome> {
  if (effect.references.length === 0) return "unmatched";
  const matches = await tx
    .select({ id: payments.id, status: payments.status, amount: payments.amount })
    .from(payments)
    .where(sql`${payments.provider} = ${provider} and ${inArray(payments.providerReference, effect.references)}`)
    .for("update");
  const payment = matches.find((row) => row.status === "succeeded") ?? matches[0];
  if (!payment) return "unmatched";
  const fully = typeof effect.fully === "boolean" ? effect.fully : effect.fully.refundedTotal >= payment.amount - 0.005;
  if (fully) {
    await tx
      .update(payments)
      .set({ status: "refunded", refundedAt: effect.refundedAt })
      .where(eq(payments.id, payment.id));
  } else {
    await tx.update(payments).set({ note: PAYMENT_EVENT_TEXTS.partlyRefundedNote }).where(eq(payments.id, payment.id));
  }
  return "handled";
}
