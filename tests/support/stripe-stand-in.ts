import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

import Stripe from "stripe";

// A local Stripe for tests: a real HTTP server on 127.0.0.1 that speaks enough of Stripe's API for
// the official client (Checkout Sessions, billing portal sessions), records what it was sent, and
// serves a "hosted checkout" page whose Pay button sends the signed checkout.session.completed
// event a real Stripe would send (docs/payments.md, "Stripe: set up", test mode).

/** Form parameters as Stripe reads them: `a[b][0][c]=1` is { a: { b: [{ c: "1" }] } }. */
export type StripeParams = { [key: string]: string | StripeParams | StripeParams[] | string[] };

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  params: StripeParams;
}

export interface StandInSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  mode: string;
  currency: string;
  amount_total: number;
  expires_at: number;
  client_reference_id: string | null;
  customer_email: string | null;
  customer: string | null;
  subscription: string | null;
  invoice: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  params: StripeParams;
}

/** How the API answers: normally, with 500, never (the client times out), or by dropping the connection. */
export type StandInFailure = "500" | "hang" | "reset" | null;

export interface StripeStandIn {
  /** STRIPE_API_URL for the app: the API and the checkout pages share this origin. */
  url: string;
  /** Every API request, in order. */
  requests: StandInRequest[];
  /** The parameters of each Checkout Session created, in order. */
  created: StripeParams[];
  sessions: Map<string, StandInSession>;
  /** The parameters of each billing portal session created. */
  portals: StripeParams[];
  /** Set to make the API fail; the checkout pages keep working. */
  fail: StandInFailure;
  /** Where Pay sends the signed event, when set. */
  webhook: { url: string; secret: string } | null;
  /** The answers of the webhook to each event sent. */
  deliveries: { eventId: string; status: number }[];
  close: () => Promise<void>;
}

const DAY_S = 24 * 60 * 60;

function id(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString("hex")}`;
}

function setPath(target: StripeParams, keys: string[], value: string): void {
  let node: Record<string, unknown> = target;
  keys.forEach((key, index) => {
    const last = index === keys.length - 1;
    if (last) {
      node[key] = value;
      return;
    }
    if (node[key] === undefined) node[key] = /^\d+$/.test(keys[index + 1]) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}

/** Reads Stripe's form encoding (the official client's `qs` style brackets). */
export function parseStripeForm(body: string): StripeParams {
  const params: StripeParams = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const [head, ...rest] = name.split("[");
    setPath(params, [head, ...rest.map((part) => part.replace(/\]$/, ""))], value);
  }
  return params;
}

function lineAmounts(params: StripeParams): number {
  const items = (params.line_items ?? []) as StripeParams[];
  return items.reduce((sum, item) => {
    const price = item.price_data as StripeParams;
    return sum + Number(price.unit_amount) * Number(item.quantity ?? 1);
  }, 0);
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
  response.end(JSON.stringify(body));
}

function notFound(response: ServerResponse, message: string): void {
  answer(response, 404, { error: { type: "invalid_request_error", code: "resource_missing", message } });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function publicSession(session: StandInSession): Omit<StandInSession, "params"> {
  const { params: _params, ...shown } = session;
  return shown;
}

/** Starts the stand-in on 127.0.0.1 (`port` 0: any free port). */
export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  const sockets = new Set<Socket>();
  const standIn: StripeStandIn = {
    url: "",
    requests: [],
    created: [],
    sessions: new Map(),
    portals: [],
    fail: null,
    webhook: null,
    deliveries: [],
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const portalReturns = new Map<string, string>();

  async function api(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const body = await readBody(request);
    const params = request.method === "POST" ? parseStripeForm(body) : {};
    standIn.requests.push({
      method: request.method ?? "",
      path,
      authorization: request.headers.authorization,
      params,
    });
    if (standIn.fail === "hang") return;
    if (standIn.fail === "reset") {
      request.socket.destroy();
      return;
    }
    if (standIn.fail === "500") {
      answer(response, 500, { error: { type: "api_error", message: "The stand-in was told to fail." } });
      return;
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const session: StandInSession = {
        id: id("cs"),
        object: "checkout.session",
        url: null,
        status: "open",
        payment_status: "unpaid",
        mode: String(params.mode),
        currency: String(((params.line_items as StripeParams[])[0].price_data as StripeParams).currency),
        amount_total: lineAmounts(params),
        expires_at: Math.floor(Date.now() / 1000) + DAY_S,
        client_reference_id: (params.client_reference_id as string | undefined) ?? null,
        customer_email: (params.customer_email as string | undefined) ?? null,
        customer: null,
        subscription: null,
        invoice: null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        success_url: String(params.success_url),
        cancel_url: String(params.cancel_url),
        params,
      };
      session.url = `${standIn.url}/pay/${session.id}`;
      standIn.created.push(params);
      standIn.sessions.set(session.id, session);
      answer(response, 200, publicSession(session));
      return;
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = standIn.sessions.get(sessionPath[1]);
      if (!session) return notFound(response, `No such checkout.session: '${sessionPath[1]}'`);
      if (sessionPath[2] && request.method === "POST") {
        if (session.status !== "open") {
          answer(response, 400, { error: { type: "invalid_request_error", message: "Only open sessions expire." } });
          return;
        }
        session.status = "expired";
        session.url = null;
      }
      answer(response, 200, publicSession(session));
      return;
    }
    if (request.method === "POST" && path === "/v1/billing_portal/sessions") {
      standIn.portals.push(params);
      const portalId = id("bps");
      portalReturns.set(portalId, String(params.return_url));
      answer(response, 200, {
        id: portalId,
        object: "billing_portal.session",
        customer: params.customer,
        return_url: params.return_url,
        url: `${standIn.url}/billing/${portalId}`,
      });
      return;
    }
    notFound(response, `Unrecognized request URL (${request.method}: ${path})`);
  }

  async function pay(session: StandInSession): Promise<void> {
    session.status = "complete";
    session.payment_status = "paid";
    session.url = null;
    session.customer = id("cus");
    session.invoice = id("in");
    if (session.mode === "subscription") session.subscription = id("sub");
    if (!standIn.webhook) return;
    const event = {
      id: id("evt"),
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: publicSession(session) },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: standIn.webhook.secret });
    const delivered = await fetch(standIn.webhook.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    standIn.deliveries.push({ eventId: event.id, status: delivered.status });
  }

  // The billing portal's page: where the client would manage the card, with the way back.
  function portalPage(response: ServerResponse, portalId: string): void {
    const returnUrl = portalReturns.get(portalId);
    if (!returnUrl) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("No such portal session");
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stand-in billing portal</title></head>
<body><h1>Stand-in billing portal</h1><a href="${escapeHtml(returnUrl)}">Return</a></body></html>`);
  }

  async function checkoutPage(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const portal = /^\/billing\/([^/]+)$/.exec(path);
    if (portal) return portalPage(response, portal[1]);
    const match = /^\/pay\/([^/]+)(\/pay|\/cancel)?$/.exec(path);
    const session = match ? standIn.sessions.get(match[1]) : undefined;
    if (!match || !session) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("No such checkout");
      return;
    }
    await readBody(request);
    if (request.method === "POST" && match[2] === "/cancel") {
      response.writeHead(303, { Location: session.cancel_url }).end();
      return;
    }
    if (request.method === "POST" && match[2] === "/pay" && session.status === "open") {
      await pay(session);
      response.writeHead(303, { Location: session.success_url }).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stand-in checkout</title></head>
<body><h1>Stand-in checkout</h1>
<p>${escapeHtml(session.customer_email ?? "")} pays ${session.amount_total} ${escapeHtml(session.currency)}</p>
<p>Amounts in the currency's minor unit; session ${session.status}.</p>
<form method="post" action="/pay/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Cancel</button></form>
</body></html>`);
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname;
    const handle = path.startsWith("/v1/") ? api(request, response, path) : checkoutPage(request, response, path);
    handle.catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain" });
      response.end(String(error));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return standIn;
}
