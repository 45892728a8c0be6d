import type { CatalogueSample } from "../lib/catalogue";
import { BROWSER_HEADERS } from "../lib/http";
import type { BenchOptions } from "../lib/options";
import { type LoadResult, runWrk } from "../lib/wrk";

export interface OrderFigures {
  path: string;
  load: LoadResult;
}

/**
 * Orders posted as a browser without JavaScript posts the order form (docs/product.md §4, Order
 * form): the fields, the empty honeypot, the terms ticked, the site's Origin; each answer is the
 * redirect to /order/submitted. The app runs with ORDERS_PER_HOUR raised (lib/app-process.ts).
 */
export async function benchOrder(
  appUrl: string,
  catalogue: CatalogueSample,
  options: BenchOptions,
): Promise<OrderFigures> {
  const { path, body, headers } = orderPost(appUrl, catalogue);
  const probe = await fetch(appUrl + path, { method: "POST", redirect: "manual", headers, body });
  const location = probe.headers.get("location") ?? "";
  if (probe.status !== 302 || !location.endsWith("/order/submitted")) {
    throw new Error(`A posted order answered ${probe.status} ${location}, not the redirect to /order/submitted`);
  }
  const load = await runWrk(
    { url: appUrl + path, method: "POST", headers, body },
    { connections: options.connections, seconds: options.seconds },
  );
  return { path, load };
}

/** An order for the sample service, as the order form without JavaScript posts it. */
export function orderPost(appUrl: string, catalogue: CatalogueSample) {
  const path = `/order?service=${catalogue.serviceId}`;
  const body = new URLSearchParams({
    name__confirm: "",
    clientName: "Bench Visitor",
    clientPhone: "+1 555 010 0100",
    clientEmail: "bench@example.com",
    serviceId: catalogue.serviceId,
    notes: "Posted by npm run bench.",
    terms: "on",
  }).toString();
  const headers = { ...BROWSER_HEADERS, Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" };
  return { path, body, headers };
}
