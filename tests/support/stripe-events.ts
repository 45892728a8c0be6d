import { randomBytes } from "node:crypto";

import Stripe from "stripe";

// Stripe webhook events as Stripe sends them: the JSON of an event, signed with the library's own
// generateTestHeaderString under the endpoint's signing secret. The objects carry the fields the
// site reads, in the shape of the library's API version (2026-10-28).

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: Record<string, unknown> };
}

export function stripeEvent(type: string, object: Record<string, unknown>, createdAt = new Date()): StripeEvent {
  return {
    id: stripeId("evt"),
    object: "event",
    type,
    created: Math.floor(createdAt.getTime() / 1000),
    api_version: "2026-10-28.endive",
    livemode: false,
    data: { object },
  };
}

/** The body and the Stripe-Signature header of a delivery of `event`; `timestamp` in Unix seconds. */
export function signedDelivery(
  event: unknown,
  secret: string,
  timestamp?: number,
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}

export function checkoutCompleted(
  orderId: string,
  options: {
    amountTotal: number;
    currency: string;
    subscription?: string;
    invoice?: string;
    paymentIntent?: string;
    customer?: string;
    paymentStatus?: string;
  },
): StripeEvent {
  return stripeEvent("checkout.session.completed", {
    id: stripeId("cs_test"),
    object: "checkout.session",
    mode: options.subscription ? "subscription" : "payment",
    payment_status: options.paymentStatus ?? "paid",
    status: "complete",
    amount_total: options.amountTotal,
    currency: options.currency,
    client_reference_id: orderId,
    metadata: { order_id: orderId },
    customer: options.customer ?? stripeId("cus"),
    subscription: options.subscription ?? null,
    invoice: options.invoice ?? null,
    payment_intent: options.subscription ? null : (options.paymentIntent ?? stripeId("pi")),
  });
}

export function invoiceEvent(
  type: "invoice.paid" | "invoice.payment_failed",
  options: {
    id?: string;
    subscription: string;
    orderId?: string;
    amount: number;
    currency: string;
    billingReason?: "subscription_create" | "subscription_cycle";
  },
): StripeEvent {
  const paid = type === "invoice.paid";
  return stripeEvent(type, {
    id: options.id ?? stripeId("in"),
    object: "invoice",
    amount_due: options.amount,
    amount_paid: paid ? options.amount : 0,
    currency: options.currency,
    billing_reason: options.billingReason ?? "subscription_cycle",
    metadata: {},
    status: paid ? "paid" : "open",
    status_transitions: { paid_at: paid ? Math.floor(Date.now() / 1000) : null },
    parent: {
      type: "subscription_details",
      subscription_details: {
        subscription: options.subscription,
        metadata: options.orderId ? { order_id: options.orderId } : {},
      },
    },
  });
}

export function subscriptionDeleted(subscription: string, orderId?: string): StripeEvent {
  return stripeEvent("customer.subscription.deleted", {
    id: subscription,
    object: "subscription",
    status: "canceled",
    metadata: orderId ? { order_id: orderId } : {},
  });
}

/** A refunded charge; `invoice` as endpoints on API versions before 2025-03-31 still send it. */
export function chargeRefunded(options: { paymentIntent?: string; invoice?: string; fully: boolean }): StripeEvent {
  return stripeEvent("charge.refunded", {
    id: stripeId("ch"),
    object: "charge",
    amount: 10_000,
    amount_refunded: options.fully ? 10_000 : 2_500,
    refunded: options.fully,
    payment_intent: options.paymentIntent ?? null,
    ...(options.invoice ? { invoice: options.invoice } : {}),
  });
}
