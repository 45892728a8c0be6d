import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { isDeepStrictEqual } from "node:util";

// A local PayPal for tests: a real HTTP server on 127.0.0.1 that speaks enough of PayPal's REST API
// for the official SDK (the OAuth token, Orders v2 create, read and capture, catalog products,
// billing plans and subscriptions, webhook signature verification), records what it was sent, and
// serves "hosted approve" pages that send the browser back to the return_url as PayPal does
// (docs/payments.md, "PayPal").

export interface PayPalStandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  requestId: string | undefined;
  body: unknown;
}

export interface StandInPayPalOrder {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  body: {
    intent: string;
    purchase_units: { custom_id?: string; reference_id?: string; amount: { currency_code: string; value: string } }[];
    payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
  };
  captureId: string | null;
}

interface Money {
  currency_code: string;
  value: string;
}

export interface StandInPlan {
  id: string;
  body: {
    product_id: string;
    name: string;
    billing_cycles: { pricing_scheme: { fixed_price: Money } }[];
    payment_preferences: { setup_fee?: Money };
  };
}

export interface StandInSubscription {
  id: string;
  status: "APPROVAL_PENDING" | "ACTIVE";
  body: {
    plan_id: string;
    custom_id: string;
    subscriber?: { email_address?: string };
    application_context: { return_url: string; cancel_url: string; brand_name?: string };
  };
  approvalToken: string;
  /** What approval charged, in order: the setup fee (when there is one), then the first month. */
  sales: { id: string; amount: Money }[];
}

/** How the API answers: normally, with 500, never (the client times out), or by dropping the connection. */
export type PayPalStandInFailure = "500" | "hang" | "reset" | null;

export interface PayPalStandIn {
  /** PAYPAL_API_URL for the app: the API and the approve page share this origin. */
  url: string;
  requests: PayPalStandInRequest[];
  orders: Map<string, StandInPayPalOrder>;
  products: Map<string, unknown>;
  plans: Map<string, StandInPlan>;
  subscriptions: Map<string, StandInSubscription>;
  /** The webhook id the verify API accepts. */
  webhookId: string;
  fail: PayPalStandInFailure;
  /** A webhook event as PayPal would post it: its exact body and its transmission headers. */
  signedEvent: (eventType: string, resource: unknown) => SignedDelivery;
  /** PayPal's event about a subscription (BILLING.SUBSCRIPTION.*), with the subscription as it is now. */
  subscriptionEvent: (eventType: string, subscription: StandInSubscription, extra?: object) => SignedDelivery;
  /** PAYMENT.SALE.COMPLETED for one of the subscription's sales. */
  saleEvent: (subscription: StandInSubscription, sale: StandInSubscription["sales"][number]) => SignedDelivery;
  close: () => Promise<void>;
}

export interface SignedDelivery {
  id: string;
  body: string;
  headers: Record<string, string>;
}

const SIGNING_KEY = randomBytes(32);

function newId(length = 17): string {
  return randomBytes(length).toString("hex").toUpperCase().slice(0, length);
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function orderView(url: string, order: StandInPayPalOrder) {
  const unit = order.body.purchase_units[0];
  return {
    id: order.id,
    intent: order.body.intent,
    status: order.status,
    purchase_units: [
      {
        reference_id: unit.reference_id,
        custom_id: unit.custom_id,
        amount: unit.amount,
        ...(order.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: order.captureId,
                    status: "COMPLETED",
                    amount: unit.amount,
                    custom_id: unit.custom_id,
                    final_capture: true,
                    create_time: new Date().toISOString(),
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${url}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      // With payment_source.paypal PayPal names the approve page "payer-action".
      ...(order.status === "PAYER_ACTION_REQUIRED"
        ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }]
        : []),
    ],
  };
}

function subscriptionView(url: string, subscription: StandInSubscription) {
  return {
    id: subscription.id,
    plan_id: subscription.body.plan_id,
    custom_id: subscription.body.custom_id,
    status: subscription.status,
    subscriber: { email_address: subscription.body.subscriber?.email_address, payer_id: "PAYERSTANDIN1" },
    links: [
      { href: `${url}/v1/billing/subscriptions/${subscription.id}`, rel: "self", method: "GET" },
      ...(subscription.status === "APPROVAL_PENDING"
        ? [
            {
              href: `${url}/webapps/billing/subscriptions?ba_token=${subscription.approvalToken}`,
              rel: "approve",
              method: "GET",
            },
          ]
        : []),
    ],
  };
}

const RESOURCE_TYPES: [string, string][] = [
  ["PAYMENT.CAPTURE.REFUNDED", "refund"],
  ["PAYMENT.CAPTURE.", "capture"],
  ["PAYMENT.SALE.", "sale"],
  ["BILLING.SUBSCRIPTION.", "subscription"],
];

const signature = (transmissionId: string, time: string, webhookId: string, body: string) =>
  createHmac("sha256", SIGNING_KEY).update(`${transmissionId}|${time}|${webhookId}|${body}`).digest("base64");

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const tokens = new Set<string>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    void route(request, response).catch((error: unknown) => answer(response, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  const standIn: PayPalStandIn = {
    url,
    requests: [],
    orders: new Map(),
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    webhookId: `WH-${newId()}`,
    fail: null,
    signedEvent(eventType, resource) {
      const id = `WH-EVT-${newId()}`;
      const body = JSON.stringify({
        id,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: RESOURCE_TYPES.find(([prefix]) => eventType.startsWith(prefix))?.[1] ?? "capture",
        event_type: eventType,
        resource,
      });
      const transmissionId = randomBytes(16).toString("hex");
      const time = new Date().toISOString();
      return {
        id,
        body,
        headers: {
          "Content-Type": "application/json",
          "PayPal-Auth-Algo": "SHA256withRSA",
          "PayPal-Cert-Url": `${url}/v1/notifications/certs/CERT-standin`,
          "PayPal-Transmission-Id": transmissionId,
          "PayPal-Transmission-Sig": signature(
            transmissionId,
            time,
            standIn.webhookId,
            JSON.stringify(JSON.parse(body)),
          ),
          "PayPal-Transmission-Time": time,
        },
      };
    },
    subscriptionEvent: (eventType, subscription, extra = {}) =>
      standIn.signedEvent(eventType, { ...subscriptionView(url, subscription), ...extra }),
    saleEvent: (subscription, sale) =>
      standIn.signedEvent("PAYMENT.SALE.COMPLETED", {
        id: sale.id,
        state: "completed",
        amount: { total: sale.amount.value, currency: sale.amount.currency_code },
        billing_agreement_id: subscription.id,
        custom: subscription.body.custom_id,
        create_time: new Date().toISOString(),
      }),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = new URL(request.url ?? "/", url);
    if (request.method === "GET" && target.pathname === "/checkoutnow") return approvePage(target, response);
    if (request.method === "GET" && target.pathname === "/webapps/billing/subscriptions") {
      return subscriptionApprovePage(target, response);
    }
    const raw = await readBody(request);
    const requestId = request.headers["paypal-request-id"] as string | undefined;
    standIn.requests.push({
      method: request.method ?? "",
      path: target.pathname,
      authorization: request.headers.authorization,
      requestId,
      body: raw && request.headers["content-type"]?.includes("json") ? JSON.parse(raw) : raw,
    });
    if (standIn.fail === "hang") return;
    if (standIn.fail === "reset") {
      request.socket.destroy();
      return;
    }
    if (standIn.fail === "500") return answer(response, 500, { name: "INTERNAL_SERVER_ERROR" });

    if (request.method === "POST" && target.pathname === "/v1/oauth2/token") {
      if (!request.headers.authorization?.startsWith("Basic "))
        return answer(response, 401, { error: "invalid_client" });
      const token = `A21AA${newId(30)}`;
      tokens.add(token);
      return answer(response, 200, { access_token: token, token_type: "Bearer", expires_in: 32400, scope: "" });
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, "");
    if (!bearer || !tokens.has(bearer)) return answer(response, 401, { name: "AUTHENTICATION_FAILURE" });
    // PayPal answers a repeated PayPal-Request-Id as it answered the first.
    const replay = requestId ? replies.get(`${target.pathname}|${requestId}`) : undefined;
    if (replay) return answer(response, replay.status, replay.body);
    const reply = api(request.method ?? "", target.pathname, raw);
    if (requestId && reply.status < 500) replies.set(`${target.pathname}|${requestId}`, reply);
    return answer(response, reply.status, reply.body);
  }

  function api(method: string, path: string, raw: string): { status: number; body: unknown } {
    if (method === "POST" && path === "/v2/checkout/orders") {
      const order: StandInPayPalOrder = {
        id: newId(),
        status: "PAYER_ACTION_REQUIRED",
        body: JSON.parse(raw),
        captureId: null,
      };
      standIn.orders.set(order.id, order);
      return { status: 201, body: orderView(url, order) };
    }
    const match = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    if (match) {
      const order = standIn.orders.get(match[1]);
      if (!order) return { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
      if (method === "GET" && !match[2]) return { status: 200, body: orderView(url, order) };
      if (method === "POST" && match[2]) {
        if (order.status !== "APPROVED") {
          const issue = order.status === "COMPLETED" ? "ORDER_ALREADY_CAPTURED" : "ORDER_NOT_APPROVED";
          return { status: 422, body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue }] } };
        }
        order.status = "COMPLETED";
        order.captureId = newId();
        return { status: 201, body: orderView(url, order) };
      }
    }
    if (method === "POST" && path === "/v1/catalogs/products") {
      const id = `PROD-${newId(12)}`;
      const product = { id, ...(JSON.parse(raw) as object) };
      standIn.products.set(id, product);
      return { status: 201, body: product };
    }
    if (method === "POST" && path === "/v1/billing/plans") {
      const plan: StandInPlan = { id: `P-${newId(24)}`, body: JSON.parse(raw) };
      if (!standIn.products.has(plan.body.product_id)) return { status: 422, body: { name: "UNPROCESSABLE_ENTITY" } };
      standIn.plans.set(plan.id, plan);
      return { status: 201, body: { id: plan.id, status: "ACTIVE", ...plan.body } };
    }
    const plan = /^\/v1\/billing\/plans\/(P-[A-Z0-9]+)$/.exec(path);
    if (plan && method === "GET") {
      const found = standIn.plans.get(plan[1]);
      return found
        ? { status: 200, body: { id: found.id, status: "ACTIVE", ...found.body } }
        : { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
    }
    if (method === "POST" && path === "/v1/billing/subscriptions") {
      const body = JSON.parse(raw) as StandInSubscription["body"];
      if (!standIn.plans.has(body.plan_id)) return { status: 422, body: { name: "UNPROCESSABLE_ENTITY" } };
      const subscription: StandInSubscription = {
        id: `I-${newId(12)}`,
        status: "APPROVAL_PENDING",
        body,
        approvalToken: `BA-${newId()}`,
        sales: [],
      };
      standIn.subscriptions.set(subscription.id, subscription);
      return { status: 201, body: subscriptionView(url, subscription) };
    }
    const subscription = /^\/v1\/billing\/subscriptions\/(I-[A-Z0-9]+)$/.exec(path);
    if (subscription && method === "GET") {
      const found = standIn.subscriptions.get(subscription[1]);
      return found
        ? { status: 200, body: subscriptionView(url, found) }
        : { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const asked = JSON.parse(raw) as Record<string, unknown>;
      const expected = signature(
        String(asked.transmission_id),
        String(asked.transmission_time),
        String(asked.webhook_id),
        JSON.stringify(asked.webhook_event),
      );
      const verified =
        asked.webhook_id === standIn.webhookId &&
        asked.transmission_sig === expected &&
        isDeepStrictEqual(Object.keys(asked).sort(), [
          "auth_algo",
          "cert_url",
          "transmission_id",
          "transmission_sig",
          "transmission_time",
          "webhook_event",
          "webhook_id",
        ]);
      return { status: 200, body: { verification_status: verified ? "SUCCESS" : "FAILURE" } };
    }
    return { status: 404, body: { name: "RESOURCE_NOT_FOUND", path } };
  }

  /** The buyer approves (or, with cancel=1, leaves) and is sent back as PayPal sends them. */
  function approvePage(target: URL, response: ServerResponse): void {
    const order = standIn.orders.get(target.searchParams.get("token") ?? "");
    const context = order?.body.payment_source?.paypal?.experience_context;
    if (!order || !context?.return_url || !context.cancel_url) return answer(response, 404, { name: "NOT_FOUND" });
    const cancelled = target.searchParams.get("cancel") === "1";
    if (!cancelled && order.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
    const back = new URL(cancelled ? context.cancel_url : context.return_url);
    back.searchParams.set("token", order.id);
    if (!cancelled) back.searchParams.set("PayerID", "PAYERSTANDIN1");
    response.writeHead(303, { Location: back.toString() });
    response.end();
  }

  /** The buyer approves the subscription (or, with cancel=1, leaves): approval takes the first money. */
  function subscriptionApprovePage(target: URL, response: ServerResponse): void {
    const token = target.searchParams.get("ba_token");
    const subscription = [...standIn.subscriptions.values()].find((found) => found.approvalToken === token);
    if (!subscription) return answer(response, 404, { name: "NOT_FOUND" });
    const context = subscription.body.application_context;
    const cancelled = target.searchParams.get("cancel") === "1";
    if (!cancelled && subscription.status === "APPROVAL_PENDING") {
      subscription.status = "ACTIVE";
      const plan = standIn.plans.get(subscription.body.plan_id)!.body;
      const setupFee = plan.payment_preferences.setup_fee;
      if (setupFee && Number(setupFee.value) > 0) subscription.sales.push({ id: newId(), amount: setupFee });
      subscription.sales.push({ id: newId(), amount: plan.billing_cycles[0].pricing_scheme.fixed_price });
    }
    const back = new URL(cancelled ? context.cancel_url : context.return_url);
    if (!cancelled) back.searchParams.set("subscription_id", subscription.id);
    back.searchParams.set("ba_token", subscription.approvalToken);
    back.searchParams.set("token", newId());
    response.writeHead(303, { Location: back.toString() });
    response.end();
  }

  return standIn;
}
