import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { db, openDatabase, setDatabase } from "~/db/client.server";
import { integrations, orders, outboxEvents, payments, providerEvents } from "~/db/schema";
import { saveIntegrations } from "~/models/integrations.server";
import { getOrderStats } from "~/models/orders.server";

import { createTestOrder } from "../support/factories";
import { productText } from "../support/product-text";
import { send, TEST_ORIGIN } from "../support/route-args";
import {
  chargeRefunded,
  checkoutCompleted,
  invoiceEvent,
  newWebhookSecret,
  signedDelivery,
  stripeEvent,
  stripeId,
  subscriptionDeleted,
} from "../support/stripe-events";
import { BACKENDS, postgresUrl, useTestDatabase } from "../support/test-database";

// Stripe's webhook through the route table, as the server runs it: events signed with the library's
// generateTestHeaderString under the secret saved in Integrations, and what each leaves in orders,
// payments and the outbox. tests/production/stripe-webhook.test.ts posts them over HTTP to two
// instances at once.

const WEBHOOK_PATH = "/webhooks/stripe";

function webhookRequest(body: string, signature: string | null): Request {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return new Request(`${TEST_ORIGIN}${WEBHOOK_PATH}`, { method: "POST", body, headers });
}

let secret = newWebhookSecret();

/** Posts `event` signed with the saved secret (or `signWith`); returns the answer's status. */
async function deliver(event: unknown, signWith = secret): Promise<number> {
  const { body, signature } = signedDelivery(event, signWith);
  return (await send(webhookRequest(body, signature))).status;
}

const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (orderId: string) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
const eventsAbout = (orderId: string) =>
  db()
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(sql`${outboxEvents.data}->>'id' = ${orderId} or ${outboxEvents.data}->>'order_id' = ${orderId}`)
    .orderBy(outboxEvents.createdAt);
const handled = async (eventId: string) =>
  (await db().select().from(providerEvents).where(eq(providerEvents.eventId, eventId))).length;

/** Everything an event could change about an order: compared before and after a refused delivery. */
async function snapshot(orderId: string) {
  return { order: await orderRow(orderId), payments: await paymentsOf(orderId), events: await eventsAbout(orderId) };
}

async function openCheckout(values: Partial<typeof orders.$inferInsert> = {}) {
  return createTestOrder(db(), {
    checkoutProvider: "stripe",
    checkoutId: stripeId("cs_test"),
    checkoutUrl: "https://checkout.stripe.test/c/pay/cs_test",
    checkoutExpiresAt: new Date(Date.now() + 3_600_000),
    ...values,
  });
}

describe.each(BACKENDS)("Stripe webhook on %s", (backend) => {
  const database = useTestDatabase(backend);
  beforeAll(async () => {
    secret = newWebhookSecret();
    await saveIntegrations({ stripeWebhookSecret: secret });
  });

  it("keeps the signing secret sealed at rest", async () => {
    const [row] = await db().select({ stored: integrations.stripeWebhookSecret }).from(integrations);
    expect(row.stored).toMatch(/^enc:v1:/);
    expect(row.stored).not.toContain(secret);
  });

  it("checkout.session.completed (one-off, USD): the order is paid through Stripe, once, with its payment", async () => {
    const order = await openCheckout({ setupPrice: 1499.5, monthlyPrice: 0, totalPrice: 1499.5 });
    const revenueBefore = (await getOrderStats()).revenue;
    const customer = stripeId("cus");
    const paymentIntent = stripeId("pi");
    const event = checkoutCompleted(order.id, { amountTotal: 149_950, currency: "usd", paymentIntent, customer });

    expect(await deliver(event)).toBe(200);

    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({
      status: "paid",
      paymentMethod: productText("Stripe"),
      providerCustomerId: customer,
      providerSubscriptionId: null,
      subscriptionState: null,
      checkoutProvider: null,
      checkoutId: null,
      checkoutUrl: null,
      checkoutExpiresAt: null,
    });
    expect(await paymentsOf(order.id)).toMatchObject([
      {
        provider: "stripe",
        kind: "setup",
        status: "succeeded",
        amount: 1499.5,
        currency: "USD",
        providerReference: paymentIntent,
        flagged: false,
      },
    ]);
    expect((await getOrderStats()).revenue).toBeCloseTo(revenueBefore + 1499.5, 2);
    const events = await eventsAbout(order.id);
    expect(events.map(({ type }) => type)).toEqual(["order.status_changed", "payment.succeeded"]);
    expect(events[0].data).toMatchObject({ status: "paid", previous_status: "pending", payment_method: "Stripe" });
    expect(events[1].data).toMatchObject({
      order_id: order.id,
      provider: "stripe",
      kind: "setup",
      status: "succeeded",
      amount: 1499.5,
      currency: "USD",
      provider_reference: paymentIntent,
      flagged: false,
      order: { id: order.id, status: "paid", payment_method: "Stripe" },
    });

    // A redelivery: 2xx, and nothing changes; revenue counted once.
    const before = await snapshot(order.id);
    expect(await deliver(event)).toBe(200);
    expect(await snapshot(order.id)).toEqual(before);
    expect((await getOrderStats()).revenue).toBeCloseTo(revenueBefore + 1499.5, 2);
  });

  it("a subscription in a zero-decimal currency: checkout, its first invoice (one row), renewals, a failed one, cancellation", async () => {
    const order = await openCheckout({ setupPrice: 50_000, monthlyPrice: 5_000, totalPrice: 55_000 });
    const subscription = stripeId("sub");
    const firstInvoice = stripeId("in");
    const checkout = checkoutCompleted(order.id, {
      amountTotal: 55_000,
      currency: "jpy",
      subscription,
      invoice: firstInvoice,
    });
    expect(await deliver(checkout)).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: "paid",
      providerSubscriptionId: subscription,
      subscriptionState: "active",
    });
    // The checkout's invoice, announced again by invoice.paid: the same payment, not a second.
    const first = invoiceEvent("invoice.paid", {
      id: firstInvoice,
      subscription,
      amount: 55_000,
      currency: "jpy",
      billingReason: "subscription_create",
    });
    expect(await deliver(first)).toBe(200);
    expect(await paymentsOf(order.id)).toMatchObject([
      { kind: "setup", status: "succeeded", amount: 55_000, currency: "JPY", providerReference: firstInvoice },
    ]);

    // A renewal, found by the order's subscription alone.
    const renewal = invoiceEvent("invoice.paid", { subscription, amount: 5_000, currency: "jpy" });
    expect(await deliver(renewal)).toBe(200);
    // The next renewal fails: staff see it, and the subscription is past due.
    const failing = stripeId("in");
    expect(
      await deliver(
        invoiceEvent("invoice.payment_failed", { id: failing, subscription, amount: 5_000, currency: "jpy" }),
      ),
    ).toBe(200);
    expect((await orderRow(order.id)).subscriptionState).toBe("past_due");
    expect((await paymentsOf(order.id)).map(({ kind, status, amount }) => [kind, status, amount])).toEqual([
      ["setup", "succeeded", 55_000],
      ["monthly", "succeeded", 5_000],
      ["monthly", "failed", 5_000],
    ]);
    // Stripe's retry succeeds: the failed payment becomes the paid one.
    expect(
      await deliver(invoiceEvent("invoice.paid", { id: failing, subscription, amount: 5_000, currency: "jpy" })),
    ).toBe(200);
    expect((await orderRow(order.id)).subscriptionState).toBe("active");
    expect((await paymentsOf(order.id)).map(({ status }) => status)).toEqual(["succeeded", "succeeded", "succeeded"]);

    const cancelled = subscriptionDeleted(subscription);
    expect(await deliver(cancelled)).toBe(200);
    expect(await deliver(cancelled)).toBe(200);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: "paid", subscriptionState: "cancelled" });

    const events = await eventsAbout(order.id);
    expect(events.map(({ type }) => type)).toEqual([
      "order.status_changed",
      "payment.succeeded",
      "payment.succeeded",
      "payment.failed",
      "payment.succeeded",
      "subscription.cancelled",
    ]);
    expect(events[3].data).toMatchObject({ status: "failed", amount: 5_000, currency: "JPY", kind: "monthly" });
    expect(events[5].data).toMatchObject({
      order_id: order.id,
      provider: "stripe",
      subscription_id: subscription,
      subscription_state: "cancelled",
      order: { id: order.id },
    });
  });

  it("the first invoice.paid before its checkout's event: found by the subscription's order_id, still one payment", async () => {
    const order = await openCheckout({ setupPrice: 200, monthlyPrice: 50, totalPrice: 250 });
    const subscription = stripeId("sub");
    const invoice = stripeId("in");
    const first = invoiceEvent("invoice.paid", {
      id: invoice,
      subscription,
      orderId: order.id,
      amount: 25_000,
      currency: "usd",
      billingReason: "subscription_create",
    });
    expect(await deliver(first)).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: "pending",
      providerSubscriptionId: subscription,
      subscriptionState: "active",
    });
    expect(
      await deliver(checkoutCompleted(order.id, { amountTotal: 25_000, currency: "usd", subscription, invoice })),
    ).toBe(200);
    expect((await orderRow(order.id)).status).toBe("paid");
    expect(await paymentsOf(order.id)).toMatchObject([{ kind: "setup", amount: 250, flagged: false }]);
    expect((await eventsAbout(order.id)).map(({ type }) => type)).toEqual([
      "payment.succeeded",
      "order.status_changed",
    ]);
  });

  it("a checkout completed for an order already paid: the payment is recorded and flagged, the order untouched", async () => {
    const order = await openCheckout({ status: "paid", paymentMethod: "Bank transfer" });
    const paymentIntent = stripeId("pi");
    expect(await deliver(checkoutCompleted(order.id, { amountTotal: 17_800, currency: "usd", paymentIntent }))).toBe(
      200,
    );
    expect(await orderRow(order.id)).toMatchObject({
      status: "paid",
      paymentMethod: "Bank transfer",
      checkoutId: null,
    });
    expect(await paymentsOf(order.id)).toMatchObject([
      {
        amount: 178,
        providerReference: paymentIntent,
        flagged: true,
        note: productText("The order was already paid when this payment came in: check whether it was paid twice."),
      },
    ]);
    const events = await eventsAbout(order.id);
    expect(events).toMatchObject([{ type: "payment.succeeded", data: { flagged: true } }]);
  });

  it("charge.refunded: the payment is refunded (fully) or noted (partly); the order keeps its status", async () => {
    const order = await openCheckout();
    const paymentIntent = stripeId("pi");
    await deliver(checkoutCompleted(order.id, { amountTotal: 17_800, currency: "usd", paymentIntent }));

    expect(await deliver(chargeRefunded({ paymentIntent, fully: false }))).toBe(200);
    expect(await paymentsOf(order.id)).toMatchObject([
      {
        status: "succeeded",
        refundedAt: null,
        note: productText("Partly refunded: see the payment with the provider."),
      },
    ]);
    const refund = chargeRefunded({ paymentIntent, fully: true });
    expect(await deliver(refund)).toBe(200);
    const [refunded] = await paymentsOf(order.id);
    expect(refunded.status).toBe("refunded");
    expect(refunded.refundedAt?.getTime()).toBe(refund.created * 1000);
    expect((await orderRow(order.id)).status).toBe("paid");

    // A subscription's charge, as endpoints on API versions before 2025-03-31 send it: by its invoice.
    const subscribed = await openCheckout();
    const subscription = stripeId("sub");
    const invoice = stripeId("in");
    await deliver(checkoutCompleted(subscribed.id, { amountTotal: 17_800, currency: "usd", subscription, invoice }));
    expect(await deliver(chargeRefunded({ paymentIntent: stripeId("pi"), invoice, fully: true }))).toBe(200);
    expect(await paymentsOf(subscribed.id)).toMatchObject([{ status: "refunded" }]);
  });

  it("refuses a missing, wrong, stale or tampered signature with 400, changing nothing", async () => {
    const order = await openCheckout();
    const event = checkoutCompleted(order.id, { amountTotal: 17_800, currency: "usd" });
    const before = await snapshot(order.id);
    const { body, signature } = signedDelivery(event, secret);
    const stale = signedDelivery(event, secret, Math.floor(Date.now() / 1000) - 301);
    const refused = [
      webhookRequest(body, null),
      webhookRequest(body, ""),
      webhookRequest(body, signedDelivery(event, newWebhookSecret()).signature),
      webhookRequest(stale.body, stale.signature),
      webhookRequest(body.replace('"amount_total":17800', '"amount_total":1'), signature),
    ];
    for (const request of refused) expect((await send(request)).status).toBe(400);
    expect(await snapshot(order.id)).toEqual(before);
    expect(await handled(event.id)).toBe(0);
    // Within the 300 seconds, the same event is taken.
    const recent = signedDelivery(event, secret, Math.floor(Date.now() / 1000) - 240);
    expect((await send(webhookRequest(recent.body, recent.signature))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("paid");
  });

  it("answers 400 while no signing secret is saved, and takes events once one is", async () => {
    const order = await openCheckout();
    const event = checkoutCompleted(order.id, { amountTotal: 17_800, currency: "usd" });
    await saveIntegrations({ stripeWebhookSecret: null });
    try {
      expect(await deliver(event)).toBe(400);
      expect(await handled(event.id)).toBe(0);
      expect((await orderRow(order.id)).status).toBe("pending");
    } finally {
      await saveIntegrations({ stripeWebhookSecret: secret });
    }
    expect(await deliver(event)).toBe(200);
  });

  it("takes an unknown event type, or an event for an order it does not have, with 2xx and no change", async () => {
    const unknown = stripeEvent("customer.created", { id: stripeId("cus"), object: "customer" });
    expect(await deliver(unknown)).toBe(200);
    expect(await handled(unknown.id)).toBe(1);

    const paymentsBefore = await db().$count(payments);
    const eventsBefore = await db().$count(outboxEvents);
    for (const orderId of ["3f1c1e9e-5b0c-4c5e-9d55-000000000000", "not-an-order-id"]) {
      expect(await deliver(checkoutCompleted(orderId, { amountTotal: 100, currency: "usd" }))).toBe(200);
    }
    expect(
      await deliver(invoiceEvent("invoice.paid", { subscription: stripeId("sub"), amount: 1, currency: "usd" })),
    ).toBe(200);
    expect(await deliver(chargeRefunded({ paymentIntent: stripeId("pi"), fully: true }))).toBe(200);
    expect(await db().$count(payments)).toBe(paymentsBefore);
    expect(await db().$count(outboxEvents)).toBe(eventsBefore);
  });

  it("two deliveries of one event at once: its effects happen once", async () => {
    const order = await openCheckout();
    const event = checkoutCompleted(order.id, { amountTotal: 17_800, currency: "usd" });
    const statuses = await Promise.all(Array.from({ length: 4 }, () => deliver(event)));
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect((await eventsAbout(order.id)).map(({ type }) => type)).toEqual([
      "order.status_changed",
      "payment.succeeded",
    ]);
    expect(await handled(event.id)).toBe(1);
  });

  if (backend === "postgres") {
    it("two instances on one database: an event handled by one is a redelivery for the other", async () => {
      // A second connection pool to the same database stands for a second instance of the app.
      const first = database();
      const name = await first.transaction(async (tx) => {
        const [row] = await tx.query<{ name: string }>("select current_database() as name");
        return row.name;
      });
      const second = await openDatabase({ databaseUrl: postgresUrl(name), maxConnections: 2 });
      try {
        const order = await openCheckout();
        const event = checkoutCompleted(order.id, { amountTotal: 17_800, currency: "usd" });
        setDatabase(second);
        expect(await deliver(event)).toBe(200);
        setDatabase(first);
        expect(await deliver(event)).toBe(200);
        expect(await paymentsOf(order.id)).toHaveLength(1);
        expect(
          await db()
            .select()
            .from(providerEvents)
            .where(and(eq(providerEvents.provider, "stripe"), eq(providerEvents.eventId, event.id))),
        ).toHaveLength(1);
      } finally {
        setDatabase(first);
        await second.close();
      }
    });
  }
});
