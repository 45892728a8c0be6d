import { z } from "zod";

import { log } from "~/lib/log.server";
import { readPayPalCredentials } from "~/models/integrations.server";
import { type EventOutcome, handleProviderEvent, type PaymentEffect } from "~/models/provider-events.server";

import { capturePaid, PAYPAL_TIMEOUT_MS, paypalApiUrl, paypalClient } from "./paypal.server";
import { subscriptionActivated } from "./paypal-subscriptions.server";

// PayPal's webhook events: PayPal itself says whether a delivery is its own (the
// verify-webhook-signature API, with the webhook id of Admin → Integrations), then the event is read
// into what it does to orders and payments, once, like Stripe's (docs/payments.md, "PayPal").

export type PayPalReceipt = EventOutcome | "not_configured" | "unverified" | "unavailable";

/** The transmission headers PayPal signs each delivery with, as its verify API names them. */
const TRANSMISSION_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

const EventSchema = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string().min(1),
  create_time: z.iso.datetime({ offset: true }).optional(),
  resource: z.unknown(),
});
type PayPalEvent = z.infer<typeof EventSchema>;

const VerifyAnswerSchema = z.object({ verification_status: z.string() });

/** Verifies and handles one delivery of PayPal's webhook. */
export async function receivePayPalEvent(rawBody: string, headers: Headers): Promise<PayPalReceipt> {
  const credentials = await readPayPalCredentials();
  if (!credentials?.webhookId) return "not_configured";
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return "unverified";
  }
  const event = EventSchema.safeParse(parsed);
  const transmission = Object.fromEntries(
    Object.entries(TRANSMISSION_HEADERS).map(([field, header]) => [field, headers.get(header)]),
  );
  if (!event.success || Object.values(transmission).some((value) => !value)) return "unverified";
  let status: string;
  try {
    const token = await (await paypalClient(credentials)).clientCredentialsAuthManager.fetchToken();
    // The event goes back byte for byte as it came: PayPal checks the signature over it.
    const fields = JSON.stringify({ ...transmission, webhook_id: credentials.webhookId });
    const answer = await fetch(`${paypalApiUrl(credentials.sandbox)}/v1/notifications/verify-webhook-signature`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token.accessToken}`, "Content-Type": "application/json" },
      body: `${fields.slice(0, -1)},"webhook_event":${rawBody}}`,
      signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS),
    });
    if (!answer.ok) throw new Error(`PayPal answered ${answer.status}`);
    status = VerifyAnswerSchema.parse(await answer.json()).verification_status;
  } catch (error) {
    log.warn("paypal webhook: the signature could not be checked", { error });
    return "unavailable";
  }
  if (status !== "SUCCESS") {
    log.warn("paypal webhook: signature not verified", { status });
    return "unverified";
  }
  const { id, event_type: type } = event.data;
  return handleProviderEvent({ provider: "paypal", id, type }, effectOf(event.data));
}

const Money = z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d+(\.\d+)?$/) });

const Capture = z.object({
  id: z.string(),
  status: z.string(),
  amount: Money,
  custom_id: z.string().nullish(),
  create_time: z.iso.datetime({ offset: true }).nullish(),
});

const Refund = z.object({
  amount: Money,
  create_time: z.iso.datetime({ offset: true }).nullish(),
  seller_payable_breakdown: z.object({ total_refunded_amount: Money.nullish() }).nullish(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).default([]),
});

const Subscription = z.object({
  id: z.string(),
  status: z.string(),
  custom_id: z.string().nullish(),
  subscriber: z.object({ payer_id: z.string().nullish() }).nullish(),
  billing_info: z
    .object({ last_failed_payment: z.object({ amount: Money, time: z.iso.datetime({ offset: true }) }).nullish() })
    .nullish(),
});

// A subscription's payment, in the older Payments v1 shape PayPal still sends for subscriptions.
const Sale = z.object({
  id: z.string(),
  state: z.string(),
  amount: z.object({ total: z.string().regex(/^\d+(\.\d+)?$/), currency: z.string().length(3) }),
  billing_agreement_id: z.string().nullish(),
  custom: z.string().nullish(),
  create_time: z.iso.datetime({ offset: true }).nullish(),
});

function effectOf(event: PayPalEvent): PaymentEffect {
  const read = <T extends z.ZodType>(schema: T): z.infer<T> | null => {
    const parsed = schema.safeParse(event.resource);
    if (parsed.success) return parsed.data;
    log.error("paypal webhook: an event of an unexpected shape", {
      event: event.id,
      type: event.event_type,
      fields: parsed.error.issues.map((issue) => issue.path.join(".")),
    });
    return null;
  };
  const at = (time: string | null | undefined) => new Date(time ?? event.create_time ?? Date.now());
  switch (event.event_type) {
    // The return to the site captures and pays the order; this is the same money when that return was lost.
    case "PAYMENT.CAPTURE.COMPLETED": {
      const capture = read(Capture);
      if (!capture || capture.status !== "COMPLETED") return { type: "ignored" };
      return capturePaid({
        orderId: capture.custom_id ?? null,
        captureId: capture.id,
        value: capture.amount.value,
        currency: capture.amount.currency_code,
        paidAt: at(capture.create_time),
      });
    }
    case "PAYMENT.CAPTURE.REFUNDED": {
      const refund = read(Refund);
      if (!refund) return { type: "ignored" };
      // The refund names its capture, the payment's reference, by the link up to it.
      const up = refund.links.find((link) => link.rel === "up")?.href;
      const captureId = up ? new URL(up).pathname.split("/").pop() : undefined;
      const total = refund.seller_payable_breakdown?.total_refunded_amount ?? refund.amount;
      return {
        type: "refunded",
        references: captureId ? [captureId] : [],
        fully: { refundedTotal: Number(total.value) },
        refundedAt: at(refund.create_time),
      };
    }
    case "BILLING.SUBSCRIPTION.ACTIVATED": {
      const subscription = read(Subscription);
      if (!subscription || subscription.status !== "ACTIVE") return { type: "ignored" };
      return subscriptionActivated({
        orderId: subscription.custom_id ?? null,
        subscriptionId: subscription.id,
        payerId: subscription.subscriber?.payer_id ?? null,
      });
    }
    case "PAYMENT.SALE.COMPLETED": {
      const sale = read(Sale);
      // A sale outside a subscription is no order's: one-off orders are paid by captures.
      if (!sale?.billing_agreement_id || sale.state !== "completed") return { type: "ignored" };
      return {
        type: "payment_recorded",
        order: { orderId: sale.custom ?? null, subscriptionId: sale.billing_agreement_id },
        payment: {
          kind: "setup",
          status: "succeeded",
          amount: Number(sale.amount.total),
          currency: sale.amount.currency.toUpperCase(),
          reference: sale.id,
          paidAt: at(sale.create_time),
        },
        firstIsSetup: true,
      };
    }
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED": {
      const subscription = read(Subscription);
      const failed = subscription?.billing_info?.last_failed_payment;
      if (!subscription || !failed) return { type: "ignored" };
      return {
        type: "payment_recorded",
        order: { orderId: subscription.custom_id ?? null, subscriptionId: subscription.id },
        payment: {
          kind: "monthly",
          status: "failed",
          amount: Number(failed.amount.value),
          currency: failed.amount.currency_code.toUpperCase(),
          // PayPal names no failed payment: the subscription and the attempt's time stand for it.
          reference: `${subscription.id}@${failed.time}`,
          paidAt: at(failed.time),
        },
      };
    }
    case "BILLING.SUBSCRIPTION.CANCELLED": {
      const subscription = read(Subscription);
      if (!subscription) return { type: "ignored" };
      return {
        type: "subscription_cancelled",
        order: { orderId: subscription.custom_id ?? null, subscriptionId: subscription.id },
      };
    }
    default:
      return { type: "ignored" };
  }
}
