import { log } from "~/lib/log.server";
import { FLUSH_INTERVAL_MS, type PageView } from "~/lib/visits";
import { siteTimeZone } from "~/models/site-settings.server";
import * as visitsModel from "~/models/visits.server";
import { currentSiteSettings } from "~/services/site-settings.server";

import { VisitCounter } from "./counter.server";

// This instance's visit counting: page views are counted in memory (server/visits.ts) and added to
// the database every FLUSH_INTERVAL_MS and at shutdown. Settings → "Count visits" turns it off.

let counter: VisitCounter | undefined;
let timer: NodeJS.Timeout | undefined;

/** Whether page views are being counted: started, and the setting is on (as last read). */
export function countingVisits(): boolean {
  return counter !== undefined;
}

export function countPageView(view: PageView, ip: string, userAgent: string): void {
  counter?.record(view, ip, userAgent);
}

// Views whose session cookie is being checked: stopping waits for them, or they would be lost.
const checking = new Set<Promise<void>>();

/** Counts the view unless `isAdmin` (a check of its session cookie, which takes a moment) says no. */
export function countPageViewUnlessAdmin(isAdmin: Promise<boolean>, view: PageView, ip: string, userAgent: string) {
  const check = isAdmin.then(
    (admin) => (admin ? undefined : countPageView(view, ip, userAgent)),
    () => undefined,
  );
  checking.add(check);
  void check.then(() => checking.delete(check));
}

/** Reads the setting and time zone again, then writes what was counted (or drops it: turned off). */
async function flush(): Promise<void> {
  const settings = await currentSiteSettings();
  if (!settings.countVisits) {
    counter?.discard();
    counter = undefined;
    return;
  }
  counter ??= new VisitCounter(visitsModel, siteTimeZone(settings));
  counter.timeZone = siteTimeZone(settings);
  await counter.flush();
  await counter.prepareSalt();
}

async function flushLogged(): Promise<void> {
  try {
    await flush();
  } catch (error) {
    log.error("writing visit counts failed", { error });
  }
}

export async function startVisitCounting(): Promise<void> {
  await flushLogged();
  timer = setInterval(() => void flushLogged(), FLUSH_INTERVAL_MS);
  timer.unref();
}

/** Stops the timer and writes what is left (before the database closes). */
export async function stopVisitCounting(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await Promise.all(checking);
  await flushLogged();
  counter = undefined;
}
