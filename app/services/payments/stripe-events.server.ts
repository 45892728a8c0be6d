import { z } from "zod";

import { PAYMENT_EVENT_TEXTS } from "~/copy/payment-events";
import { log } from "~/lib/log.server";
import { minorUnitFactor } from "~/lib/pricing";
import { readIntegrationSecret } from "~/models/integrations.server";
import {
  type EventOutcome,
  handleProviderEvent,
  type OrderLink,
  type PaymentEffect,
  type ReportedPayment,
} from "~/models/provider-events.server";

import { stripeSdk } from "./stripe.server";

// Stripe's webhook events: verified over the raw body with the signing secret of Admin →
// Integrations, then read into what they do to orders and payments (docs/payments.md, "Webhook
// and events"). The payloads are read with zod, accepting the shapes of older API versions too: an
// endpoint's events come in the API version it was created with, whatever this library's is.

/** Stripe's own default: a signed event older than this is refused, so a captured one cannot be replayed. */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

export type StripeReceipt = EventOutcome | "not_configured" | "unverified";

/** Verifies and handles one delivery of Stripe's webhook. */
export async function receiveStripeEvent(rawBody: string, signature: string | null): Promise<StripeReceipt> {
  const secret = await readIntegrationSecret("stripeWebhookSecret");
  if (!secret) return "not_configured";
  const Stripe = await stripeSdk();
  let verified: unknown;
  try {
    verified = Stripe.webhooks.constructEvent(rawBody, signature ?? "", secret, STRIPE_SIGNATURE_TOLERANCE_S);
  } catch (error) {
    log.warn("stripe webhook: signature not verified", { reason: (error as Error).message });
    return "unverified";
  }
  const event = EventSchema.safeParse(verified);
  if (!event.success) {
    log.warn("stripe webhook: not an event", { issues: event.error.issues.length });
    return "unverified";
  }
  const { id, type } = event.data;
  return handleProviderEvent({ provider: "stripe", id, type }, effectOf(event.data));
}

const EventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.unknown() }),
});
type StripeEvent = z.infer<typeof EventSchema>;

/** An expandable field: the id, or the object holding it. */
const IdOf = z.union([z.string(), z.object({ id: z.string() }).transform(({ id }) => id)]);
const Metadata = z.record(z.string(), z.string()).nullish();

const CheckoutSession = z.object({
  payment_status: z.string(),
  amount_total: z.number().int().nonnegative(),
  currency: z.string().length(3),
  client_reference_id: z.string().nullish(),
  metadata: Metadata,
  customer: IdOf.nullish(),
  subscription: IdOf.nullish(),
  invoice: IdOf.nullish(),
  payment_intent: IdOf.nullish(),
});

const SubscriptionDetails = z.object({ subscription: IdOf.nullish(), metadata: Metadata }).nullish();
const Invoice = z.object({
  id: z.string(),
  amount_paid: z.number().int().nonnegative(),
  amount_due: z.number().int().nonnegative(),
  currency: z.string().length(3),
  billing_reason: z.string().nullish(),
  metadata: Metadata,
  status_transitions: z.object({ paid_at: z.number().int().nullish() }).nullish(),
  // Where the subscription is: `parent` since 2025-03-31, the two fields below before.
  parent: z.object({ subscription_details: SubscriptionDetails }).nullish(),
  subscription: IdOf.nullish(),
  subscription_details: SubscriptionDetails,
});

const Subscription = z.object({ id: z.string(), metadata: Metadata });

const Charge = z.object({
  refunded: z.boolean(),
  payment_intent: IdOf.nullish(),
  // Gone from charges since 2025-03-31; older endpoints still send it.
  invoice: IdOf.nullish(),
});

const fromMinorUnits = (amount: number, currency: string) => amount / minorUnitFactor(currency.toUpperCase());
const at = (unixSeconds: number) => new Date(unixSeconds * 1000);

function effectOf(event: StripeEvent): PaymentEffect {
  const read = <T extends z.ZodType>(schema: T): z.infer<T> | null => {
    const parsed = schema.safeParse(event.data.object);
    if (parsed.success) return parsed.data;
    // Signed by Stripe yet not the shape we read: said in the log, and not retried for ever.
    log.error("stripe webhook: an event of an unexpected shape", {
      event: event.id,
      type: event.type,
      fields: parsed.error.issues.map((issue) => issue.path.join(".")),
    });
    return null;
  };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = read(CheckoutSession);
      return session ? checkoutPaid(session, event) : { type: "ignored" };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = read(Invoice);
      return invoice ? invoiceEffect(invoice, event) : { type: "ignored" };
    }
    case "customer.subscription.deleted": {
      const subscription = read(Subscription);
      if (!subscription) return { type: "ignored" };
      const order = { orderId: subscription.metadata?.order_id ?? null, subscriptionId: subscription.id };
      return { type: "subscription_cancelled", order };
    }
    case "charge.refunded": {
      const charge = read(Charge);
      if (!charge) return { type: "ignored" };
      const references = [charge.payment_intent, charge.invoice].filter((id): id is string => Boolean(id));
      return { type: "refunded", references, fully: charge.refunded, refundedAt: at(event.created) };
    }
    default:
      return { type: "ignored" };
  }
}

function checkoutPaid(session: z.infer<typeof CheckoutSession>, event: StripeEvent): PaymentEffect {
  // "unpaid": a delayed method (a bank debit) still under way; its own event follows.
  if (session.payment_status !== "paid") return { type: "ignored" };
  const subscriptionId = session.subscription ?? null;
  // The subscription's first invoice is this payment: its id is the reference invoice.paid uses too.
  const reference = (subscriptionId ? session.invoice : session.payment_intent) ?? null;
  if (!reference) return { type: "ignored" };
  return {
    type: "checkout_paid",
    order: { orderId: session.metadata?.order_id ?? session.client_reference_id ?? null, subscriptionId },
    paymentMethod: PAYMENT_EVENT_TEXTS.stripeMethod,
    customerId: session.customer ?? null,
    payment: {
      kind: "setup",
      status: "succeeded",
      amount: fromMinorUnits(session.amount_total, session.currency),
      currency: session.currency.toUpperCase(),
      reference,
      paidAt: at(event.created),
    },
  };
}

function invoiceEffect(invoice: z.infer<typeof Invoice>, event: StripeEvent): PaymentEffect {
  const details = invoice.parent?.subscription_details ?? invoice.subscription_details;
  const subscriptionId = details?.subscription ?? invoice.subscription ?? null;
  // A one-off payment is recorded from its checkout: only a subscription's invoices are payments here.
  if (!subscriptionId) return { type: "ignored" };
  const order: OrderLink = {
    orderId: details?.metadata?.order_id ?? invoice.metadata?.order_id ?? null,
    subscriptionId,
  };
  const paid = event.type === "invoice.paid";
  const payment: ReportedPayment = {
    kind: invoice.billing_reason === "subscription_create" ? "setup" : "monthly",
    status: paid ? "succeeded" : "failed",
    amount: fromMinorUnits(paid ? invoice.amount_paid : invoice.amount_due, invoice.currency),
    currency: invoice.currency.toUpperCase(),
    reference: invoice.id,
    paidAt: at((paid ? invoice.status_transitions?.paid_at : null) ?? event.created),
  };
  return { type: "payment_recorded", order, payment };
}
