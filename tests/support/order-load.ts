import { errorCode } from "~/lib/error-chain";

import type { HttpVisitor } from "./http-visitor";

// Orders posted without JavaScript by many visitors at once, for the fault tests:
// each post's outcome is recorded, so a test can tell what the site acknowledged from what it
// refused or lost, and compare with what the database holds afterwards.

/** Where a stored order without JavaScript is redirected: the page that says "Order Submitted!". */
export const ORDER_SUBMITTED_PATH = "/order/submitted";

export type OrderOutcome =
  /** Answered with the redirect to "Order Submitted!": the site says the order is stored. */
  | { kind: "acknowledged"; at: number }
  /** Any other HTTP answer (a 503 while shutting down): the site says it is not stored. */
  | { kind: "refused"; at: number; status: number; retryAfter: string | null }
  /** The connection was refused: nothing was sent. */
  | { kind: "not sent"; at: number }
  /** Sent, and no answer came (a reset, the server killed): the client cannot know. */
  | { kind: "unanswered"; at: number; error: string };

/** The first service the order form offers. */
export async function orderableServiceId(baseUrl: string): Promise<string> {
  const html = await (await fetch(new URL("/order", baseUrl))).text();
  const id = /<option value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!id) throw new Error("The order form offers no service");
  return id;
}

export async function postOrder(baseUrl: string, serviceId: string, clientName: string): Promise<OrderOutcome> {
  let response: Response;
  try {
    response = await fetch(new URL("/order", baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
      body: new URLSearchParams({
        clientName,
        clientEmail: "crash@example.com",
        serviceId,
        terms: "on",
      }),
    });
  } catch (error) {
    const at = Date.now();
    return errorCode(error) === "ECONNREFUSED"
      ? { kind: "not sent", at }
      : { kind: "unanswered", at, error: String((error as Error).cause ?? error) };
  }
  await response.arrayBuffer();
  const at = Date.now();
  if (response.status === 302 && response.headers.get("Location") === ORDER_SUBMITTED_PATH) {
    return { kind: "acknowledged", at };
  }
  return { kind: "refused", at, status: response.status, retryAfter: response.headers.get("Retry-After") };
}

export interface OrderLoad {
  /** Each order's client name (`<prefix>-<n>`) and what came of it, once it has come. */
  outcomes: Map<string, OrderOutcome>;
  acknowledged: () => string[];
  /** Resolves once every visitor has stopped: after the first post that was not acknowledged. */
  done: Promise<void>;
}

/** `visitors` visitors, each posting one order after another until one is not acknowledged. */
export function startOrderLoad(baseUrl: string, serviceId: string, prefix: string, visitors: number): OrderLoad {
  const outcomes = new Map<string, OrderOutcome>();
  let next = 0;
  const visitor = async () => {
    for (;;) {
      const name = `${prefix}-${next++}`;
      const outcome = await postOrder(baseUrl, serviceId, name);
      outcomes.set(name, outcome);
      if (outcome.kind !== "acknowledged") return;
    }
  };
  const done = Promise.all(Array.from({ length: visitors }, visitor)).then(() => undefined);
  const acknowledged = () => [...outcomes].filter(([, o]) => o.kind === "acknowledged").map(([name]) => name);
  return { outcomes, acknowledged, done };
}

/** The client names of `prefix`'s orders in the database, read through the admin's CSV export. */
export async function storedOrderNames(admin: HttpVisitor, prefix: string): Promise<Set<string>> {
  const csv = await admin.get("/admin/orders/export.csv");
  if (csv.status !== 200) throw new Error(`The orders export answered ${csv.status}`);
  return new Set(csv.html.match(new RegExp(`${prefix}-[a-z0-9]+`, "g")) ?? []);
}
