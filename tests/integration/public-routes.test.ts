import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import type { UNSAFE_DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { contactMessages, orders } from "~/db/schema";
import { ENHANCED_FIELD } from "~/lib/enhanced-submission";
import { type Env, getEnv } from "~/lib/env.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { saveIntegrations } from "~/models/integrations.server";
import { createOrder, updateOrderStatus } from "~/models/orders.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import type * as home from "~/routes/public/home";
import type * as layout from "~/routes/public/layout";
import type * as order from "~/routes/public/order";
import type * as orderStatus from "~/routes/public/order-status";
import type * as services from "~/routes/public/services";
import * as robots from "~/routes/robots";
import { clientEmailKey } from "~/services/outbox/email.server";

import { overrideAppEnv } from "../support/app-env";
import { createTestService } from "../support/factories";
import { send } from "../support/route-args";
import { BACKENDS, breakWrites, uniqueName, useTestDatabase } from "../support/test-database";

// The public pages' loaders and actions, reached with real Requests through the routes on both databases.

const ORIGIN = "http://agency.test";
// Absolute URLs come from SITE_URL alone (tests/production/host-header.test.ts shows the request's
// host never counts).
overrideAppEnv({ SITE_URL: ORIGIN });

// docs/product.md §8, word for word.
const TOASTS = {
  contactSent: { message: "Message sent!", description: "We'll get back to you within 24 hours." },
  contactFailed: { message: "Error", description: "Failed to send message. Please try again." },
  formInvalid: {
    message: "Please check the form",
    description: "Some fields need your attention: see the message under each one.",
  },
  orderSubmitted: {
    message: "Order Submitted!",
    description: "We'll contact you within 24 hours to discuss your project and payment.",
  },
  orderFailed: {
    message: "Submission Error",
    description: "Failed to submit your order. Please try again or contact us directly.",
  },
  termsRequired: { message: "Terms Required", description: "Please agree to the terms and conditions to proceed." },
  serviceRequired: { message: "Service Required", description: "Please select a service to proceed." },
};
const SERVICE_UNAVAILABLE = "This service is no longer available. Please choose another one.";

function visitorIp(): string {
  return `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  receipt?: { statusUrl: string; emailed: boolean };
};

/**
 * A form post through the routes, from a visitor's address: a form carrying ENHANCED_FIELD runs
 * with JavaScript, so the browser sends it as a data request.
 */
async function submit(path: string, fields: Record<string, string>, ip = visitorIp()) {
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields) });
  const answer = await send(request, { ip, javaScript: ENHANCED_FIELD in fields });
  return { ...answer, body: answer.actionData as Reply | undefined };
}

// A loader's data, out of the data() wrapper of one that also sets headers.
type Loaded<Loader extends (...args: never[]) => unknown> =
  Awaited<ReturnType<Loader>> extends UNSAFE_DataWithResponseInit<infer Data> ? Data : Awaited<ReturnType<Loader>>;

/** What a route's loader gave the page at `path`. */
async function page<T>(path: string, routeId: string): Promise<T> {
  const answer = await send(new Request(`${ORIGIN}${path}`));
  expect(answer.status).toBe(200);
  return answer.loaderData[routeId] as T;
}

/** A service on the public pages unless told otherwise. */
function newService(overrides: Parameters<typeof createTestService>[1] = {}) {
  return createTestService(db(), { isActive: true, ...overrides });
}

describe.each(BACKENDS)("public routes on %s", (backend) => {
  useTestDatabase(backend);

  describe("contact form", () => {
    const valid = { name: "Ada Lovelace", email: "ada@example.com", message: "Please automate my invoices." };

    it("stores the message and redirects back to the contact section with the spec's toast", async () => {
      const message = uniqueName("Automate my invoices");
      const result = await submit("/?index", { ...valid, message });
      expect(result).toMatchObject({
        status: 302,
        location: "/#contact",
        toast: { type: "success", ...TOASTS.contactSent },
      });
      const rows = await db().select().from(contactMessages).where(eq(contactMessages.message, message));
      expect(rows).toMatchObject([{ name: "Ada Lovelace", email: "ada@example.com", isRead: false }]);
    });

    it("answers a form running with JavaScript with data that resets it", async () => {
      const message = uniqueName("Enhanced");
      const result = await submit("/?index", { ...valid, message, [ENHANCED_FIELD]: "true" });
      expect(result).toMatchObject({ status: 200, toast: { type: "success", ...TOASTS.contactSent } });
      expect(result.body?.result).toMatchObject({ initialValue: null });
      expect(await db().select().from(contactMessages).where(eq(contactMessages.message, message))).toHaveLength(1);
    });

    it("refuses missing and malformed fields, keeping what was typed", async () => {
      const name = uniqueName("Grace");
      const result = await submit("/?index", { name, email: "not-an-email", message: "   " });
      expect(result).toMatchObject({ status: 400, toast: { type: "error", ...TOASTS.formInvalid } });
      expect(result.body?.result.error).toMatchObject({
        email: ["Please enter a valid email address."],
        message: ["Please enter a message."],
      });
      expect(result.body?.result.initialValue).toMatchObject({ name, email: "not-an-email" });
      expect(await db().select().from(contactMessages).where(eq(contactMessages.name, name))).toHaveLength(0);
    });

    it("limits the length of each field", async () => {
      const result = await submit("/?index", { name: "x".repeat(101), email: "a@b.co", message: "y".repeat(5001) });
      expect(result).toMatchObject({ status: 400, toast: TOASTS.formInvalid });
      expect(Object.keys(result.body?.result.error ?? {})).toEqual(expect.arrayContaining(["name", "message"]));
    });

    it("stores nothing when the honeypot is filled", async () => {
      const message = uniqueName("Spam");
      const result = await submit("/?index", { ...valid, message, [HONEYPOT_FIELD]: "x" });
      expect(result).toMatchObject({ status: 400, toast: TOASTS.contactFailed });
      expect(await db().select().from(contactMessages).where(eq(contactMessages.message, message))).toHaveLength(0);
    });

    it("answers a storage failure with the failure toast, keeping what was typed", async () => {
      const message = uniqueName("Disk full");
      const restore = await breakWrites("contact_messages", "disk full");
      try {
        const result = await submit("/?index", { ...valid, message });
        expect(result).toMatchObject({ status: 500, toast: { type: "error", ...TOASTS.contactFailed } });
        expect(result.body?.result.initialValue).toMatchObject({ message });
      } finally {
        await restore();
      }
    });

    it("limits messages per visitor address (CONTACT_MESSAGES_PER_HOUR, 5 by default)", async () => {
      const ip = `contact-${randomUUID()}`;
      for (let i = 0; i < 5; i++) {
        expect((await submit("/?index", valid, ip)).status).toBe(302);
      }
      const refused = await submit("/?index", { ...valid, message: "sixth" }, ip);
      expect(refused).toMatchObject({ status: 429, toast: TOASTS.contactFailed });
      expect(refused.body?.result.initialValue).toMatchObject({ message: "sixth" });
      expect((await submit("/?index", valid)).status).toBe(302);
    });
  });

  describe("order form", () => {
    const client = {
      clientName: "Ada Lovelace",
      clientEmail: "ada@example.com",
      clientPhone: "+44 20 7946 0000",
      terms: "on",
    };

    it("creates a pending order with the database's name and prices, whatever the form claims", async () => {
      const service = await newService({ setupPrice: 349.5, monthlyPrice: 49.25 });
      const notes = uniqueName("Sync my CRM");
      const result = await submit("/order", {
        ...client,
        serviceId: service.id,
        notes,
        service_name: "Cheap thing",
        setup_price: "1",
        setupPrice: "1",
        monthly_price: "0",
        total_price: "1",
        status: "paid",
      });
      // The order-submitted page says the toast's words itself: the redirect carries no toast.
      expect(result).toMatchObject({ status: 302, location: "/order/submitted" });
      expect(result.toast).toBeUndefined();
      const rows = await db().select().from(orders).where(eq(orders.notes, notes));
      expect(rows).toMatchObject([
        {
          clientName: "Ada Lovelace",
          clientEmail: "ada@example.com",
          clientPhone: "+44 20 7946 0000",
          serviceId: service.id,
          serviceName: service.name,
          setupPrice: 349.5,
          monthlyPrice: 49.25,
          totalPrice: 398.75,
          status: "pending",
        },
      ]);
    });

    it("answers a form running with JavaScript with data that resets it and the order's status link", async () => {
      const service = await newService();
      const notes = uniqueName("Enhanced order");
      const result = await submit("/order", { ...client, serviceId: service.id, notes, [ENHANCED_FIELD]: "true" });
      const [row] = await db().select().from(orders).where(eq(orders.notes, notes));
      // No SMTP here: the link is the client's only copy, so the page keeps it (emailed false).
      expect(result).toMatchObject({
        status: 200,
        toast: TOASTS.orderSubmitted,
        body: { receipt: { statusUrl: `${ORIGIN}/order/status/${row.statusToken}`, emailed: false } },
      });
      expect(result.body?.result).toMatchObject({ initialValue: null });
    });

    it("says the status link went by email too when the site sends email", async () => {
      const original = getEnv();
      (globalThis as { __appEnv?: Env }).__appEnv = { ...original, SMTP_URL: "smtp://127.0.0.1:9" };
      try {
        const service = await newService();
        const notes = uniqueName("Emailed order");
        const result = await submit("/order", { ...client, serviceId: service.id, notes, [ENHANCED_FIELD]: "true" });
        expect(result.body?.receipt?.emailed).toBe(true);
        const [row] = await db().select().from(orders).where(eq(orders.notes, notes));
        await updateOrderStatus(row.id, "cancelled");
        const shown = await page<Loaded<typeof orderStatus.loader>>(
          `/order/status/${row.statusToken}`,
          "routes/public/order-status",
        );
        expect(shown.supportEmail).toBeNull();
      } finally {
        (globalThis as { __appEnv?: Env }).__appEnv = original;
      }
    });

    it("keeps the link on screen when the address has had its confirmations for today", async () => {
      const original = getEnv();
      (globalThis as { __appEnv?: Env }).__appEnv = { ...original, SMTP_URL: "smtp://127.0.0.1:9" };
      try {
        const clientEmail = `capped.${randomUUID()}@example.com`;
        // Three confirmations a day per address (docs/product.md, Email): this order's would be the fourth.
        for (let sent = 0; sent < 3; sent++) await hitRateLimit(clientEmailKey(clientEmail), 3, 24 * 3600 * 1000);
        const service = await newService();
        const notes = uniqueName("Capped order");
        const result = await submit("/order", {
          ...client,
          clientEmail,
          serviceId: service.id,
          notes,
          [ENHANCED_FIELD]: "true",
        });
        expect(result.body?.receipt?.emailed).toBe(false);
      } finally {
        (globalThis as { __appEnv?: Env }).__appEnv = original;
      }
    });

    it("asks for the terms first, keeping every typed value", async () => {
      const service = await newService();
      const notes = uniqueName("No terms");
      const { terms: _terms, ...withoutTerms } = client;
      const result = await submit("/order", { ...withoutTerms, notes });
      expect(result).toMatchObject({ status: 400, toast: { type: "error", ...TOASTS.termsRequired } });
      expect(result.body?.result.error).toMatchObject({
        terms: [TOASTS.termsRequired.description],
        serviceId: [TOASTS.serviceRequired.description],
      });
      expect(result.body?.result.initialValue).toEqual({ ...withoutTerms, notes });

      const withService = await submit("/order", { ...withoutTerms, serviceId: service.id, notes });
      expect(withService.toast).toMatchObject(TOASTS.termsRequired);
      expect(await db().select().from(orders).where(eq(orders.notes, notes))).toHaveLength(0);
    });

    it("asks for a service when none is chosen", async () => {
      const result = await submit("/order", { ...client, serviceId: "" });
      expect(result).toMatchObject({ status: 400, toast: { type: "error", ...TOASTS.serviceRequired } });
    });

    it("asks to check the fields, not a submission error, for other invalid fields", async () => {
      const service = await newService();
      const result = await submit("/order", {
        ...client,
        clientName: "x".repeat(10_000),
        clientEmail: "nope",
        serviceId: service.id,
      });
      expect(result).toMatchObject({ status: 400, toast: TOASTS.formInvalid });
      expect(result.body?.result.error).toMatchObject({
        clientName: ["Please keep your name under 100 characters."],
        clientEmail: ["Please enter a valid email address."],
      });
    });

    it("reports a missing name with the other fields", async () => {
      const service = await newService();
      const result = await submit("/order", { ...client, clientName: " ", clientEmail: "nope", serviceId: service.id });
      expect(result).toMatchObject({ status: 400, toast: TOASTS.formInvalid });
      expect(result.body?.result.error).toMatchObject({
        clientName: ["Please enter your full name."],
        clientEmail: ["Please enter a valid email address."],
      });
    });

    it("refuses an inactive or unknown service", async () => {
      const inactive = await newService({ isActive: false });
      for (const serviceId of [inactive.id, randomUUID()]) {
        const notes = uniqueName("Unavailable");
        const result = await submit("/order", { ...client, serviceId, notes });
        expect(result).toMatchObject({ status: 400, toast: TOASTS.orderFailed });
        expect(result.body?.result.error).toMatchObject({ serviceId: [SERVICE_UNAVAILABLE] });
        expect(await db().select().from(orders).where(eq(orders.notes, notes))).toHaveLength(0);
      }
    });

    it("stores nothing when the honeypot is filled", async () => {
      const service = await newService();
      const notes = uniqueName("Spam order");
      const result = await submit("/order", { ...client, serviceId: service.id, notes, [HONEYPOT_FIELD]: "bot" });
      expect(result).toMatchObject({ status: 400, toast: TOASTS.orderFailed });
      expect(await db().select().from(orders).where(eq(orders.notes, notes))).toHaveLength(0);
    });

    it("answers a storage failure with the failure toast, keeping what was typed", async () => {
      const service = await newService();
      const notes = uniqueName("Disk full");
      const restore = await breakWrites("orders", "disk full");
      try {
        const result = await submit("/order", { ...client, serviceId: service.id, notes });
        expect(result).toMatchObject({ status: 500, toast: { type: "error", ...TOASTS.orderFailed } });
        expect(result.body?.result.initialValue).toMatchObject({ notes, serviceId: service.id });
      } finally {
        await restore();
      }
    });

    it("limits orders per visitor address (ORDERS_PER_HOUR, 10 by default)", async () => {
      const service = await newService();
      const ip = `orders-${randomUUID()}`;
      for (let i = 0; i < 10; i++) {
        const result = await submit("/order", { ...client, serviceId: service.id }, ip);
        expect(result.status).toBe(302);
      }
      const refused = await submit("/order", { ...client, serviceId: service.id }, ip);
      expect(refused).toMatchObject({ status: 429, toast: TOASTS.orderFailed });
    });

    it("lists active services only and preselects an active one from ?service=", async () => {
      const active = await newService();
      const inactive = await newService({ isActive: false });
      const listed = await page<Loaded<typeof order.loader>>(`/order?service=${active.id}`, "routes/public/order");
      expect(listed.preselected).toBe(active.id);
      expect(listed.services.map((s) => s.id)).toContain(active.id);
      expect(listed.services.map((s) => s.id)).not.toContain(inactive.id);
      expect(
        (await page<Loaded<typeof order.loader>>(`/order?service=${inactive.id}`, "routes/public/order")).preselected,
      ).toBe("");
      expect(
        (await page<Loaded<typeof order.loader>>("/order?service=nonsense", "routes/public/order")).preselected,
      ).toBe("");
    });
  });

  describe("order-status page", () => {
    const STATUS_ROUTE = "routes/public/order-status";
    type StatusPage = Loaded<typeof orderStatus.loader>;

    async function placeOrder(clientName = uniqueName("Client")) {
      const service = await newService({ setupPrice: 149, monthlyPrice: 29 });
      return createOrder({
        clientName,
        clientEmail: "client@example.com",
        clientPhone: "+1 555 0100",
        notes: "Sync my CRM",
        serviceId: service.id,
      });
    }

    it("shows the order of its token: service, prices, status, date and what the client entered, no contact details", async () => {
      const placed = await placeOrder();
      const shown = await page<StatusPage>(`/order/status/${placed.statusToken}`, STATUS_ROUTE);
      expect(shown).toEqual({
        clientName: placed.clientName,
        serviceName: placed.serviceName,
        setupPrice: 149,
        monthlyPrice: 29,
        totalPrice: 178,
        notes: "Sync my CRM",
        status: "pending",
        orderDate: new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(placed.orderDate),
        // No email is sent here: the cancelled status names the support address, not a confirmation.
        supportEmail: expect.stringContaining("@"),
        // Stripe is not configured here: nothing to pay online (tests/integration/stripe-checkout.test.ts).
        subscriptionCancelled: false,
        payment: null,
        payNow: false,
        payWithPayPal: false,
        manageBilling: false,
        paypalBillingUrl: null,
        // No booking page is set here (tests/integration/bookings-timeline.test.ts sets one).
        call: null,
        bookingUrl: null,
      });
      expect(JSON.stringify(shown)).not.toMatch(/client@example\.com|555 0100/);
    });

    it("shows each token's own order only", async () => {
      const [first, second] = [await placeOrder(), await placeOrder()];
      expect((await page<StatusPage>(`/order/status/${first.statusToken}`, STATUS_ROUTE)).clientName).toBe(
        first.clientName,
      );
      expect((await page<StatusPage>(`/order/status/${second.statusToken}`, STATUS_ROUTE)).clientName).toBe(
        second.clientName,
      );
    });

    it("answers 404 for an unknown token, a malformed one, and an order's id", async () => {
      const placed = await placeOrder();
      const paths = [
        `/order/status/${"0".repeat(64)}`,
        `/order/status/${placed.statusToken.toUpperCase()}`,
        `/order/status/${placed.statusToken.slice(1)}`,
        `/order/status/${placed.statusToken}x`,
        `/order/status/${placed.id}`,
        `/order/status/${placed.statusToken}/more`,
      ];
      for (const path of paths) {
        const answer = await send(new Request(`${ORIGIN}${path}`));
        expect(answer.status, path).toBe(404);
        expect(answer.error?.status, path).toBe(404);
      }
    });

    it("links the order-submitted page to the order just placed, once, through a cookie and not the URL", async () => {
      const service = await newService();
      const notes = uniqueName("Receipt");
      const placed = await submit("/order", {
        clientName: "Ada Lovelace",
        clientEmail: "ada@example.com",
        terms: "on",
        serviceId: service.id,
        notes,
      });
      expect(placed.location).toBe("/order/submitted");
      const [row] = await db().select().from(orders).where(eq(orders.notes, notes));
      const receipt = placed.headers.getSetCookie().find((cookie) => cookie.startsWith("order_receipt="));
      expect(receipt).toMatch(/HttpOnly/i);
      expect(receipt).toMatch(/Path=\/order\/submitted/);
      expect(receipt).not.toContain(row.statusToken);

      const landed = await send(
        new Request(`${ORIGIN}/order/submitted`, { headers: { Cookie: receipt!.split(";")[0] } }),
      );
      expect(landed.loaderData["routes/public/order-submitted"]).toEqual({
        receipt: {
          statusUrl: `${ORIGIN}/order/status/${row.statusToken}`,
          emailed: false,
          payNow: false,
          payWithPayPal: false,
          bookingUrl: null,
        },
      });
      expect(landed.headers.getSetCookie().join()).toMatch(/order_receipt=;.*Max-Age=0/);
      const anyone = await send(new Request(`${ORIGIN}/order/submitted`));
      expect(anyone.loaderData["routes/public/order-submitted"]).toEqual({ receipt: null });
      const forged = await send(
        new Request(`${ORIGIN}/order/submitted`, { headers: { Cookie: `order_receipt=${row.statusToken}` } }),
      );
      expect(forged.loaderData["routes/public/order-submitted"]).toEqual({ receipt: null });
    });

    it("shows a status changed by the admin on the next load", async () => {
      const placed = await placeOrder();
      await updateOrderStatus(placed.id, "paid");
      expect((await page<StatusPage>(`/order/status/${placed.statusToken}`, STATUS_ROUTE)).status).toBe("paid");
      await updateOrderStatus(placed.id, "cancelled");
      expect((await page<StatusPage>(`/order/status/${placed.statusToken}`, STATUS_ROUTE)).status).toBe("cancelled");
    });
  });

  describe("catalogue and home", () => {
    it("lists only active services, with the distinct categories present", async () => {
      const active = await newService({ category: "crm-sync" });
      const inactive = await newService({ category: "never-shown", isActive: false });
      const data = await page<Loaded<typeof services.loader>>("/services", "routes/public/services");
      const ids = data.services.map((s) => s.id);
      expect(ids).toContain(active.id);
      expect(ids).not.toContain(inactive.id);
      expect(data.categories).toContain("crm-sync");
      expect(data.categories).not.toContain("never-shown");
      expect(new Set(data.categories).size).toBe(data.categories.length);
    });

    it("features at most six active featured services on the home page", async () => {
      const featured = await Promise.all(Array.from({ length: 7 }, () => newService({ featured: true })));
      const hidden = await newService({ featured: true, isActive: false });
      const data = await page<Loaded<typeof home.loader>>("/", "routes/public/home");
      expect(data.services).toHaveLength(6);
      expect(data.services.every((s) => s.featured)).toBe(true);
      expect(data.services.map((s) => s.id)).not.toContain(hidden.id);
      // Each one shown is among the active ones made here.
      expect(featured.map((s) => s.id)).toEqual(expect.arrayContaining(data.services.map((s) => s.id)));
      // The page carries only what its components read, not timestamps or admin flags.
      expect(Object.keys(data.services[0]).sort()).toEqual(
        ["category", "description", "featured", "id", "imageUrl", "monthlyPrice", "name", "setupPrice"].sort(),
      );
    });

    it("gives the layout the integration's embed split into markup and scripts, never the secret keys", async () => {
      await saveIntegrations({
        voiceAgentEmbedCode: '<voice-agent id="v1"></voice-agent><script src="https://voice.example/w.js"></script>',
        customCss: " body { color: red } ",
        customJs: "window.custom = 1;",
        stripeSecretKey: "sk_live_secret",
        airtableToken: "pat_secret",
      });
      const data = await page<Loaded<typeof layout.loader>>("/services", "routes/public/layout");
      expect(data).toEqual({
        origin: ORIGIN,
        voiceAgent: {
          markup: '<voice-agent id="v1"></voice-agent>',
          scripts: [{ attributes: { src: "https://voice.example/w.js" }, content: "" }],
        },
        customCss: "body { color: red }",
        customJs: [{ attributes: {}, content: "window.custom = 1;" }],
        // The chat widget's input stops at the server's text limit.
        chatMaxMessageChars: getEnv().CHAT_MAX_MESSAGE_CHARS,
        bookingUrl: null,
        // No case study is published in this database: the nav leaves out Work.
        hasWork: false,
      });
      expect(JSON.stringify(data)).not.toMatch(/secret/);
    });
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of /admin and points them to the sitemap", async () => {
    const response = robots.loader();
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
