import type Stripe from "stripe";

import type { Order } from "~/db/schema";
import type { PaymentTiming } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { hasMonthlyPrice, minorUnitFactor } from "~/lib/pricing";
import { readIntegrationSecret } from "~/models/integrations.server";
import { saveOrderCheckout } from "~/models/order-checkouts.server";
import { getOrder } from "~/models/orders.server";
import { readSiteSettings, readStripeConfigured } from "~/services/last-known.server";

// Taking the client's money with Stripe Checkout (docs/payments.md, "Paying"): the server builds
// the session from the order's own amounts and the browser is only redirected, so it never sees
// the secret key and cannot change a price.

/** The client's own retries of a failed or timed-out request, with an idempotency key each. */
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** An open checkout this close to its end is not handed out again: the client needs time to pay. */
const REUSE_MARGIN_MS = 10 * 60 * 1000;

/** Stripe could not be reached, was too slow, or refused: the order is left as it was. */
export class PaymentStartError extends Error {
  constructor(cause: unknown) {
    super("Stripe did not open the session", { cause });
    this.name = "PaymentStartError";
  }
}

/** The SDK, loaded on first use: a fifth of a second of every start otherwise, for sites without Stripe. */
export const stripeSdk = async () => (await import("stripe")).default;

/** Whether `error` is Stripe's answer (or its failure to answer), not a fault of ours. */
const isStripeError = async (error: unknown) => error instanceof (await stripeSdk()).errors.StripeError;

/** The official client with the saved secret key, talking to STRIPE_API_URL (a stand-in in tests). */
export async function stripeClient(secretKey: string): Promise<Stripe> {
  const Stripe = await stripeSdk();
  const env = getEnv();
  const api = new URL(env.STRIPE_API_URL);
  const protocol = api.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    host: api.hostname,
    port: api.port ? Number(api.port) : protocol === "http" ? 80 : 443,
    protocol,
    timeout: env.STRIPE_TIMEOUT_SECONDS * 1000,
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
  });
}

async function configuredClient(): Promise<Stripe | null> {
  const secretKey = await readIntegrationSecret("stripeSecretKey");
  return secretKey ? stripeClient(secretKey) : null;
}

/** An amount of the order in the currency's minor unit (cents; yen as they are). */
export function minorAmount(amount: number, currency: string): number {
  return Math.round(amount * minorUnitFactor(currency));
}

/** What the client pays at checkout: the setup fee and, with a monthly price, the first month. */
function checkoutTotal(order: Pick<Order, "setupPrice" | "monthlyPrice">, currency: string): number {
  return minorAmount(order.setupPrice, currency) + minorAmount(order.monthlyPrice, currency);
}

/**
 * Whether the client is asked to pay now: right after ordering, or once staff pressed
 * "Request payment" (the "after we confirm" setting), while the order is pending and owes something.
 */
export function paymentAsked(
  order: Pick<Order, "status" | "paymentRequestedAt" | "setupPrice" | "monthlyPrice">,
  paymentTiming: PaymentTiming,
): boolean {
  if (order.status !== "pending" || order.setupPrice + order.monthlyPrice <= 0) return false;
  return paymentTiming === "after_order" || order.paymentRequestedAt !== null;
}

/**
 * When the site asks for online payment (the "Ask for payment" setting), or null while Stripe is
 * not configured. From the last reads, so the order form still answers during a database outage.
 */
export async function onlinePaymentTiming(): Promise<PaymentTiming | null> {
  const [settings, configured] = await Promise.all([readSiteSettings(), readStripeConfigured()]);
  return configured ? settings.paymentTiming : null;
}

/** Whether a new order can be paid at once, on the order-submitted page (or the order page with JavaScript). */
export async function paysRightAfterOrder(order: Pick<Order, "setupPrice" | "monthlyPrice">): Promise<boolean> {
  return order.setupPrice + order.monthlyPrice > 0 && (await onlinePaymentTiming()) === "after_order";
}

/**
 * The Checkout Session of an order: a subscription with the setup fee billed once with the first
 * month when there is a monthly price, a one-off payment otherwise. Stripe needs each line's name.
 */
export function checkoutSessionParams(
  order: Pick<Order, "id" | "clientEmail" | "serviceName" | "setupPrice" | "monthlyPrice">,
  currency: string,
  statusUrl: string,
): Stripe.Checkout.SessionCreateParams {
  const code = currency.toLowerCase();
  const setup: Stripe.Checkout.SessionCreateParams.LineItem = {
    quantity: 1,
    price_data: {
      currency: code,
      unit_amount: minorAmount(order.setupPrice, currency),
      product_data: { name: `${order.serviceName} — setup` },
    },
  };
  const common = {
    client_reference_id: order.id,
    customer_email: order.clientEmail,
    metadata: { order_id: order.id },
    success_url: `${statusUrl}?payment=success`,
    cancel_url: `${statusUrl}?payment=cancelled`,
  };
  if (!hasMonthlyPrice(order.monthlyPrice)) return { ...common, mode: "payment", line_items: [setup] };
  const monthly: Stripe.Checkout.SessionCreateParams.LineItem = {
    quantity: 1,
    price_data: {
      currency: code,
      unit_amount: minorAmount(order.monthlyPrice, currency),
      recurring: { interval: "month" },
      product_data: { name: `${order.serviceName} — monthly support` },
    },
  };
  return {
    ...common,
    mode: "subscription",
    // A free setup is no line: Stripe bills the first month alone.
    line_items: order.setupPrice > 0 ? [setup, monthly] : [monthly],
    // Invoices carry the subscription's metadata: each renewal is tied to its order.
    subscription_data: { metadata: { order_id: order.id } },
  };
}

export type CheckoutAnswer = { url: string } | { refused: "not_configured" | "processing" | "not_pending" };

/**
 * The Checkout of a pending order: its open session when it is still good for this order's
 * amounts (a second "Pay now" must not let the client pay twice), else a new one, kept on the order.
 * Throws PaymentStartError when Stripe does not answer in time or refuses.
 */
export async function openCheckout(order: Order, currency: string, statusUrl: string): Promise<CheckoutAnswer> {
  const stripe = await configuredClient();
  if (!stripe) return { refused: "not_configured" };
  try {
    if (order.checkoutProvider === "stripe" && order.checkoutId) {
      const open = await stripe.checkout.sessions.retrieve(order.checkoutId);
      if (open.status === "complete") return { refused: "processing" };
      const stillGood =
        open.status === "open" &&
        open.url !== null &&
        open.expires_at * 1000 > Date.now() + REUSE_MARGIN_MS &&
        open.currency === currency.toLowerCase() &&
        open.amount_total === checkoutTotal(order, currency);
      if (stillGood) return { url: open.url! };
      // Staff changed the amounts, or the currency: the old session must not take the old price.
      if (open.status === "open") await stripe.checkout.sessions.expire(open.id);
    }
    const session = await stripe.checkout.sessions.create(checkoutSessionParams(order, currency, statusUrl));
    if (!session.url) throw new Error(`Stripe gave session ${session.id} no url`);
    const kept = await saveOrderCheckout(order.id, order.checkoutId, {
      provider: "stripe",
      id: session.id,
      url: session.url,
      expiresAt: new Date(session.expires_at * 1000),
    });
    if (kept) return { url: session.url };
    // Another press saved its session first, or the order stopped being pending: that one stands.
    await stripe.checkout.sessions.expire(session.id);
    const now = await getOrder(order.id);
    if (now?.status !== "pending" || !now.checkoutUrl) return { refused: "not_pending" };
    return { url: now.checkoutUrl };
  } catch (error) {
    if (!(await isStripeError(error))) throw error;
    log.warn("stripe: the checkout did not open", { error, orderId: order.id });
    throw new PaymentStartError(error);
  }
}

/**
 * Closes the order's Checkout Session before another provider's checkout replaces it, so that it
 * cannot take a second payment; "complete" when the client paid there already.
 */
export async function closeStripeCheckout(sessionId: string): Promise<"closed" | "complete"> {
  const stripe = await configuredClient();
  if (!stripe) return "closed";
  try {
    const open = await stripe.checkout.sessions.retrieve(sessionId);
    if (open.status === "complete") return "complete";
    if (open.status === "open") await stripe.checkout.sessions.expire(sessionId);
    return "closed";
  } catch (error) {
    if (!(await isStripeError(error))) throw error;
    log.warn("stripe: the replaced checkout was not closed", { error, sessionId });
    throw new PaymentStartError(error);
  }
}

/** The billing portal of the client's Stripe customer, returning to their status page. */
export async function openBillingPortal(customerId: string, statusUrl: string): Promise<string | null> {
  const stripe = await configuredClient();
  if (!stripe) return null;
  try {
    const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: statusUrl });
    return session.url;
  } catch (error) {
    if (!(await isStripeError(error))) throw error;
    log.warn("stripe: the billing portal did not open", { error });
    throw new PaymentStartError(error);
  }
}
