import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { isDeepStrictEqual } from "node:util";

// A local PayPal for tests: a real HTTP server on 127.0.0.1 that speaks enough of PayPal's REST API
// for the official SDK (the OAuth token, Orders v2 create, read and capture, webhook signature
// verification), records what it was sent, and serves a "hosted approve" page that sends the
// browser back to the order's return_url as PayPal does (docs/payments.md, "PayPal").

export interface PayPalStandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  requestId: string | undefined;
  body: unknown;
}

export interface StandInPayPalOrder {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  body: {
    intent: string;
    purchase_units: { custom_id?: string; reference_id?: string; amount: { currency_code: string; value: string } }[];
    application_context?: { return_url?: string; cancel_url?: string };
  };
  captureId: string | null;
}

/** How the API answers: normally, with 500, never (the client times out), or by dropping the connection. */
export type PayPalStandInFailure = "500" | "hang" | "reset" | null;

export interface PayPalStandIn {
  /** PAYPAL_API_URL for the app: the API and the approve page share this origin. */
  url: string;
  requests: PayPalStandInRequest[];
  orders: Map<string, StandInPayPalOrder>;
  /** The webhook id the verify API accepts. */
  webhookId: string;
  fail: PayPalStandInFailure;
  /** A webhook event as PayPal would post it: its exact body and its transmission headers. */
  signedEvent: (eventType: string, resource: unknown) => { id: string; body: string; headers: Record<string, string> };
  close: () => Promise<void>;
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
      ...(order.status === "CREATED"
        ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" }]
        : []),
    ],
  };
}

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
    webhookId: `WH-${newId()}`,
    fail: null,
    signedEvent(eventType, resource) {
      const id = `WH-EVT-${newId()}`;
      const body = JSON.stringify({
        id,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith("PAYMENT.CAPTURE.REFUNDED") ? "refund" : "capture",
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
      const order: StandInPayPalOrder = { id: newId(), status: "CREATED", body: JSON.parse(raw), captureId: null };
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
    const context = order?.body.application_context;
    if (!order || !context?.return_url || !context.cancel_url) return answer(response, 404, { name: "NOT_FOUND" });
    const cancelled = target.searchParams.get("cancel") === "1";
    if (!cancelled && order.status === "CREATED") order.status = "APPROVED";
    const back = new URL(cancelled ? context.cancel_url : context.return_url);
    back.searchParams.set("token", order.id);
    if (!cancelled) back.searchParams.set("PayerID", "PAYERSTANDIN1");
    response.writeHead(303, { Location: back.toString() });
    response.end();
  }

  return standIn;
}
