import { randomUUID } from "node:crypto";

import { expect } from "vitest";

import type { Order } from "~/db/schema";
import type * as orderStatus from "~/routes/public/order-status";

import { send } from "./route-args";

// The client's order-status page through its route, for the payment tests: its loader's data and
// a press of one of its payment buttons. The tests set SITE_URL to STATUS_ORIGIN.

export const STATUS_ORIGIN = "http://agency.test";
const STATUS_ROUTE = "routes/public/order-status";
type StatusPage = Awaited<ReturnType<typeof orderStatus.loader>>;

export const statusPath = (placed: Pick<Order, "statusToken">) => `/order/status/${placed.statusToken}`;

/** A press of the page's button `intent` ("pay", "billing", "paypal"), from `ip`. */
export function pressStatusButton(placed: Pick<Order, "statusToken">, intent: string, ip = `10.1.${randomUUID()}`) {
  const request = new Request(`${STATUS_ORIGIN}${statusPath(placed)}`, {
    method: "POST",
    body: new URLSearchParams({ intent }),
  });
  return send(request, { ip });
}

export async function statusPage(path: string): Promise<StatusPage> {
  const answer = await send(new Request(`${STATUS_ORIGIN}${path}`));
  expect(answer.status).toBe(200);
  return answer.loaderData[STATUS_ROUTE] as StatusPage;
}
