import { randomBytes } from "node:crypto";

import { BROWSER_HEADERS } from "../lib/http";
import type { BenchOptions } from "../lib/options";
import { type LoadResult, runWrk } from "../lib/wrk";

export interface RefusalFigures {
  /** Sign-ins with random usernames sent while `/` was under load, and how they were answered. */
  signIns: number;
  signInStatuses: Record<string, number>;
  signInSeconds: number;
  /** `/` under load alone, then while the sign-ins were sent. */
  homeAlone: LoadResult;
  homeDuringSignIns: LoadResult;
  /** `/` while as many sign-ins come from the same address, now over its limit: every one refused. */
  homeDuringRefusals: LoadResult;
  refusalStatuses: Record<string, number>;
  /** Sign-ins from an address over its limit, as a no-JS form and as the JS form's data request. */
  refusedForm: LoadResult;
  refusedData: LoadResult;
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

/** Posts the sign-ins, SIGN_IN_CONCURRENCY at a time, and counts the statuses. */
async function signIns(appUrl: string, headers: Record<string, string>): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < SIGN_INS) {
      next++;
      const response = await fetch(`${appUrl}/admin/login`, {
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

/**
 * What a flood of refused sign-ins costs (docs/product.md §4, Sign-in limit): the home page under
 * load alone, while 400 sign-ins with random usernames come from one address, and while 400 more
 * come from it once it is over its limit; then the rate at which such an address is refused. Runs
 * last: the bench's address stays refused for LOGIN_WINDOW_MINUTES.
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
  const [homeDuringRefusals, refusalStatuses] = await Promise.all([runWrk(home, load), signIns(appUrl, headers)]);
  const body = signInBody("bench-refused");
  const refused = { connections: options.connections, seconds: options.seconds };
  const refusedForm = await runWrk({ url: `${appUrl}/admin/login`, method: "POST", headers, body }, refused);
  const refusedData = await runWrk({ url: `${appUrl}/admin/login.data`, method: "POST", headers, body }, refused);
  return {
    signIns: SIGN_INS,
    signInStatuses: signInStatuses.statuses,
    signInSeconds: signInStatuses.seconds,
    homeAlone,
    homeDuringSignIns,
    homeDuringRefusals,
    refusalStatuses,
    refusedForm,
    refusedData,
  };
}
