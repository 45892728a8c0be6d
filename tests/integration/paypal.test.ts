import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/db/client.server";
import { integrations, type Order, orders, outboxEvents, payments, providerEvents } from "~/db/schema";
import * as envModule from "~/lib/env.server";
import { saveIntegrations } from "~/models/integrations.server";
import { updateSiteSettings } from "~/models/site-settings.server";
import { type OrderReceipt, orderReceiptHeaders } from "~/services/order-receipt.server";

import { overrideAppEnv } from "../support/app-env";
import { createTestOrder } from "../support/factories";
import { type PayPalStandIn, startPayPalStandIn } from "../support/paypal-stand-in";
import { productText } from "../support/product-text";
import { send } from "../support/route-args";
import { pressStatusButton, STATUS_ORIGIN, statusPage, statusPath } from "../support/status-page";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { BACKENDS, useTestDatabase } from "../support/test-database";

// "Pay with PayPal" on the client's status page, the return that captures, and PayPal's webhook,
// through the routes with the official SDK against a local stand-in (tests/support/paypal-stand-in.ts).

const ORIGIN = STATUS_ORIGIN;
overrideAppEnv({ SITE_URL: ORIGIN });
const CLIENT_ID = "AStandInClientId";
const BRAND = "Flowline Automation";
const CLIENT_SECRET = "EStandInClientSecret0123";

let standIn: PayPalStandIn;
let stripe: StripeStandIn;
let apiUrl: string | undefined;
beforeAll(async () => {
  standIn = await startPayPalStandIn();
  stripe = await startStripeStandIn();
  apiUrl = standIn.url;
  const env = envModule.getEnv();
  vi.spyOn(envModule, "getEnv").mockImplementation(() => ({
    ...env,
    PAYPAL_API_URL: apiUrl,
    STRIPE_API_URL: stripe.url,
  }));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await standIn.close();
  await stripe.close();
});
beforeEach(() => {
  standIn.fail = null;
  apiUrl = standIn.url;
});

function press(placed: Pick<Order, "statusToken">, intent = "paypal", ip = `10.2.${randomUUID()}`) {
  return pressStatusButton(placed, intent, ip);
}

/** The client at PayPal's approve page, then back through the return_url it gives. */
async function approveAndReturn(approveUrl: string) {
  const approved = await fetch(approveUrl, { redirect: "manual" });
  expect(approved.status).toBe(303);
  const back = new URL(approved.headers.get("location")!);
  return { back, answer: await send(new Request(back)) };
}

const subscriptionOf = (orderId: string) =>
  [...standIn.subscriptions.values()].find((found) => found.body.custom_id === orderId)!;
const stored = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId));
const paymentEvents = (orderId: string) =>
  db()
    .select({ type: outboxEvents.type })
    .from(outboxEvents)
    .where(sql`${outboxEvents.data}->>'order_id' = ${orderId} and ${outboxEvents.type} like 'payment.%'`);

function deliver(delivery: { body: string; headers: Record<string, string> }) {
  return send(
    new Request(`${ORIGIN}/webhooks/paypal`, { method: "POST", body: delivery.body, headers: delivery.headers }),
  );
}

describe.each(BACKENDS)("paying with PayPal on %s", (backend) => {
  useTestDatabase(backend);
  beforeAll(async () => {
    await saveIntegrations({
      paypalClientId: CLIENT_ID,
      paypalClientSecret: CLIENT_SECRET,
      paypalWebhookId: standIn.webhookId,
    });
    await updateSiteSettings({ companyName: BRAND });
  });

  it("creates a PayPal order from the order's own amount, then the return captures it and the order is paid once", async () => {
    const placed = await createTestOrder(db(), { serviceName: "Invoice Bot", setupPrice: 149.5, monthlyPrice: 0 });
    const page = await statusPage(statusPath(placed));
    expect(page.payWithPayPal).toBe(true);

    const answer = await press(placed);
    const [created] = [...standIn.orders.values()].filter((o) => o.body.purchase_units[0].custom_id === placed.id);
    expect(answer).toMatchObject({ status: 303, location: `${standIn.url}/checkoutnow?token=${created.id}` });
    const statusUrl = `${ORIGIN}${statusPath(placed)}`;
    expect(created.body).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: placed.id,
          custom_id: placed.id,
          description: "Invoice Bot",
          amount: { currency_code: "USD", value: "149.50" },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: BRAND,
            return_url: `${statusUrl}/paypal-return`,
            cancel_url: `${statusUrl}?payment=cancelled`,
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
          },
        },
      },
    });
    const token = standIn.requests.find((r) => r.path === "/v1/oauth2/token")!;
    expect(token.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`);
    expect(await stored(placed.id)).toMatchObject({ checkoutProvider: "paypal", checkoutId: created.id });

    // A second press before paying goes to the same PayPal order.
    expect((await press(placed)).location).toBe(answer.location);

    const { back, answer: returned } = await approveAndReturn(answer.location!);
    expect(back.pathname).toBe(`${statusPath(placed)}/paypal-return`);
    expect(returned).toMatchObject({ status: 303, location: `${statusPath(placed)}?payment=success` });
    const paid = await stored(placed.id);
    expect(paid).toMatchObject({ status: "paid", paymentMethod: productText("PayPal"), checkoutId: null });
    const recorded = await paymentsOf(placed.id);
    expect(recorded).toEqual([
      expect.objectContaining({
        provider: "paypal",
        kind: "setup",
        status: "succeeded",
        amount: 149.5,
        currency: "USD",
        providerReference: created.captureId,
        flagged: false,
      }),
    ]);
    expect((await paymentEvents(placed.id)).map((e) => e.type)).toEqual(["payment.succeeded"]);

    // Coming back a second time (a reload) records nothing more.
    expect((await send(new Request(back))).status).toBe(303);
    expect(await paymentsOf(placed.id)).toHaveLength(1);
    expect(await paymentEvents(placed.id)).toHaveLength(1);
    expect((await press(placed)).actionData).toEqual({ notice: "alreadyPaid" });
  });

  it("captures a second return of the same approved order once, even straight after the first", async () => {
    const placed = await createTestOrder(db(), { setupPrice: 80, monthlyPrice: 0 });
    const { location } = await press(placed);
    const approved = await fetch(location!, { redirect: "manual" });
    const back = new URL(approved.headers.get("location")!);
    const both = await Promise.all([send(new Request(back)), send(new Request(back))]);
    expect(both.map((a) => a.status)).toEqual([303, 303]);
    expect(await paymentsOf(placed.id)).toHaveLength(1);
    expect(await paymentEvents(placed.id)).toHaveLength(1);
  });

  it("lets a checkout with the other provider replace the open one, which then takes no money", async () => {
    await saveIntegrations({ stripeSecretKey: "sk_test_standin_paypal_mix" });
    try {
      // PayPal replaces an open Stripe session: the session is expired.
      const first = await createTestOrder(db(), { monthlyPrice: 0 });
      expect((await press(first, "pay")).status).toBe(303);
      const { checkoutId: sessionId } = await stored(first.id);
      expect((await press(first)).status).toBe(303);
      expect(stripe.sessions.get(sessionId!)?.status).toBe("expired");
      expect(await stored(first.id)).toMatchObject({ checkoutProvider: "paypal" });

      // Stripe replaces an approved PayPal order: coming back from it captures nothing.
      const second = await createTestOrder(db(), { monthlyPrice: 0 });
      const { location } = await press(second);
      const approved = await fetch(location!, { redirect: "manual" });
      expect((await press(second, "pay")).status).toBe(303);
      const returned = await send(new Request(new URL(approved.headers.get("location")!)));
      expect(returned).toMatchObject({ status: 303, location: `${statusPath(second)}?payment=cancelled` });
      const paypalOrder = [...standIn.orders.values()].find((o) => o.body.purchase_units[0].custom_id === second.id)!;
      expect(paypalOrder.status).toBe("APPROVED");
      expect(await stored(second.id)).toMatchObject({ status: "pending", checkoutProvider: "stripe" });
      expect(await paymentsOf(second.id)).toHaveLength(0);
    } finally {
      await saveIntegrations({ stripeSecretKey: null });
    }
  });

  it("shows the status page, button included, when the saved secret cannot be opened by this server", async () => {
    const [before] = await db().select().from(integrations);
    // Sealed with a key this server does not have (a database restored without its SECRETS_KEY).
    await db().update(integrations).set({ paypalClientSecret: "enc:v1:unknownk:aaaa:bbbb:cccc" });
    try {
      const placed = await createTestOrder(db(), { monthlyPrice: 0 });
      expect((await statusPage(statusPath(placed))).payWithPayPal).toBe(true);
    } finally {
      await db().update(integrations).set({ paypalClientSecret: before.paypalClientSecret });
    }
  });

  it("writes the amount in the currency's own decimals", async () => {
    await updateSiteSettings({ currency: "JPY" });
    try {
      const placed = await createTestOrder(db(), { setupPrice: 15000, monthlyPrice: 0 });
      expect((await press(placed)).status).toBe(303);
      const created = [...standIn.orders.values()].find((o) => o.body.purchase_units[0].custom_id === placed.id)!;
      expect(created.body.purchase_units[0].amount).toEqual({ currency_code: "JPY", value: "15000" });
    } finally {
      await updateSiteSettings({ currency: "USD" });
    }
  });

  it("refuses paid, cancelled and unknown orders", async () => {
    const paid = await createTestOrder(db(), { monthlyPrice: 0, status: "paid" });
    expect((await statusPage(statusPath(paid))).payWithPayPal).toBe(false);
    expect((await press(paid)).actionData).toEqual({ notice: "alreadyPaid" });
    const cancelled = await createTestOrder(db(), { monthlyPrice: 0, status: "cancelled" });
    expect((await press(cancelled)).actionData).toEqual({ notice: "cancelled" });
    expect((await press({ statusToken: "0".repeat(64) })).status).toBe(404);
    const refused = [paid.id, cancelled.id];
    expect([...standIn.orders.values()].filter((o) => refused.includes(o.body.purchase_units[0].custom_id!))).toEqual(
      [],
    );
  });

  it("says the payment could not start when PayPal fails or cannot be reached, and leaves the order as it was", async () => {
    const placed = await createTestOrder(db(), { monthlyPrice: 0 });
    const monthly = await createTestOrder(db(), { monthlyPrice: 29 });
    for (const failure of ["500", "reset"] as const) {
      standIn.fail = failure;
      // Each failure costs the client's retries: the subscription's path is tried with one of them.
      for (const order of failure === "500" ? [placed, monthly] : [placed]) {
        const answer = await press(order);
        expect(answer.status).toBe(503);
        expect(answer.actionData).toEqual({ notice: "couldNotStart" });
      }
    }
    standIn.fail = null;
    apiUrl = "http://127.0.0.1:9";
    expect((await press(placed)).actionData).toEqual({ notice: "couldNotStart" });
    for (const order of [placed, monthly]) {
      expect(await stored(order.id)).toMatchObject({ status: "pending", checkoutId: null });
    }
  });

  it("pays the order from a verified PAYMENT.CAPTURE.COMPLETED when the return was lost, once however often it comes", async () => {
    const placed = await createTestOrder(db(), { setupPrice: 300, monthlyPrice: 0 });
    const captureId = `CAP${randomUUID().slice(0, 8).toUpperCase()}`;
    const delivery = standIn.signedEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: captureId,
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "300.00" },
      custom_id: placed.id,
      create_time: "2026-11-28T10:00:00Z",
    });
    expect((await deliver(delivery)).status).toBe(200);
    expect(await stored(placed.id)).toMatchObject({ status: "paid", paymentMethod: productText("PayPal") });
    expect(await paymentsOf(placed.id)).toEqual([
      expect.objectContaining({ provider: "paypal", amount: 300, providerReference: captureId, flagged: false }),
    ]);
    const verify = standIn.requests.filter((r) => r.path === "/v1/notifications/verify-webhook-signature").at(-1)!;
    expect(verify.body).toMatchObject({ webhook_id: standIn.webhookId, webhook_event: JSON.parse(delivery.body) });

    // Redelivered: taken, nothing new.
    const again = await deliver(delivery);
    expect(again.status).toBe(200);
    expect(await paymentsOf(placed.id)).toHaveLength(1);
    expect(await paymentEvents(placed.id)).toHaveLength(1);

    // Refunded in full: the payment says so, the order is left to staff.
    const refund = standIn.signedEvent("PAYMENT.CAPTURE.REFUNDED", {
      id: "REF1",
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "300.00" },
      seller_payable_breakdown: { total_refunded_amount: { currency_code: "USD", value: "300.00" } },
      links: [{ rel: "up", href: `${standIn.url}/v2/payments/captures/${captureId}`, method: "GET" }],
      create_time: "2026-11-29T10:00:00Z",
    });
    expect((await deliver(refund)).status).toBe(200);
    expect((await paymentsOf(placed.id))[0]).toMatchObject({ status: "refunded" });
    expect((await stored(placed.id)).status).toBe("paid");
  });

  it("subscribes a monthly order to a plan that takes the setup fee, and the return pays the order", async () => {
    const placed = await createTestOrder(db(), {
      serviceName: "Lead Router",
      clientEmail: "buyer@example.com",
      setupPrice: 500,
      monthlyPrice: 49,
    });
    expect((await statusPage(statusPath(placed))).payWithPayPal).toBe(true);

    const answer = await press(placed);
    const subscription = subscriptionOf(placed.id);
    expect(answer).toMatchObject({
      status: 303,
      location: `${standIn.url}/webapps/billing/subscriptions?ba_token=${subscription.approvalToken}`,
    });
    const statusUrl = `${ORIGIN}${statusPath(placed)}`;
    const plan = standIn.plans.get(subscription.body.plan_id)!;
    expect(standIn.products.get(plan.body.product_id)).toMatchObject({ name: "Lead Router", type: "SERVICE" });
    expect(plan.body).toEqual({
      product_id: plan.body.product_id,
      name: "Lead Router — monthly support",
      status: "ACTIVE",
      billing_cycles: [
        {
          frequency: { interval_unit: "MONTH", interval_count: 1 },
          tenure_type: "REGULAR",
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { currency_code: "USD", value: "49.00" } },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        setup_fee: { currency_code: "USD", value: "500.00" },
        setup_fee_failure_action: "CANCEL",
        payment_failure_threshold: 3,
      },
    });
    expect(subscription.body).toEqual({
      plan_id: plan.id,
      custom_id: placed.id,
      subscriber: { email_address: "buyer@example.com" },
      application_context: {
        brand_name: BRAND,
        return_url: `${statusUrl}/paypal-return`,
        cancel_url: `${statusUrl}?payment=cancelled`,
        user_action: "SUBSCRIBE_NOW",
        shipping_preference: "NO_SHIPPING",
      },
    });
    // Through the SDK's own client: its token, and a request id PayPal answers retries by.
    const product = standIn.requests.find(
      (r) => r.path === "/v1/catalogs/products" && r.requestId?.includes(placed.id),
    )!;
    expect(product.authorization).toMatch(/^Bearer A21AA/);
    expect(await stored(placed.id)).toMatchObject({ checkoutProvider: "paypal", checkoutId: subscription.id });

    // A second press before approving goes to the same subscription.
    expect((await press(placed)).location).toBe(answer.location);

    const { back, answer: returned } = await approveAndReturn(answer.location!);
    expect(back.pathname).toBe(`${statusPath(placed)}/paypal-return`);
    expect(returned).toMatchObject({ status: 303, location: `${statusPath(placed)}?payment=success` });
    expect(await stored(placed.id)).toMatchObject({
      status: "paid",
      paymentMethod: productText("PayPal"),
      providerSubscriptionId: subscription.id,
      subscriptionState: "active",
      checkoutId: null,
    });
    // The money comes as PayPal's sales, each once however often it is sent.
    expect((await deliver(standIn.subscriptionEvent("BILLING.SUBSCRIPTION.ACTIVATED", subscription))).status).toBe(200);
    const [setupSale, firstMonth] = subscription.sales;
    for (const delivery of [
      standIn.saleEvent(subscription, setupSale),
      standIn.saleEvent(subscription, firstMonth),
      standIn.saleEvent(subscription, setupSale),
    ]) {
      expect((await deliver(delivery)).status).toBe(200);
    }
    expect(
      (await paymentsOf(placed.id)).sort((a, b) => b.amount - a.amount).map((p) => ({ ...p, paidAt: undefined })),
    ).toEqual([
      expect.objectContaining({ provider: "paypal", kind: "setup", status: "succeeded", amount: 500 }),
      expect.objectContaining({ provider: "paypal", kind: "monthly", status: "succeeded", amount: 49 }),
    ]);
    expect((await paymentsOf(placed.id)).map((p) => p.providerReference).sort()).toEqual(
      [setupSale.id, firstMonth.id].sort(),
    );
    expect((await paymentsOf(placed.id)).some((p) => p.flagged)).toBe(false);
    expect((await paymentEvents(placed.id)).map((e) => e.type)).toEqual(["payment.succeeded", "payment.succeeded"]);

    // The client manages it in their PayPal account; Stripe's billing portal is not for them.
    const page = await statusPage(statusPath(placed));
    expect(page).toMatchObject({ manageBilling: false, paypalBillingUrl: "https://www.paypal.com/myaccount/autopay/" });
    expect((await press(placed, "billing")).actionData).toEqual({ notice: "noBilling" });
  });

  it("pays a monthly order from BILLING.SUBSCRIPTION.ACTIVATED when the return was lost, then follows failures and the cancellation", async () => {
    const placed = await createTestOrder(db(), { setupPrice: 0, monthlyPrice: 99 });
    const { location } = await press(placed);
    expect((await fetch(location!, { redirect: "manual" })).status).toBe(303);
    const subscription = subscriptionOf(placed.id);
    expect(standIn.plans.get(subscription.body.plan_id)!.body.payment_preferences.setup_fee).toBeUndefined();

    const activated = standIn.subscriptionEvent("BILLING.SUBSCRIPTION.ACTIVATED", subscription);
    expect((await deliver(activated)).status).toBe(200);
    expect(await stored(placed.id)).toMatchObject({
      status: "paid",
      paymentMethod: productText("PayPal"),
      providerSubscriptionId: subscription.id,
      subscriptionState: "active",
    });
    expect((await deliver(activated)).status).toBe(200);
    expect((await deliver(standIn.saleEvent(subscription, subscription.sales[0]))).status).toBe(200);
    expect(await paymentsOf(placed.id)).toEqual([expect.objectContaining({ kind: "setup", amount: 99 })]);

    const failed = standIn.subscriptionEvent("BILLING.SUBSCRIPTION.PAYMENT.FAILED", subscription, {
      billing_info: {
        last_failed_payment: { amount: { currency_code: "USD", value: "99.00" }, time: "2026-12-28T10:00:00Z" },
      },
    });
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect((await stored(placed.id)).subscriptionState).toBe("past_due");
    expect((await paymentsOf(placed.id)).filter((p) => p.status === "failed")).toEqual([
      expect.objectContaining({ kind: "monthly", amount: 99, provider: "paypal" }),
    ]);
    expect((await paymentEvents(placed.id)).map((e) => e.type).sort()).toEqual(["payment.failed", "payment.succeeded"]);

    const cancelled = standIn.subscriptionEvent("BILLING.SUBSCRIPTION.CANCELLED", subscription);
    expect((await deliver(cancelled)).status).toBe(200);
    expect((await deliver(cancelled)).status).toBe(200);
    expect(await stored(placed.id)).toMatchObject({ status: "paid", subscriptionState: "cancelled" });
    const notices = await db()
      .select({ type: outboxEvents.type })
      .from(outboxEvents)
      .where(sql`${outboxEvents.data}->>'order_id' = ${placed.id} and ${outboxEvents.type} = 'subscription.cancelled'`);
    expect(notices).toHaveLength(1);
    expect(await statusPage(statusPath(placed))).toMatchObject({ subscriptionCancelled: true, paypalBillingUrl: null });
  });

  it("makes a new plan when staff changed a monthly order's amounts, and pays nothing for a subscription not the order's", async () => {
    const placed = await createTestOrder(db(), { setupPrice: 200, monthlyPrice: 30 });
    const first = await press(placed);
    const old = subscriptionOf(placed.id);
    await db().update(orders).set({ monthlyPrice: 45 }).where(eq(orders.id, placed.id));
    const second = await press(placed);
    expect(second.location).not.toBe(first.location);
    const current = [...standIn.subscriptions.values()].filter((found) => found.body.custom_id === placed.id).at(-1)!;
    expect(standIn.plans.get(current.body.plan_id)!.body.billing_cycles[0].pricing_scheme.fixed_price.value).toBe(
      "45.00",
    );
    // Coming back from the replaced one pays nothing: PayPal's page for it led to the old price.
    const { answer: returned } = await approveAndReturn(first.location!);
    expect(returned).toMatchObject({ status: 303, location: `${statusPath(placed)}?payment=cancelled` });
    expect(old.status).toBe("ACTIVE");
    expect(await stored(placed.id)).toMatchObject({ status: "pending", checkoutId: current.id });
  });

  it("offers Pay with PayPal on the order-submitted page when the order can be paid at once", async () => {
    const receiptOf = async (placed: Order) => {
      const cookie = (await orderReceiptHeaders(placed)).get("Set-Cookie")!.split(";")[0];
      const landed = await send(new Request(`${ORIGIN}/order/submitted`, { headers: { Cookie: cookie } }));
      return (landed.loaderData["routes/public/order-submitted"] as { receipt: OrderReceipt }).receipt;
    };
    // No Stripe key is saved here: PayPal alone is offered.
    const monthly = await createTestOrder(db(), { setupPrice: 300, monthlyPrice: 49 });
    expect(await receiptOf(monthly)).toMatchObject({ payNow: false, payWithPayPal: true });
    expect(await receiptOf(await createTestOrder(db(), { setupPrice: 0, monthlyPrice: 0 }))).toMatchObject({
      payWithPayPal: false,
    });
    await updateSiteSettings({ paymentTiming: "after_confirm" });
    try {
      expect(await receiptOf(monthly)).toMatchObject({ payWithPayPal: false });
    } finally {
      await updateSiteSettings({ paymentTiming: "after_order" });
    }
  });

  it("refuses an event PayPal does not vouch for, and changes nothing", async () => {
    const placed = await createTestOrder(db(), { setupPrice: 300, monthlyPrice: 0 });
    const delivery = standIn.signedEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: "CAPFORGED",
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "1.00" },
      custom_id: placed.id,
    });
    const forged = { ...delivery, body: delivery.body.replace('"1.00"', '"0.01"') };
    const answer = await deliver(forged);
    expect(answer.status).toBe(400);
    const { "PayPal-Transmission-Sig": _, ...unsigned } = delivery.headers;
    expect((await deliver({ body: delivery.body, headers: unsigned })).status).toBe(400);
    expect((await stored(placed.id)).status).toBe("pending");
    expect(await paymentsOf(placed.id)).toHaveLength(0);
    const eventId = (JSON.parse(delivery.body) as { id: string }).id;
    expect(await db().select().from(providerEvents).where(eq(providerEvents.eventId, eventId))).toHaveLength(0);

    // PayPal unreachable for the check: a 503, so PayPal sends it again later.
    apiUrl = "http://127.0.0.1:9";
    expect((await deliver(delivery)).status).toBe(503);
    expect((await stored(placed.id)).status).toBe("pending");
  });
});
