import { randomBytes } from "node:crypto";

import { startBaselineServer } from "../lib/baseline-server";
import { sampleCatalogue } from "../lib/catalogue";
import { BROWSER_HEADERS, rawPost } from "../lib/http";
import type { BenchOptions } from "../lib/options";
import { type LoadResult, runWrk } from "../lib/wrk";
import { orderPost } from "./order";

export interface RefusalFigures {
  /** Sign-ins with random usernames sent while `/` was under load, and how they were answered. */
  signIns: number;
  signInStatuses: Record<string, number>;
  signInSeconds: number;
  /** `/` under load alone, then while the sign-ins were sent. */
  homeAlone: LoadResult;
  homeDuringSignIns: LoadResult;
  /** `/` while as many sign-ins come from the same address, now over its limit: every one refused. A run a round. */
  homeDuringRefusals: LoadResult[];
  refusalStatuses: Record<string, number>;
  /**
   * `/` while the bench sends as many posts to a bare node:http server answering each with the
   * app's refusal: what the bench's own client costs the two cores. A run a round, taking turns.
   */
  homeDuringBareRefusals: LoadResult[];
  /** Sign-ins from an address over its limit, as a no-JS form and as the JS form's data request. */
  refusedForm: LoadResult;
  refusedData: LoadResult;
  /** Orders from one address: accepted until its hourly limit, then refused as the sign-ins are. */
  ordersAccepted: number;
  refusedOrderForm: LoadResult;
  refusedOrderData: LoadResult;
}

/** Sign-ins with random usernames from one address: enough to fill the limit many times over. */
const SIGN_INS = 400;
const SIGN_IN_CONCURRENCY = 20;
/** Fewer connections than the pages' load, so that a moved p99 shows the app's latency, not a queue. */
const HOME_CONNECTIONS = 10;
/** As the pages' section does: a process that has not yet answered a page would count its warm-up as load. */
const WARM_UP_SECONDS = 1;

function signInBody(username: string): string {
  return new URLSearchParams({ username, password: "not-the-password", redirectTo: "" }).toString();
}

/** Posts the sign-ins to `baseUrl`, SIGN_IN_CONCURRENCY at a time, and counts the statuses. */
async function signIns(baseUrl: string, headers: Record<string, string>): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < SIGN_INS) {
      next++;
      const response = await fetch(`${baseUrl}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers,
        body: signInBody(`bench-${randomBytes(6).toString("hex")}`),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return statuses;
}

/** An app whose order limit was raised fails here rather than taking orders without end. */
const MAX_ORDERS = 1000;

/** Posts orders from the bench's address until it is refused, then times its refused orders. */
async function orderRefusals(appUrl: string, options: BenchOptions) {
  const order = orderPost(appUrl, await sampleCatalogue(appUrl));
  const post = { method: "POST" as const, headers: order.headers, body: order.body };
  let accepted = 0;
  for (;;) {
    const response = await fetch(appUrl + order.path, { ...post, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status === 429) break;
    if (response.status !== 302) throw new Error(`A posted order answered ${response.status}, not 302 or 429`);
    if (++accepted === MAX_ORDERS) throw new Error(`${MAX_ORDERS} orders from one address and none refused`);
  }
  const load = { connections: options.connections, seconds: options.seconds };
  const form = await runWrk({ url: appUrl + order.path, ...post }, load);
  const data = await runWrk({ url: appUrl + order.path.replace("/order?", "/order.data?"), ...post }, load);
  return { accepted, form, data };
}

function addStatuses(total: Record<string, number>, more: Record<string, number>): void {
  for (const [status, count] of Object.entries(more)) total[status] = (total[status] ?? 0) + count;
}

/**
 * What a flood of refused posts costs (docs/product.md §4, Sign-in limit), on an app with a
 * deployment's limits: the home page under load alone, while 400 sign-ins with random usernames
 * come from one address, and while 400 more come from it once it is over its limit, in rounds
 * taking turns with as many sent to a bare server that refuses them as the app does; then the rate
 * at which such an address is refused, at sign-in and, once past its hourly limit, at the order form.
 */
export async function benchRefusals(appUrl: string, options: BenchOptions): Promise<RefusalFigures> {
  const headers = { ...BROWSER_HEADERS, Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" };
  const home = { url: `${appUrl}/`, headers: BROWSER_HEADERS };
  const load = { connections: HOME_CONNECTIONS, seconds: options.seconds };
  await runWrk(home, { ...load, seconds: WARM_UP_SECONDS });
  const homeAlone = await runWrk(home, load);
  const startedAt = performance.now();
  const [homeDuringSignIns, signInStatuses] = await Promise.all([
    runWrk(home, load),
    signIns(appUrl, headers).then((statuses) => ({ statuses, seconds: (performance.now() - startedAt) / 1000 })),
  ]);
  const body = signInBody("bench-refused");
  const refusal = await rawPost(`${appUrl}/admin/login`, headers, body);
  if (refusal.status !== 429) {
    throw new Error(`An address over its sign-in limit was answered ${refusal.status}, not 429`);
  }
  const bare = await startBaselineServer(new Map([["/admin/login", refusal]]));
  const homeDuringRefusals: LoadResult[] = [];
  const homeDuringBareRefusals: LoadResult[] = [];
  const refusalStatuses: Record<string, number> = {};
  try {
    for (let round = 0; round < options.rounds; round++) {
      const [during, statuses] = await Promise.all([runWrk(home, load), signIns(appUrl, headers)]);
      homeDuringRefusals.push(during);
      addStatuses(refusalStatuses, statuses);
      const [duringBare] = await Promise.all([runWrk(home, load), signIns(bare.baseUrl, headers)]);
      homeDuringBareRefusals.push(duringBare);
    }
  } finally {
    await bare.close();
  }
  const refused = { connections: options.connections, seconds: options.seconds };
  const refusedForm = await runWrk({ url: `${appUrl}/admin/login`, method: "POST", headers, body }, refused);
  const refusedData = await runWrk({ url: `${appUrl}/admin/login.data`, method: "POST", headers, body }, refused);
  const orders = await orderRefusals(appUrl, options);
  return {
    signIns: SIGN_INS,
    signInStatuses: signInStatuses.statuses,
    signInSeconds: signInStatuses.seconds,
    homeAlone,
    homeDuringSignIns,
    homeDuringRefusals,
    refusalStatuses,
    homeDuringBareRefusals,
    refusedForm,
    refusedData,
    ordersAccepted: orders.accepted,
    refusedOrderForm: orders.form,
    refusedOrderData: orders.data,
  };
}
