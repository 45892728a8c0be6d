import { log } from "~/lib/log.server";
import { listenForPublicContentChanges, readPublicContentVersion } from "~/models/public-content.server";

import { invalidatePages, pageCacheEnabled, setPageCacheInSync } from "./cache.server";

// Several instances on one Postgres: a write through any of them (or straight to the database)
// reaches the others by NOTIFY within milliseconds. The version row, read this often, is the net
// under it: a notification sent while the listening connection was down is otherwise lost, and
// a transaction-mode pooler cannot LISTEN at all.
const POLL_MS = 500;

let lastVersion: number | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
let unlisten: (() => Promise<void>) | undefined;
// postgres-js remakes a subscription whose connection dropped, but gives up silently when the
// database is still unreachable at that moment: after any failure we subscribe afresh.
let subscribed = false;

/**
 * A notification: note the version the write left, then forget the pages (in this order, so a page
 * rendered before any write up to that version is gone), so the next poll does not take the same
 * change for a missed one and forget the pages rendered since.
 */
function onNotified(): void {
  readPublicContentVersion().then(
    (version) => {
      lastVersion = version;
      invalidatePages();
    },
    () => invalidatePages(),
  );
}

async function subscribe(): Promise<void> {
  const previous = unlisten;
  unlisten = undefined;
  await previous?.().catch(() => {});
  // A (re)made subscription may have missed notifications: start over.
  unlisten = await listenForPublicContentChanges(onNotified, invalidatePages);
  subscribed = true;
}

async function poll(): Promise<void> {
  try {
    const version = await readPublicContentVersion();
    if (lastVersion !== undefined && version !== lastVersion) invalidatePages();
    lastVersion = version;
    if (!subscribed) await subscribe();
    setPageCacheInSync(true);
  } catch (error) {
    // Until we listen again, only this poll would notice other instances' writes: no new pages.
    if (subscribed) log.warn("page cache: lost touch with the database; storing no new pages", { error });
    subscribed = false;
    setPageCacheInSync(false);
  }
}

/** Start-up: follow other instances' writes. Without a cache there is nothing to keep in step. */
export async function startPageCacheSync(): Promise<void> {
  if (!pageCacheEnabled() || timer) return;
  setPageCacheInSync(false);
  await poll();
  timer = setInterval(() => void poll(), POLL_MS);
  timer.unref();
}

export async function stopPageCacheSync(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  lastVersion = undefined;
  subscribed = false;
  const current = unlisten;
  unlisten = undefined;
  await current?.().catch(() => {});
}
