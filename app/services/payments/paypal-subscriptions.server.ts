import type {
  BillingPlan,
  Client,
  CreateSubscriptionRequest,
  PlanRequest,
  Subscription,
} from "@paypal/paypal-server-sdk";
import { z } from "zod";

import { PAYMENT_EVENT_TEXTS } from "~/copy/payment-events";
import type { Order } from "~/db/schema";
import { log } from "~/lib/log.server";
import { readPayPalCredentials } from "~/models/integrations.server";
import { handleProviderEvent, type PaymentEffect } from "~/models/provider-events.server";

import {
  type CaptureOutcome,
  keepPayPalCheckout,
  PAYPAL_BRAND_MAX,
  paypalAmount,
  type PayPalCheckoutAnswer,
  paypalClient,
  paypalSdk,
  type PayPalStart,
  REUSE_MARGIN_MS,
  talk,
} from "./paypal.server";
import { closeStripeCheckout, PaymentStartError } from "./stripe.server";

// A monthly order paid with PayPal Subscriptions (docs/payments.md, "PayPal: monthly orders"): a
// product and a plan per order, from the order's own amounts, whose setup_fee is taken at approval
// with the first month; the client approves on PayPal's page and comes back to the status page.
// The SDK has no catalog products API: docs/decisions/018-paypal-subscriptions-through-the-sdk.md.

/** PayPal's subscription ids: "I-" and letters and digits. */
export const PAYPAL_SUBSCRIPTION_ID = /^I-[A-Z0-9]{1,36}$/;
/** PayPal stops billing after this many failed payments in a row (and tells us by webhook). */
const PAYMENT_FAILURE_THRESHOLD = 3;

const ProductSchema = z.object({ id: z.string().min(1) });

/** A catalog product for the plan, through the SDK's own request builder, auth and retries. */
async function createProduct(client: Client, name: string, paypalRequestId: string): Promise<string> {
  const request = client.getRequestBuilderFactory()("POST", "/v1/catalogs/products");
  request.header("Content-Type", "application/json");
  request.header("PayPal-Request-Id", paypalRequestId);
  request.json({ name: name.slice(0, 127), type: "SERVICE", category: "SOFTWARE" });
  request.authenticate([{ oauth2: true }]);
  const { result } = await request.callAsText();
  return ProductSchema.parse(JSON.parse(result)).id;
}

/** The order's plan: the monthly price every month until cancelled, the setup fee once at the start. */
export async function paypalPlanRequest(
  order: Pick<Order, "serviceName" | "setupPrice" | "monthlyPrice">,
  currency: string,
  productId: string,
): Promise<PlanRequest> {
  const { IntervalUnit, PlanRequestStatus, SetupFeeFailureAction, TenureType } = await paypalSdk();
  return {
    productId,
    name: `${order.serviceName} — monthly support`.slice(0, 127),
    status: PlanRequestStatus.Active,
    billingCycles: [
      {
        frequency: { intervalUnit: IntervalUnit.Month, intervalCount: 1 },
        tenureType: TenureType.Regular,
        sequence: 1,
        // 0: until the client or staff cancel.
        totalCycles: 0,
        pricingScheme: { fixedPrice: { currencyCode: currency, value: paypalAmount(order.monthlyPrice, currency) } },
      },
    ],
    paymentPreferences: {
      autoBillOutstanding: true,
      ...(order.setupPrice > 0
        ? { setupFee: { currencyCode: currency, value: paypalAmount(order.setupPrice, currency) } }
        : {}),
      // A setup fee that cannot be taken leaves no subscription running for free.
      setupFeeFailureAction: SetupFeeFailureAction.Cancel,
      paymentFailureThreshold: PAYMENT_FAILURE_THRESHOLD,
    },
  };
}

/** The subscription to the plan, named by the order's id, returning to the order's status page. */
export async function paypalSubscriptionRequest(
  order: Pick<Order, "id" | "clientEmail">,
  planId: string,
  statusUrl: string,
  brandName: string,
): Promise<CreateSubscriptionRequest> {
  const { ApplicationContextUserAction, ExperienceContextShippingPreference } = await paypalSdk();
  return {
    planId,
    customId: order.id,
    subscriber: { emailAddress: order.clientEmail },
    applicationContext: {
      brandName: brandName.slice(0, PAYPAL_BRAND_MAX),
      returnUrl: `${statusUrl}/paypal-return`,
      cancelUrl: `${statusUrl}?payment=cancelled`,
      userAction: ApplicationContextUserAction.SubscribeNow,
      shippingPreference: ExperienceContextShippingPreference.NoShipping,
    },
  };
}

/** Whether the plan still charges what the order says (staff may have changed the amounts since). */
function planMatches(plan: BillingPlan, order: Pick<Order, "setupPrice" | "monthlyPrice">, currency: string): boolean {
  const monthly = plan.billingCycles?.[0]?.pricingScheme?.fixedPrice;
  const setup = plan.paymentPreferences?.setupFee;
  const setupMatches =
    order.setupPrice > 0
      ? setup?.currencyCode === currency && setup.value === paypalAmount(order.setupPrice, currency)
      : !setup || Number(setup.value) === 0;
  return (
    monthly?.currencyCode === currency && monthly.value === paypalAmount(order.monthlyPrice, currency) && setupMatches
  );
}

const approveLink = (subscription: Subscription) =>
  subscription.links?.find((link) => link.rel === "approve")?.href ?? null;

/**
 * The PayPal subscription of a pending monthly order: its open one while it waits for approval at
 * the order's current amounts (a second press must not subscribe the client twice), else a new
 * product, plan and subscription, kept on the order. One approved already goes to the return.
 */
export async function openPayPalSubscription(start: PayPalStart): Promise<PayPalCheckoutAnswer> {
  const { order, currency, statusUrl, brandName } = start;
  const credentials = await readPayPalCredentials();
  if (!credentials) return { refused: "not_configured" };
  const { SubscriptionsController, SubscriptionStatus } = await paypalSdk();
  const client = await paypalClient(credentials);
  const subscriptions = new SubscriptionsController(client);
  if (order.checkoutProvider === "paypal" && order.checkoutId && PAYPAL_SUBSCRIPTION_ID.test(order.checkoutId)) {
    const id = order.checkoutId;
    const { result: open } = await talk("reading the subscription", order.id, () =>
      subscriptions.getSubscription({ id }),
    );
    if (open.status === SubscriptionStatus.Active || open.status === SubscriptionStatus.Approved) {
      return { url: `${statusUrl}/paypal-return?subscription_id=${id}` };
    }
    const link = approveLink(open);
    const planId = open.planId;
    const waiting =
      link !== null &&
      planId !== undefined &&
      open.status === SubscriptionStatus.ApprovalPending &&
      (order.checkoutExpiresAt?.getTime() ?? 0) > Date.now() + REUSE_MARGIN_MS;
    if (waiting) {
      const { result: plan } = await talk("reading the plan", order.id, () => subscriptions.getBillingPlan(planId));
      if (planMatches(plan, order, currency)) return { url: link };
    }
  }
  // The Stripe checkout this replaces must not take a second payment.
  if (order.checkoutProvider === "stripe" && order.checkoutId) {
    if ((await closeStripeCheckout(order.checkoutId)) === "complete") return { refused: "processing" };
  }
  // Each press is its own request to PayPal; a retry of one repeats its id and makes nothing twice.
  const attempt = `${order.id}-${Date.now()}`;
  const productId = await talk("creating the product", order.id, () =>
    createProduct(client, order.serviceName, `product-${attempt}`),
  );
  const planBody = await paypalPlanRequest(order, currency, productId);
  const { result: plan } = await talk("creating the plan", order.id, () =>
    subscriptions.createBillingPlan({
      body: planBody,
      paypalRequestId: `plan-${attempt}`,
      prefer: "return=representation",
    }),
  );
  if (!plan.id) throw new PaymentStartError(new Error("PayPal gave the plan no id"));
  const planId = plan.id;
  const subscriptionBody = await paypalSubscriptionRequest(order, planId, statusUrl, brandName);
  const { result: created } = await talk("creating the subscription", order.id, () =>
    subscriptions.createSubscription({ body: subscriptionBody, paypalRequestId: `subscription-${attempt}` }),
  );
  const link = approveLink(created);
  if (!created.id || !link) throw new PaymentStartError(new Error("PayPal gave the subscription no approve link"));
  return keepPayPalCheckout(order, created.id, link);
}

/**
 * A PayPal subscription that started: the order becomes paid with it, like a Stripe checkout. Its
 * money comes apart, as PAYMENT.SALE.COMPLETED events (app/services/payments/paypal-events.server.ts).
 */
export function subscriptionActivated(link: {
  orderId: string | null;
  subscriptionId: string;
  payerId: string | null;
}): PaymentEffect {
  return {
    type: "checkout_paid",
    order: { orderId: link.orderId, subscriptionId: link.subscriptionId },
    paymentMethod: PAYMENT_EVENT_TEXTS.paypalMethod,
    customerId: link.payerId,
    payment: null,
  };
}

/**
 * Back from approving the subscription on PayPal: once PayPal says it is active, the order is paid,
 * once however often the client comes back. Only the order's own current subscription counts.
 */
export async function activatePayPalReturn(order: Order, subscriptionId: string): Promise<CaptureOutcome> {
  const credentials = await readPayPalCredentials();
  if (!credentials || order.checkoutProvider !== "paypal" || order.checkoutId !== subscriptionId) return "not_ours";
  const { SubscriptionsController, SubscriptionStatus } = await paypalSdk();
  let subscription: Subscription;
  try {
    subscription = (
      await new SubscriptionsController(await paypalClient(credentials)).getSubscription({ id: subscriptionId })
    ).result;
  } catch (error) {
    log.warn("paypal: the subscription could not be read", { error, orderId: order.id });
    return "not_captured";
  }
  if (subscription.customId !== order.id) return "not_ours";
  // Approved, not yet started: PayPal's BILLING.SUBSCRIPTION.ACTIVATED pays the order.
  if (subscription.status === SubscriptionStatus.Approved) return "pending";
  if (subscription.status !== SubscriptionStatus.Active) return "not_captured";
  await handleProviderEvent(
    { provider: "paypal", id: `subscription-return:${subscriptionId}`, type: "BILLING.SUBSCRIPTION.ACTIVATED" },
    subscriptionActivated({ orderId: order.id, subscriptionId, payerId: subscription.subscriber?.payerId ?? null }),
  );
  return "paid";
}

/** PayPal's page where a buyer sees and cancels their automatic payments (no API opens it for them). */
export function paypalAutopayUrl(sandbox: boolean): string {
  return `https://www.${sandbox ? "sandbox." : ""}paypal.com/myaccount/autopay/`;
}
