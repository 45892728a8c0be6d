import type { Client, Order as PayPalOrder, OrderRequest } from "@paypal/paypal-server-sdk";
import type { AxiosAdapter } from "axios";

import { PAYMENT_EVENT_TEXTS } from "~/copy/payment-events";
import type { Order } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { minorUnitFactor } from "~/lib/pricing";
import { hasPayPalCredentials, type PayPalCredentials, readPayPalCredentials } from "~/models/integrations.server";
import { saveOrderCheckout } from "~/models/order-checkouts.server";
import { getOrder } from "~/models/orders.server";
import { handleProviderEvent, type PaymentEffect } from "~/models/provider-events.server";
import { readSiteSettings } from "~/services/last-known.server";

import { closeStripeCheckout, PaymentStartError } from "./stripe.server";

// Taking the client's money with PayPal Orders v2 (docs/payments.md, "PayPal"): the server creates
// the order from the order's own amounts, the browser is sent to PayPal to approve it, and the
// server captures it when PayPal sends the client back. Like Stripe, the browser never sees a key.

/** Each request's time-out: a client pressing "Pay with PayPal" is told soon when PayPal is slow. */
export const PAYPAL_TIMEOUT_MS = 10_000;
/** PayPal leaves an order unapproved for three hours; an open one this close to its end is not reused. */
export const ORDER_LIFETIME_MS = 3 * 60 * 60 * 1000;
export const REUSE_MARGIN_MS = 10 * 60 * 1000;

/**
 * The SDK, loaded on first use: with axios it is three quarters of a CPU-second of every start of the
 * server, which most sites, never taking PayPal, would pay for nothing.
 */
export const paypalSdk = () => import("@paypal/paypal-server-sdk");

const LIVE_API = "https://api-m.paypal.com";
const SANDBOX_API = "https://api-m.sandbox.paypal.com";

/** Where the API is: PAYPAL_API_URL (a stand-in in tests), else live or sandbox by the switch. */
export function paypalApiUrl(sandbox: boolean): string {
  return (getEnv().PAYPAL_API_URL ?? (sandbox ? SANDBOX_API : LIVE_API)).replace(/\/$/, "");
}

/**
 * The SDK knows only PayPal's two hosts: its requests to them go to `apiUrl` instead, through
 * axios's own http adapter, so PAYPAL_API_URL reaches a stand-in over plain http.
 */
async function rebasedAdapter(apiUrl: string): Promise<AxiosAdapter> {
  const { default: axios } = await import("axios");
  const http = axios.getAdapter("http");
  return (config) => {
    const target = new URL(config.url!);
    return http({ ...config, url: `${apiUrl}${target.pathname}${target.search}` });
  };
}

/** The official client with the saved credentials, waiting PAYPAL_TIMEOUT_MS per request, retrying twice. */
export async function paypalClient(
  credentials: Pick<PayPalCredentials, "clientId" | "clientSecret" | "sandbox">,
): Promise<Client> {
  const { Client, Environment } = await paypalSdk();
  const apiUrl = paypalApiUrl(credentials.sandbox);
  const rebased = apiUrl !== LIVE_API && apiUrl !== SANDBOX_API;
  return new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: credentials.clientId,
      oAuthClientSecret: credentials.clientSecret,
    },
    environment: credentials.sandbox ? Environment.Sandbox : Environment.Production,
    timeout: PAYPAL_TIMEOUT_MS,
    // POSTs carry a PayPal-Request-Id, so PayPal answers a retried one as it did the first.
    httpClientOptions: {
      retryConfig: {
        maxNumberOfRetries: 2,
        retryOnTimeout: true,
        retryInterval: 1,
        maximumRetryWaitTime: 30,
        backoffFactor: 2,
        httpStatusCodesToRetry: [408, 429, 500, 502, 503, 504],
        httpMethodsToRetry: ["GET", "POST"],
      },
    },
    unstable_httpClientOptions: rebased ? { adapter: await rebasedAdapter(apiUrl) } : undefined,
  });
}

/** Whether a new order can be paid with PayPal at once, on the order-submitted page (or the order page with JavaScript). */
export async function paysWithPayPalRightAfterOrder(
  order: Pick<Order, "setupPrice" | "monthlyPrice">,
): Promise<boolean> {
  if (order.setupPrice + order.monthlyPrice <= 0) return false;
  return (await readSiteSettings()).paymentTiming === "after_order" && (await hasPayPalCredentials());
}

/** The order's amount as PayPal writes it: "120.00", "1500" for yen. */
export function paypalAmount(amount: number, currency: string): string {
  const decimals = Math.round(Math.log10(minorUnitFactor(currency)));
  return amount.toFixed(decimals);
}

/** PayPal's limit on the brand name shown on its pages. */
export const PAYPAL_BRAND_MAX = 127;

/**
 * Orders v2 for a one-off order: captured at once, tied to the order by its id. The return and
 * cancel addresses go in payment_source.paypal.experience_context, which replaced the deprecated
 * application_context; "Pay Now" on PayPal's page, and no shipping address, since nothing is shipped.
 */
export async function paypalOrderRequest(
  order: Pick<Order, "id" | "serviceName" | "setupPrice">,
  currency: string,
  statusUrl: string,
  brandName: string,
): Promise<OrderRequest> {
  const { CheckoutPaymentIntent, PaypalExperienceUserAction, PaypalWalletContextShippingPreference } =
    await paypalSdk();
  return {
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [
      {
        referenceId: order.id,
        customId: order.id,
        description: order.serviceName.slice(0, 127),
        amount: { currencyCode: currency, value: paypalAmount(order.setupPrice, currency) },
      },
    ],
    paymentSource: {
      paypal: {
        experienceContext: {
          brandName: brandName.slice(0, PAYPAL_BRAND_MAX),
          returnUrl: `${statusUrl}/paypal-return`,
          cancelUrl: `${statusUrl}?payment=cancelled`,
          userAction: PaypalExperienceUserAction.PayNow,
          shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
        },
      },
    },
  };
}

export type PayPalCheckoutAnswer = { url: string } | { refused: "not_configured" | "processing" | "not_pending" };

/** A payment to start on PayPal: the order, and what PayPal's pages show and return to. */
export interface PayPalStart {
  order: Order;
  currency: string;
  statusUrl: string;
  brandName: string;
}

const approveLink = (paypalOrder: PayPalOrder) =>
  paypalOrder.links?.find((link) => link.rel === "payer-action" || link.rel === "approve")?.href ?? null;

/** Runs `call` against PayPal; any failure to answer becomes PaymentStartError, the order untouched. */
export async function talk<T>(what: string, orderId: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.warn(`paypal: ${what} failed`, { error, orderId });
    throw new PaymentStartError(error);
  }
}

/**
 * The PayPal order of a pending one-off order: its open one when it still has this order's
 * amount (a second press must not let the client pay twice), else a new one, kept on the order.
 * An approved one whose capture was lost goes to the return, which captures it.
 */
export async function openPayPalCheckout(start: PayPalStart): Promise<PayPalCheckoutAnswer> {
  const { order, currency, statusUrl, brandName } = start;
  const credentials = await readPayPalCredentials();
  if (!credentials) return { refused: "not_configured" };
  const { OrdersController, OrderStatus } = await paypalSdk();
  const orders = new OrdersController(await paypalClient(credentials));
  if (order.checkoutProvider === "paypal" && order.checkoutId) {
    const id = order.checkoutId;
    const { result: open } = await talk("reading the order", order.id, () => orders.getOrder({ id }));
    if (open.status === OrderStatus.Completed) return { refused: "processing" };
    if (open.status === OrderStatus.Approved) return { url: `${statusUrl}/paypal-return?token=${id}` };
    const unit = open.purchaseUnits?.[0]?.amount;
    const link = approveLink(open);
    const stillGood =
      link !== null &&
      (open.status === OrderStatus.Created || open.status === OrderStatus.PayerActionRequired) &&
      (order.checkoutExpiresAt?.getTime() ?? 0) > Date.now() + REUSE_MARGIN_MS &&
      unit?.currencyCode === currency &&
      unit.value === paypalAmount(order.setupPrice, currency);
    if (stillGood) return { url: link };
  }
  // The Stripe checkout this replaces must not take a second payment.
  if (order.checkoutProvider === "stripe" && order.checkoutId) {
    if ((await closeStripeCheckout(order.checkoutId)) === "complete") return { refused: "processing" };
  }
  const body = await paypalOrderRequest(order, currency, statusUrl, brandName);
  const { result: created } = await talk("creating the order", order.id, () =>
    orders.createOrder({ body, paypalRequestId: `create-${order.id}-${Date.now()}` }),
  );
  const link = approveLink(created);
  if (!created.id || !link) throw new PaymentStartError(new Error("PayPal gave the order no approve link"));
  return keepPayPalCheckout(order, created.id, link);
}

/**
 * Records PayPal's approval page as the order's open checkout, unless another press got there first:
 * then the visitor goes to that one (or is refused when the order is no longer pending).
 */
export async function keepPayPalCheckout(
  order: Pick<Order, "id" | "checkoutId">,
  id: string,
  link: string,
): Promise<PayPalCheckoutAnswer> {
  const kept = await saveOrderCheckout(order.id, order.checkoutId, {
    provider: "paypal",
    id,
    url: link,
    expiresAt: new Date(Date.now() + ORDER_LIFETIME_MS),
  });
  if (!kept) {
    const now = await getOrder(order.id);
    if (now?.status !== "pending" || !now.checkoutUrl) return { refused: "not_pending" };
    return { url: now.checkoutUrl };
  }
  return { url: link };
}

/** A completed PayPal capture as the order's payment: from the return, or from PayPal's event. */
export function capturePaid(capture: {
  orderId: string | null;
  captureId: string;
  value: string;
  currency: string;
  paidAt: Date;
}): PaymentEffect {
  return {
    type: "checkout_paid",
    order: { orderId: capture.orderId, subscriptionId: null },
    paymentMethod: PAYMENT_EVENT_TEXTS.paypalMethod,
    customerId: null,
    payment: {
      kind: "setup",
      status: "succeeded",
      amount: Number(capture.value),
      currency: capture.currency.toUpperCase(),
      reference: capture.captureId,
      paidAt: capture.paidAt,
    },
  };
}

/** pending: PayPal holds the capture (an eCheck); its PAYMENT.CAPTURE.COMPLETED event pays the order. */
export type CaptureOutcome = "paid" | "pending" | "not_ours" | "not_captured";

/**
 * Back from PayPal: captures the approved order, then, in one transaction, the order becomes paid
 * and the payment is recorded, once however often the client comes back. Only the order's own
 * current PayPal order is captured: one it replaced is left approved and uncharged.
 */
export async function capturePayPalReturn(order: Order, paypalOrderId: string): Promise<CaptureOutcome> {
  const credentials = await readPayPalCredentials();
  if (!credentials || order.checkoutProvider !== "paypal" || order.checkoutId !== paypalOrderId) return "not_ours";
  const { ApiError, OrdersController, OrderStatus } = await paypalSdk();
  const orders = new OrdersController(await paypalClient(credentials));
  let captured: PayPalOrder;
  try {
    captured = (await orders.captureOrder({ id: paypalOrderId, paypalRequestId: `capture-${paypalOrderId}` })).result;
  } catch (error) {
    // Captured before (a second return): PayPal refuses, and the order says what was taken.
    const already =
      error instanceof ApiError && error.statusCode === 422 && String(error.body).includes("ORDER_ALREADY_CAPTURED");
    if (!already) {
      log.warn("paypal: the capture failed", { error, orderId: order.id });
      return "not_captured";
    }
    try {
      captured = (await orders.getOrder({ id: paypalOrderId })).result;
    } catch (readError) {
      log.warn("paypal: the captured order could not be read", { error: readError, orderId: order.id });
      return "not_captured";
    }
  }
  const capture = captured.purchaseUnits?.[0]?.payments?.captures?.[0];
  if (captured.status !== OrderStatus.Completed || !capture?.id || !capture.amount) return "not_captured";
  if (capture.status !== "COMPLETED") return "pending";
  await handleProviderEvent(
    { provider: "paypal", id: `capture-return:${capture.id}`, type: "CHECKOUT.ORDER.CAPTURED" },
    capturePaid({
      orderId: order.id,
      captureId: capture.id,
      value: capture.amount.value,
      currency: capture.amount.currencyCode,
      paidAt: capture.createTime ? new Date(capture.createTime) : new Date(),
    }),
  );
  return "paid";
}
