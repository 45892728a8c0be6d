import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/db/client.server";
import { type Order, orders } from "~/db/schema";
import * as envModule from "~/lib/env.server";
import { saveIntegrations } from "~/models/integrations.server";
import { updateSiteSettings } from "~/models/site-settings.server";
import type * as order from "~/routes/public/order";
import { checkoutSessionParams, stripeClient } from "~/services/payments/stripe.server";

import { overrideAppEnv } from "../support/app-env";
import { createTestAdmin, createTestOrder, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, send, sessionFor } from "../support/route-args";
import { pressStatusButton, STATUS_ORIGIN, statusPage, statusPath } from "../support/status-page";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";
import { answerJson, startTestServer } from "../support/webhook-server";

// "Pay now" and "Manage billing" on the client's status page, through the routes with the official
// Stripe client against a local stand-in (tests/support/stripe-stand-in.ts), on both databases.

const ORIGIN = STATUS_ORIGIN;
// Each request waits 1 s, not 10, before the client's own two retries: the slow-Stripe case.
overrideAppEnv({ SITE_URL: ORIGIN, STRIPE_TIMEOUT_SECONDS: "1" });
const SECRET_KEY = "sk_test_standin_0123456789";

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  const env = envModule.getEnv();
  vi.spyOn(envModule, "getEnv").mockReturnValue({ ...env, STRIPE_API_URL: standIn.url });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await standIn.close();
});
beforeEach(() => {
  standIn.fail = null;
});

function press(placed: Pick<Order, "statusToken">, intent = "pay", ip = `10.1.${randomUUID()}`) {
  return pressStatusButton(placed, intent, ip);
}

const stored = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const requestsFor = (orderId: string) =>
  standIn.requests.filter((r) => JSON.stringify(r.params).includes(orderId) || r.path.includes(orderId));

describe("the Stripe stand-in's hosted checkout", () => {
  it("sends the signed checkout.session.completed a real Stripe would, then returns to success_url", async () => {
    const webhook = await startTestServer((_, response) => answerJson(response, 200, { received: true }));
    const secret = "whsec_standin_0123456789";
    standIn.webhook = { url: `${webhook.url}/webhooks/stripe`, secret };
    try {
      const orderId = randomUUID();
      const order = {
        id: orderId,
        clientEmail: "ada@example.com",
        serviceName: "CRM",
        setupPrice: 100,
        monthlyPrice: 20,
      };
      const session = await (
        await stripeClient(SECRET_KEY)
      ).checkout.sessions.create(checkoutSessionParams(order, "EUR", `${ORIGIN}/order/status/x`));
      const paid = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`${ORIGIN}/order/status/x?payment=success`);

      const [delivery] = webhook.received;
      const event = Stripe.webhooks.constructEvent(
        delivery.body.toString("utf8"),
        String(delivery.headers["stripe-signature"]),
        secret,
      );
      expect(event.type).toBe("checkout.session.completed");
      expect(event.data.object).toMatchObject({
        id: session.id,
        mode: "subscription",
        payment_status: "paid",
        status: "complete",
        amount_total: 12000,
        currency: "eur",
        client_reference_id: orderId,
        metadata: { order_id: orderId },
        customer: expect.stringMatching(/^cus_/),
        subscription: expect.stringMatching(/^sub_/),
        invoice: expect.stringMatching(/^in_/),
      });
      expect(standIn.deliveries).toContainEqual({ eventId: event.id, status: 200 });
      expect((await (await stripeClient(SECRET_KEY)).checkout.sessions.retrieve(session.id)).status).toBe("complete");
    } finally {
      standIn.webhook = null;
      await webhook.close();
    }
  });
});

describe.each(BACKENDS)("paying with Stripe on %s", (backend) => {
  useTestDatabase(backend);
  beforeAll(async () => {
    await saveIntegrations({ stripeSecretKey: SECRET_KEY });
  });

  it("opens a subscription checkout from the order's own amounts and keeps it on the order", async () => {
    const placed = await createTestOrder(db(), { serviceName: "CRM Sync", setupPrice: 149.5, monthlyPrice: 29 });
    expect((await statusPage(statusPath(placed))).payNow).toBe(true);

    const answer = await press(placed);
    const session = [...standIn.sessions.values()].find((s) => s.client_reference_id === placed.id)!;
    expect(answer).toMatchObject({ status: 303, location: session.url });
    expect(session.url).toMatch(new RegExp(`^${standIn.url}/pay/cs_test_`));
    const statusUrl = `${ORIGIN}${statusPath(placed)}`;
    expect(session.params).toEqual({
      mode: "subscription",
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "usd", unit_amount: "14950", product_data: { name: "CRM Sync — setup" } },
        },
        {
          quantity: "1",
          price_data: {
            currency: "usd",
            unit_amount: "2900",
            recurring: { interval: "month" },
            product_data: { name: "CRM Sync — monthly support" },
          },
        },
      ],
      client_reference_id: placed.id,
      customer_email: "client@example.com",
      metadata: { order_id: placed.id },
      subscription_data: { metadata: { order_id: placed.id } },
      success_url: `${statusUrl}?payment=success`,
      cancel_url: `${statusUrl}?payment=cancelled`,
    });
    expect(requestsFor(placed.id)[0].authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(await stored(placed.id)).toMatchObject({
      status: "pending",
      checkoutProvider: "stripe",
      checkoutId: session.id,
      checkoutUrl: session.url,
      checkoutExpiresAt: new Date(session.expires_at * 1000),
    });
  });

  it("opens a one-off payment for a service without a monthly price, in a zero-decimal currency", async () => {
    await updateSiteSettings({ currency: "JPY" });
    try {
      const placed = await createTestOrder(db(), { serviceName: "Invoice Bot", setupPrice: 15000, monthlyPrice: 0 });
      expect((await press(placed)).status).toBe(303);
      const session = [...standIn.sessions.values()].find((s) => s.client_reference_id === placed.id)!;
      expect(session.params).toEqual({
        mode: "payment",
        line_items: [
          {
            quantity: "1",
            price_data: { currency: "jpy", unit_amount: "15000", product_data: { name: "Invoice Bot — setup" } },
          },
        ],
        client_reference_id: placed.id,
        customer_email: "client@example.com",
        metadata: { order_id: placed.id },
        success_url: `${ORIGIN}${statusPath(placed)}?payment=success`,
        cancel_url: `${ORIGIN}${statusPath(placed)}?payment=cancelled`,
      });
    } finally {
      await updateSiteSettings({ currency: "USD" });
    }
  });

  it("sends a second Pay now to the open session, and replaces it once staff change the amounts", async () => {
    const placed = await createTestOrder(db(), { setupPrice: 500, monthlyPrice: 50 });
    const first = await press(placed);
    const second = await press(placed);
    expect(second).toMatchObject({ status: 303, location: first.location });
    expect(standIn.created.filter((p) => p.client_reference_id === placed.id)).toHaveLength(1);

    // A custom quote: the open session still asks the old price, so it is expired and replaced.
    const { checkoutId: oldId } = await stored(placed.id);
    await db().update(orders).set({ setupPrice: 400 }).where(eq(orders.id, placed.id));
    const third = await press(placed);
    expect(third.status).toBe(303);
    expect(third.location).not.toBe(first.location);
    expect(standIn.sessions.get(oldId!)?.status).toBe("expired");
    const created = standIn.created.filter((p) => p.client_reference_id === placed.id);
    expect(created).toHaveLength(2);
    expect(JSON.stringify(created[1].line_items)).toContain('"unit_amount":"40000"');
    expect((await statusPage(statusPath(placed))).totalPrice).toBe(450);
  });

  it("opens no second session once the first was paid, before Stripe's event marks the order paid", async () => {
    const placed = await createTestOrder(db());
    const { location } = await press(placed);
    expect((await fetch(`${location}/pay`, { method: "POST", redirect: "manual" })).status).toBe(303);
    expect(await press(placed)).toMatchObject({ status: 409, actionData: { notice: "processing" } });
    expect(standIn.created.filter((p) => p.client_reference_id === placed.id)).toHaveLength(1);
  });

  it("keeps one open session when two presses arrive at once", async () => {
    const placed = await createTestOrder(db());
    const [first, second] = await Promise.all([press(placed), press(placed)]);
    expect(first.status).toBe(303);
    expect(second).toMatchObject({ status: 303, location: first.location });
    const open = [...standIn.sessions.values()].filter(
      (s) => s.client_reference_id === placed.id && s.status === "open",
    );
    expect(open.map((s) => s.url)).toEqual([first.location]);
    expect((await stored(placed.id)).checkoutUrl).toBe(first.location);
  });

  it("refuses a paid, a cancelled and an unknown order with a message, opening no session", async () => {
    const paid = await createTestOrder(db(), { status: "paid" });
    const cancelled = await createTestOrder(db(), { status: "cancelled" });
    expect(await press(paid)).toMatchObject({ status: 409, actionData: { notice: "alreadyPaid" } });
    expect(await press(cancelled)).toMatchObject({ status: 409, actionData: { notice: "cancelled" } });
    expect((await press({ statusToken: "0".repeat(64) })).status).toBe(404);
    expect((await press({ statusToken: "not-a-token" })).status).toBe(404);
    expect(requestsFor(paid.id)).toHaveLength(0);
    expect(requestsFor(cancelled.id)).toHaveLength(0);
    expect((await statusPage(statusPath(paid))).payNow).toBe(false);
    expect((await statusPage(statusPath(cancelled))).payNow).toBe(false);
  });

  it("asks for payment after the order is confirmed only once staff requested it", async () => {
    await updateSiteSettings({ paymentTiming: "after_confirm" });
    try {
      const placed = await createTestOrder(db());
      expect((await statusPage(statusPath(placed))).payNow).toBe(false);
      expect(await press(placed)).toMatchObject({ status: 409, actionData: { notice: "notOffered" } });
      expect(requestsFor(placed.id)).toHaveLength(0);
      await db().update(orders).set({ paymentRequestedAt: new Date() }).where(eq(orders.id, placed.id));
      expect((await statusPage(statusPath(placed))).payNow).toBe(true);
      expect((await press(placed)).status).toBe(303);
    } finally {
      await updateSiteSettings({ paymentTiming: "after_order" });
    }
  });

  it.each([
    ["answers 500", "500"],
    ["drops the connection", "reset"],
    ["does not answer within the time-out", "hang"],
  ] as const)(
    "says the payment could not start when Stripe %s, after its retries, leaving the order",
    async (_, fail) => {
      const placed = await createTestOrder(db());
      standIn.fail = fail;
      const answer = await press(placed);
      expect(answer).toMatchObject({ status: 503, actionData: { notice: "couldNotStart" } });
      // The first try and the client's two retries.
      expect(requestsFor(placed.id)).toHaveLength(3);
      expect(await stored(placed.id)).toEqual(placed);
    },
  );

  it("says the payment could not start when nothing listens at STRIPE_API_URL", async () => {
    const gone = await startStripeStandIn();
    await gone.close();
    const env = envModule.getEnv();
    vi.mocked(envModule.getEnv).mockReturnValue({ ...env, STRIPE_API_URL: gone.url });
    try {
      const placed = await createTestOrder(db());
      expect(await press(placed)).toMatchObject({ status: 503, actionData: { notice: "couldNotStart" } });
      expect(await stored(placed.id)).toEqual(placed);
    } finally {
      vi.mocked(envModule.getEnv).mockReturnValue(env);
    }
  });

  it("limits presses per visitor address (PAYMENTS_PER_HOUR, 10 by default)", async () => {
    const placed = await createTestOrder(db());
    const ip = `payments-${randomUUID()}`;
    for (let i = 0; i < 10; i++) expect((await press(placed, "pay", ip)).status).toBe(303);
    const refused = await press(placed, "pay", ip);
    expect(refused).toMatchObject({ status: 429, actionData: { notice: "tooMany" } });
    expect((await press(placed)).status).toBe(303);
  });

  it("offers Manage billing for a paid subscription and opens the client's billing portal", async () => {
    const customer = `cus_${randomUUID()}`;
    const placed = await createTestOrder(db(), {
      status: "paid",
      providerCustomerId: customer,
      providerSubscriptionId: "sub_123",
      subscriptionState: "active",
    });
    const page = await statusPage(statusPath(placed));
    expect(page).toMatchObject({ manageBilling: true, payNow: false, subscriptionCancelled: false });
    const answer = await press(placed, "billing");
    const portal = standIn.portals.find((p) => p.customer === customer);
    expect(portal).toEqual({ customer, return_url: `${ORIGIN}${statusPath(placed)}` });
    expect(answer).toMatchObject({ status: 303, location: expect.stringMatching(`^${standIn.url}/billing/bps_`) });

    // Cancelled: shown so, and nothing left to manage.
    await db().update(orders).set({ subscriptionState: "cancelled" }).where(eq(orders.id, placed.id));
    expect(await statusPage(statusPath(placed))).toMatchObject({ manageBilling: false, subscriptionCancelled: true });
    expect(await press(placed, "billing")).toMatchObject({ status: 409, actionData: { notice: "noBilling" } });
    const pending = await createTestOrder(db());
    expect(await press(pending, "billing")).toMatchObject({ status: 409, actionData: { notice: "noBilling" } });
  });

  it("refuses a form without a known intent", async () => {
    const placed = await createTestOrder(db());
    expect((await press(placed, "refund")).status).toBe(400);
  });

  it("says how the checkout ended when Stripe sends the client back", async () => {
    const placed = await createTestOrder(db());
    expect(await statusPage(`${statusPath(placed)}?payment=success`)).toMatchObject({
      payment: "success",
      payNow: false,
    });
    expect(await statusPage(`${statusPath(placed)}?payment=cancelled`)).toMatchObject({
      payment: "cancelled",
      payNow: true,
    });
    expect(await statusPage(`${statusPath(placed)}?payment=whatever`)).toMatchObject({ payment: null });
  });

  it("offers no Pay now while no Stripe secret key is saved", async () => {
    await saveIntegrations({ stripeSecretKey: null });
    try {
      const placed = await createTestOrder(db());
      expect((await statusPage(statusPath(placed))).payNow).toBe(false);
      expect(await press(placed)).toMatchObject({ status: 409, actionData: { notice: "notOffered" } });
    } finally {
      await saveIntegrations({ stripeSecretKey: SECRET_KEY });
    }
  });

  it("offers Pay now right after ordering, and says so on the order page, per the payment setting", async () => {
    const service = await createTestService(db(), { isActive: true });
    const orderPage = async () =>
      (await send(new Request(`${ORIGIN}/order`))).loaderData["routes/public/order"] as Awaited<
        ReturnType<typeof order.loader>
      >;
    expect(await orderPage()).toMatchObject({
      intro: productText(
        "Tell us about your project. Once your order is sent, you can pay for it online straight away.",
      ),
      nextSteps: [
        productText("You pay online right after ordering, on your order's page"),
        productText("We review your request within 24 hours"),
        productText("We schedule a consultation call to understand your needs"),
        productText("We start building your automation"),
      ],
    });
    // Admin → Site Content starts from the steps the order page shows.
    const admin = await sessionFor(await createTestAdmin(db()));
    const content = await send(getRequest("/admin/content", admin));
    expect((content.loaderData["routes/admin/content"] as { nextSteps: string[] }).nextSteps).toEqual(
      (await orderPage()).nextSteps,
    );
    const placed = await send(
      new Request(`${ORIGIN}/order`, {
        method: "POST",
        body: new URLSearchParams({
          clientName: "Ada Lovelace",
          clientEmail: "ada@example.com",
          terms: "on",
          serviceId: service.id,
          notes: uniqueName("Pay at once"),
        }),
      }),
      { ip: `order-${randomUUID()}` },
    );
    const cookie = placed.headers.getSetCookie().find((c) => c.startsWith("order_receipt="))!;
    const landed = await send(new Request(`${ORIGIN}/order/submitted`, { headers: { Cookie: cookie.split(";")[0] } }));
    expect(landed.loaderData["routes/public/order-submitted"]).toMatchObject({ receipt: { payNow: true } });

    await updateSiteSettings({ paymentTiming: "after_confirm" });
    try {
      expect(await orderPage()).toMatchObject({
        intro: productText(
          "Tell us about your project. There is nothing to pay now: we confirm the details with you first.",
        ),
        nextSteps: [
          productText("We review your request within 24 hours"),
          productText("We schedule a consultation call to understand your needs"),
          productText("We confirm the price and send you a link to pay online"),
          productText("We start building as soon as you have paid"),
        ],
      });
    } finally {
      await updateSiteSettings({ paymentTiming: "after_order" });
    }
  });
});
