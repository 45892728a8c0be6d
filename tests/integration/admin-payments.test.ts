import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { auditLog, type Order, orders, outboxEvents, type Payment, payments } from "~/db/schema";
import { saveIntegrations } from "~/models/integrations.server";
import { getOrderStats } from "~/models/orders.server";
import { getSiteSettings, updateSiteSettings } from "~/models/site-settings.server";

import { createTestAdmin, createTestOrder } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

// Payments in the admin through the routes as the browser posts them: the Settings' currency and
// payment timing, an order's payments and the staff's steps on a pending order (docs/product.md §11.3).

const SETTINGS = {
  companyName: "Pay Co",
  workflowToolName: "n8n",
  homepageHeadline: "Automations",
  homepageSubtext: "We build them.",
  supportEmail: "help@example.com",
};

type OrdersScreen = {
  viewing: Order | null;
  payments: Payment[];
  stripeTestMode: boolean;
  currency: string;
  paymentTiming: string;
};

describe.each(BACKENDS)("payments in the admin on %s", (backend) => {
  useTestDatabase(backend);

  async function admin() {
    const actor = await createTestAdmin(db());
    const cookie = await sessionFor(actor);
    return {
      actor,
      post: (path: string, fields: Record<string, string>) => send(postRequest(path, fields, cookie)),
      get: (path: string) => send(getRequest(path, cookie)),
    };
  }

  const viewPath = (orderId: string) => `/admin/orders?view=${orderId}`;
  const auditOf = (orderId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action as never), sql`${auditLog.details} ->> 'orderId' = ${orderId}`));
  const eventsOf = (orderId: string, type: string) =>
    db()
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, type as never), sql`${outboxEvents.data} ->> 'id' = ${orderId}`));

  describe("settings", () => {
    it("saves the currency upper-cased and the payment timing, audited like the other settings", async () => {
      const { post, actor } = await admin();
      const saved = await post("/admin/settings", { ...SETTINGS, currency: " eur ", paymentTiming: "after_confirm" });
      expect(saved.status).toBe(302);
      const settings = await getSiteSettings();
      expect(settings.currency).toBe("EUR");
      expect(settings.paymentTiming).toBe("after_confirm");
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "settings.updated"), eq(auditLog.actorId, actor.id)));
      expect(entry.details).toMatchObject({ fields: expect.arrayContaining(["currency", "paymentTiming"]) });
      // Every public page gets it through the root loader.
      const page = await send(getRequest("/services"));
      expect((page.loaderData.root as { settings: { currency: string } }).settings.currency).toBe("EUR");
      await updateSiteSettings({ currency: "USD", paymentTiming: "after_order" });
    });

    it.each([
      ["XYZ", "currency", "Currency must be an ISO 4217 code such as USD, EUR or GBP"],
      ["US", "currency", "Currency must be an ISO 4217 code such as USD, EUR or GBP"],
      ["later", "paymentTiming", "Choose when clients are asked to pay"],
    ])("refuses %s with the field's message and saves nothing", async (value, field, message) => {
      const { post } = await admin();
      const before = await getSiteSettings();
      const answer = await post("/admin/settings", { ...SETTINGS, [field]: value });
      expect(answer.status).toBe(400);
      const result = (answer.actionData as { result: { error: Record<string, string[]> } }).result;
      expect(result.error[field]).toEqual([productText(message)]);
      expect((await getSiteSettings()).updatedAt).toEqual(before.updatedAt);
    });

    it("gives the Orders screen the setting's currency", async () => {
      await updateSiteSettings({ currency: "GBP" });
      try {
        const { get } = await admin();
        const order = await createTestOrder(db(), { setupPrice: 149, monthlyPrice: 29.5, totalPrice: 178.5 });
        const screen = (await get(viewPath(order.id))).loaderData["routes/admin/orders"] as OrdersScreen;
        expect(screen.currency).toBe("GBP");
      } finally {
        await updateSiteSettings({ currency: "USD" });
      }
    });
  });

  describe("mark as paid", () => {
    it("makes a pending order paid with the method's label, records the payment and counts revenue once", async () => {
      const { post, actor } = await admin();
      const order = await createTestOrder(db(), { setupPrice: 149, monthlyPrice: 29, totalPrice: 178 });
      const before = await getOrderStats();

      const answer = await post(viewPath(order.id), {
        intent: "mark-paid",
        orderId: order.id,
        method: "bank_transfer",
      });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(viewPath(order.id));
      expect(answer.toast?.message).toBe(productText("Order marked as paid"));

      const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(stored.status).toBe("paid");
      expect(stored.paymentMethod).toBe(productText("Bank transfer"));
      const recorded = await db().select().from(payments).where(eq(payments.orderId, order.id));
      expect(recorded).toEqual([
        expect.objectContaining({
          provider: "bank_transfer",
          kind: "setup",
          status: "succeeded",
          amount: 178,
          currency: "USD",
          flagged: false,
        }),
      ]);
      expect(await eventsOf(order.id, "order.status_changed")).toHaveLength(1);
      const after = await getOrderStats();
      expect(after.revenue - before.revenue).toBe(178);
      expect(after.paid - before.paid).toBe(1);
      const [entry] = await auditOf(order.id, "order.marked_paid");
      expect(entry.actorId).toBe(actor.id);
      expect(entry.details).toMatchObject({ method: "Bank transfer", amount: 178 });

      // A second press (another tab) changes nothing.
      const again = await post(viewPath(order.id), { intent: "mark-paid", orderId: order.id, method: "cash" });
      expect(again.status).toBe(409);
      expect(again.toast?.message).toBe(productText("Error updating order"));
      expect(again.toast?.description).toBe(productText("Only a pending order can be changed here."));
      expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
      expect((await getOrderStats()).revenue).toBe(after.revenue);
    });

    it("refuses an unknown method", async () => {
      const { post } = await admin();
      const order = await createTestOrder(db());
      const answer = await post(viewPath(order.id), { intent: "mark-paid", orderId: order.id, method: "stripe" });
      expect(answer.status).toBe(400);
      const result = (answer.actionData as { result: { error: Record<string, string[]> } }).result;
      expect(result.error.method).toEqual([productText("Choose how the order was paid")]);
      const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(stored.status).toBe("pending");
    });
  });

  describe("custom quote", () => {
    it("changes a pending order's amounts, recomputes the total, drops the open checkout and audits before and after", async () => {
      const { post } = await admin();
      const order = await createTestOrder(db(), {
        setupPrice: 149,
        monthlyPrice: 29,
        totalPrice: 178,
        checkoutProvider: "stripe",
        checkoutId: "cs_test_open",
        checkoutUrl: "https://checkout.example/cs_test_open",
        checkoutExpiresAt: new Date(Date.now() + 3_600_000),
      });
      const answer = await post(viewPath(order.id), {
        intent: "quote",
        orderId: order.id,
        setupPrice: "200.50",
        monthlyPrice: "0",
      });
      expect(answer.status).toBe(302);
      expect(answer.toast?.message).toBe(productText("Quote saved"));
      const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(stored).toMatchObject({
        setupPrice: 200.5,
        monthlyPrice: 0,
        totalPrice: 200.5,
        status: "pending",
        checkoutProvider: null,
        checkoutId: null,
        checkoutUrl: null,
        checkoutExpiresAt: null,
      });
      const [entry] = await auditOf(order.id, "order.quote_changed");
      expect(entry.details).toEqual({
        orderId: order.id,
        before: { setupPrice: 149, monthlyPrice: 29, totalPrice: 178 },
        after: { setupPrice: 200.5, monthlyPrice: 0, totalPrice: 200.5 },
      });
      // The client's page shows the new total.
      const status = await send(getRequest(`/order/status/${order.statusToken}`));
      expect(status.loaderData["routes/public/order-status"]).toMatchObject({ totalPrice: 200.5 });
    });

    it.each([
      ["-1", "0", "setupPrice", "Setup fee must be 0 or more"],
      ["1.234", "0", "setupPrice", "Setup fee must have at most 2 decimals"],
      ["10", "abc", "monthlyPrice", "Monthly fee must be a number"],
    ])("refuses setup %s, monthly %s", async (setupPrice, monthlyPrice, field, message) => {
      const { post } = await admin();
      const order = await createTestOrder(db(), { setupPrice: 149, monthlyPrice: 29, totalPrice: 178 });
      const answer = await post(viewPath(order.id), { intent: "quote", orderId: order.id, setupPrice, monthlyPrice });
      expect(answer.status).toBe(400);
      const result = (answer.actionData as { result: { error: Record<string, string[]> } }).result;
      expect(result.error[field]).toEqual([productText(message)]);
      const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(stored.totalPrice).toBe(178);
    });

    it("leaves an order that is no longer pending as it is", async () => {
      const { post } = await admin();
      const order = await createTestOrder(db(), { status: "paid", setupPrice: 149, monthlyPrice: 29, totalPrice: 178 });
      const answer = await post(viewPath(order.id), {
        intent: "quote",
        orderId: order.id,
        setupPrice: "1",
        monthlyPrice: "1",
      });
      expect(answer.status).toBe(409);
      const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(stored.totalPrice).toBe(178);
      expect(await auditOf(order.id, "order.quote_changed")).toEqual([]);
    });
  });

  describe("request payment", () => {
    it("records when payment was requested, queues the client's email event and audits it", async () => {
      const { post } = await admin();
      const order = await createTestOrder(db(), { clientEmail: `${uniqueName("payer")}@example.com` });
      const answer = await post(viewPath(order.id), { intent: "request-payment", orderId: order.id });
      expect(answer.status).toBe(302);
      expect(answer.toast?.message).toBe(productText("Payment requested"));
      const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(stored.paymentRequestedAt).toBeInstanceOf(Date);
      const [event] = await eventsOf(order.id, "order.payment_requested");
      expect(event.data).toMatchObject({ client_email: order.clientEmail });
      expect(String(event.data.status_url)).toContain(`/order/status/${order.statusToken}`);
      expect(await auditOf(order.id, "order.payment_requested")).toHaveLength(1);
    });
  });

  describe("order details", () => {
    it("lists the order's payments oldest first, and links Stripe's test mode for a test key", async () => {
      const { get } = await admin();
      const order = await createTestOrder(db(), { status: "paid", subscriptionState: "past_due" });
      const reference = `pi_${uniqueName("ref").replace(/\W/g, "")}`;
      await db()
        .insert(payments)
        .values([
          {
            orderId: order.id,
            provider: "stripe",
            kind: "monthly",
            amount: 29,
            currency: "USD",
            providerReference: `in_${reference}`,
            paidAt: new Date("2026-02-01T00:00:00Z"),
            flagged: true,
          },
          {
            orderId: order.id,
            provider: "stripe",
            kind: "setup",
            amount: 178,
            currency: "USD",
            providerReference: reference,
            paidAt: new Date("2026-01-01T00:00:00Z"),
          },
        ]);
      await saveIntegrations({ stripeSecretKey: "sk_test_abc123" });
      let screen = (await get(viewPath(order.id))).loaderData["routes/admin/orders"] as OrdersScreen;
      expect(screen.viewing?.subscriptionState).toBe("past_due");
      expect(screen.payments.map((payment) => payment.providerReference)).toEqual([reference, `in_${reference}`]);
      expect(screen.payments[1].flagged).toBe(true);
      expect(screen.stripeTestMode).toBe(true);

      await saveIntegrations({ stripeSecretKey: "sk_live_abc123" });
      screen = (await get(viewPath(order.id))).loaderData["routes/admin/orders"] as OrdersScreen;
      expect(screen.stripeTestMode).toBe(false);
    });
  });
});
