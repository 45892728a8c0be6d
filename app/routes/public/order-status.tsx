import { useEffect } from "react";
import { data, redirect, useRevalidator } from "react-router";
import { z } from "zod";

import { BookCall } from "~/components/site/book-call";
import { publicPageMeta } from "~/components/site/page-meta";
import { PAYMENT_INTENTS, PaymentForm } from "~/components/site/payment-form";
import { useCurrency } from "~/components/site/use-site-settings";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { BOOKING_TEXTS } from "~/copy/booking";
import { PAYMENT_EVENT_TEXTS } from "~/copy/payment-events";
import { PAYPAL_BILLING } from "~/copy/payments-paypal";
import { ORDER_STATUS, PAYING } from "~/copy/site";
import type { Order } from "~/db/schema";
import { rateLimitAddress } from "~/lib/address-key";
import { bookingLink } from "~/lib/booking";
import type { OrderStatus } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { firstMonthTotal, formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { readForm } from "~/lib/read-form.server";
import { clientIp } from "~/lib/request-context.server";
import { getOrderCall } from "~/models/bookings.server";
import { hasPayPalCredentials, readPayPalSandbox } from "~/models/integrations.server";
import { getOrderByStatusToken } from "~/models/orders.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { siteTimeZone } from "~/models/site-settings.server";
import { readPublicIntegrations, readSiteSettings, readStripeConfigured } from "~/services/last-known.server";
import { orderStatusUrl } from "~/services/order-receipt.server";
import { emailEnabled } from "~/services/outbox/channels.server";
import { openPayPalCheckout } from "~/services/payments/paypal.server";
import { openPayPalSubscription, paypalAutopayUrl } from "~/services/payments/paypal-subscriptions.server";
import { openBillingPortal, openCheckout, paymentAsked, PaymentStartError } from "~/services/payments/stripe.server";

import type { Route } from "./+types/order-status";

// The client's own page, reached by the unguessable token in their confirmation email.
// It shows what they entered and where the order stands, nothing of anyone else's. server/app.ts
// answers this path with no-store, a same-origin referrer policy and noindex; the page cache never lists it
// (app/services/page-cache/request.server.ts).

// The database makes the token: 64 lowercase hex characters. Anything else is no order.
const StatusTokenSchema = z.string().regex(/^[0-9a-f]{64}$/);

// "Pay now", "Pay with PayPal" and "Manage billing": each opens the provider's page, and the browser is sent there.
const PaymentFormSchema = z.object({ intent: z.enum(PAYMENT_INTENTS) });
// Where Stripe sends the client back (app/services/payments/stripe.server.ts).
const PaymentReturnSchema = z.enum(["success", "cancelled"]).nullable().catch(null);

/** How often an open, visible page asks again, so that an admin's change shows up. */
const REFRESH_MS = 30_000;
const HOUR_MS = 60 * 60 * 1000;

type PaymentNotice = keyof typeof PAYING.notices;

/** The order is paid with a monthly subscription that still runs. */
function hasSubscription(order: Order): boolean {
  return order.status === "paid" && order.providerSubscriptionId !== null && order.subscriptionState !== "cancelled";
}

const paidWithPayPal = (order: Order) => order.paymentMethod === PAYMENT_EVENT_TEXTS.paypalMethod;

/** The client's monthly subscription can be managed in Stripe's billing portal. */
function hasBilling(order: Order): order is Order & { providerCustomerId: string } {
  return hasSubscription(order) && order.providerCustomerId !== null && !paidWithPayPal(order);
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const token = StatusTokenSchema.safeParse(params.token);
  const order = token.success ? await getOrderByStatusToken(token.data) : null;
  if (!order) throw data(null, { status: 404 });
  const settings = await readSiteSettings();
  const returned = new URL(request.url).searchParams.get("payment");
  const payment = PaymentReturnSchema.parse(returned);
  const orderDate = new Intl.DateTimeFormat("en-US", {
    dateStyle: "long",
    timeZone: siteTimeZone(settings),
  }).format(order.orderDate);
  const call = await getOrderCall(order.id);
  const { bookingPageUrl } = await readPublicIntegrations();
  // Only what the page shows goes to the browser: never the client's email or phone.
  return {
    clientName: order.clientName,
    serviceName: order.serviceName,
    setupPrice: order.setupPrice,
    monthlyPrice: order.monthlyPrice,
    // From the current amounts: staff may have changed them (a custom quote) since the order.
    totalPrice: firstMonthTotal(order.setupPrice, order.monthlyPrice),
    notes: order.notes,
    status: order.status,
    orderDate,
    // Without email there is no confirmation to reply to: the support address takes its place.
    supportEmail: emailEnabled() ? null : settings.supportEmail,
    subscriptionCancelled: order.subscriptionState === "cancelled",
    /** Back from Stripe's checkout: whether the client paid or left it. */
    payment,
    payNow: payment !== "success" && paymentAsked(order, settings.paymentTiming) && (await readStripeConfigured()),
    // A one-off order is a PayPal order, a monthly one a PayPal subscription.
    payWithPayPal:
      payment !== "success" && paymentAsked(order, settings.paymentTiming) && (await hasPayPalCredentials()),
    manageBilling: hasBilling(order),
    // PayPal opens no billing page for a merchant: its buyers manage automatic payments in their account.
    paypalBillingUrl:
      hasSubscription(order) && paidWithPayPal(order) ? paypalAutopayUrl(await readPayPalSandbox()) : null,
    call: call
      ? {
          status: call.status,
          when: new Intl.DateTimeFormat("en-US", {
            dateStyle: "full",
            timeStyle: "short",
            timeZone: siteTimeZone(settings),
          }).format(call.startTime),
        }
      : null,
    // The name only: the page's address may be forwarded, and the email stays off it (as above).
    bookingUrl:
      order.status === "cancelled" || call ? null : bookingLink(bookingPageUrl, { name: order.clientName, email: "" }),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = PaymentFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) throw data(null, { status: 400 });
  // Each press may open a session at Stripe or PayPal: limited per address like the order form.
  const limit = await hitRateLimit(
    `payments:${rateLimitAddress(clientIp(context))}`,
    getEnv().PAYMENTS_PER_HOUR,
    HOUR_MS,
  );
  if (!limit.allowed) {
    return refuse("tooMany", { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const token = StatusTokenSchema.safeParse(params.token);
  const order = token.success ? await getOrderByStatusToken(token.data) : null;
  if (!order) throw data(null, { status: 404 });
  const statusUrl = orderStatusUrl(request, order.statusToken);
  try {
    if (form.data.intent === "billing") {
      if (!hasBilling(order)) return refuse("noBilling", { status: 409 });
      const url = await openBillingPortal(order.providerCustomerId, statusUrl);
      return url ? redirect(url, 303) : refuse("noBilling", { status: 409 });
    }
    if (order.status === "paid") return refuse("alreadyPaid", { status: 409 });
    if (order.status === "cancelled") return refuse("cancelled", { status: 409 });
    const settings = await readSiteSettings();
    if (!paymentAsked(order, settings.paymentTiming)) return refuse("notOffered", { status: 409 });
    const paypal = { order, currency: settings.currency, statusUrl, brandName: settings.companyName };
    const checkout =
      form.data.intent === "pay"
        ? await openCheckout(order, settings.currency, statusUrl)
        : hasMonthlyPrice(order.monthlyPrice)
          ? await openPayPalSubscription(paypal)
          : await openPayPalCheckout(paypal);
    if ("url" in checkout) return redirect(checkout.url, 303);
    const notices = {
      not_configured: "notOffered",
      processing: "processing",
      not_pending: "alreadyPaid",
    } as const;
    return refuse(notices[checkout.refused], { status: 409 });
  } catch (error) {
    if (!(error instanceof PaymentStartError)) throw error;
    return refuse("couldNotStart", { status: 503 });
  }
}

function refuse(notice: PaymentNotice, init: ResponseInit) {
  return data({ notice }, init);
}

const STATUS_TONES: Record<OrderStatus, BadgeTone> = { pending: "warning", paid: "success", cancelled: "danger" };

export default function OrderStatusPage({ loaderData: order, actionData, params }: Route.ComponentProps) {
  useRefreshWhileVisible(REFRESH_MS);
  const statusPath = `/order/status/${params.token}`;
  const currency = useCurrency();
  const monthly = hasMonthlyPrice(order.monthlyPrice)
    ? formatMonthlyPrice(order.monthlyPrice, currency)
    : ORDER_STATUS.noMonthly;
  const status = ORDER_STATUS.statuses[order.status];
  const detail =
    order.status === "cancelled" && order.supportEmail !== null
      ? ORDER_STATUS.cancelledWithoutEmail(order.supportEmail)
      : status.detail;
  return (
    <section className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ORDER_STATUS.heading}</h1>
      <p className="mt-3 text-lg text-slate-600">{ORDER_STATUS.intro(order.clientName)}</p>
      {actionData?.notice ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {PAYING.notices[actionData.notice]}
        </p>
      ) : order.payment === "success" ? (
        <PaymentReturn title={PAYING.received} detail={PAYING.receivedDetail} tone="success" />
      ) : order.payment === "cancelled" ? (
        <PaymentReturn title={PAYING.notCompleted} detail={PAYING.notCompletedDetail} tone="warning" />
      ) : null}
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div role="status" aria-live="polite">
          <p className="flex items-center gap-3 text-sm font-medium text-slate-600">
            {ORDER_STATUS.status}
            <Badge tone={STATUS_TONES[order.status]}>{status.label}</Badge>
          </p>
          <p className="mt-2 text-slate-800">{detail}</p>
        </div>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <Row label={ORDER_STATUS.service} value={order.serviceName} />
          <Row label={ORDER_STATUS.setupFee} value={formatPrice(order.setupPrice, currency)} />
          <Row
            label={ORDER_STATUS.monthly}
            value={order.subscriptionCancelled ? PAYING.monthlyCancelled(monthly) : monthly}
          />
          <Row label={ORDER_STATUS.total} value={formatPrice(order.totalPrice, currency)} />
          <Row label={ORDER_STATUS.orderDate} value={order.orderDate} />
        </dl>
        {order.notes ? (
          <>
            <h2 className="mt-6 text-sm font-semibold text-slate-700">{ORDER_STATUS.notes}</h2>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{order.notes}</p>
          </>
        ) : null}
        {order.payNow ? <PaymentForm statusPath={statusPath} intent="pay" /> : null}
        {order.payWithPayPal ? <PaymentForm statusPath={statusPath} intent="paypal" /> : null}
        {order.manageBilling ? <PaymentForm statusPath={statusPath} intent="billing" /> : null}
        {order.paypalBillingUrl ? <PayPalBilling href={order.paypalBillingUrl} /> : null}
        {order.call ? (
          <div className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <h2 className="flex items-center gap-3 text-sm font-semibold text-slate-700">
              {BOOKING_TEXTS.statusHeading}
              <Badge tone={order.call.status === "cancelled" ? "warning" : "success"}>
                {BOOKING_TEXTS.statuses[order.call.status]}
              </Badge>
            </h2>
            <p className="mt-1 text-sm text-slate-800">{BOOKING_TEXTS.at(order.call.when)}</p>
          </div>
        ) : null}
      </div>
      {order.bookingUrl ? <BookCall url={order.bookingUrl} /> : null}
      <p className="mt-4 text-sm text-slate-500">{ORDER_STATUS.refreshHint}</p>
    </section>
  );
}

function PaymentReturn({ title, detail, tone }: { title: string; detail: string; tone: "success" | "warning" }) {
  const colours = tone === "success" ? "border-emerald-200 bg-emerald-50" : "border-amber-200 bg-amber-50";
  return (
    <div role="status" className={`mt-6 rounded-lg border p-4 ${colours}`}>
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-700">{detail}</p>
    </div>
  );
}

/** A link, not a form: PayPal's own page, where the client stops or changes the automatic payment. */
function PayPalBilling({ href }: { href: string }) {
  return (
    <div className="mt-6">
      <a href={href} rel="noopener noreferrer" className={buttonClasses("secondary", "lg")}>
        {PAYPAL_BILLING.manage}
      </a>
      <p className="mt-2 text-sm text-slate-600">{PAYPAL_BILLING.hint}</p>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </>
  );
}

/** With JavaScript, the loaders run again every `intervalMs` while the tab is shown, and on coming back to it. */
function useRefreshWhileVisible(intervalMs: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    };
    const timer = setInterval(refresh, intervalMs);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [revalidator, intervalMs]);
}

export function meta({ matches }: Route.MetaArgs) {
  const page = publicPageMeta(matches, () => ({
    title: ORDER_STATUS.title,
    description: ORDER_STATUS.description,
    path: "/order/status",
  }));
  // The title and description alone: no canonical URL, sharing cards or og:url for an address
  // that holds the client's token.
  return [
    ...page.filter((tag) => "title" in tag || ("name" in tag && tag.name === "description")),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}
