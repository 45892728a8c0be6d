import { getEnv } from "~/lib/env.server";

/** A rendered public page (or its data request), ready to send in each encoding. */
export interface CachedPage {
  etag: string;
  /** The headers of each encoding's answer, Content-Length included: built once, sent as they are. */
  variants: Record<Encoding, { headers: Record<string, string | number>; body: Buffer }>;
  /** What a 304 carries. */
  notModifiedHeaders: Record<string, string>;
  bytes: number;
  /** When the page stops being true without any write (milliseconds since the epoch; Infinity: never). */
  expiresAt: number;
}

export type Encoding = "br" | "gzip" | "identity";

// Distinct query strings (/services?q=...) each make an entry: both bounds stop them from
// growing memory. A Map keeps insertion order, which is all a least-recently-used list needs;
// a library would bring options and dependencies this does not use.
const MAX_ENTRIES = 1000;

let pages = new Map<string, CachedPage>();
// Pages being rendered for the cache: a burst of visitors to a page not yet cached waits for
// the first one's render instead of rendering it fifty times.
const rendering = new Map<string, Promise<void>>();
let storedBytes = 0;
let generation = 0;
let inSync = true;

export function pageCacheEnabled(): boolean {
  const env = getEnv();
  return env.NODE_ENV === "production" && env.PAGE_CACHE_MB > 0;
}

/** Changes with every invalidation: a page rendered across one must not be stored. */
export function pageCacheGeneration(): number {
  return generation;
}

/**
 * Whether what this instance keeps of what visitors see may be trusted: caching is on, and the
 * cross-instance sync is in touch, so another instance's change would be heard.
 */
export function pageCacheTrusted(): boolean {
  return pageCacheEnabled() && inSync;
}

/** Forgets every page: what visitors see has changed (or may have, and we cannot tell). */
export function invalidatePages(): void {
  generation++;
  pages = new Map();
  storedBytes = 0;
}

/**
 * While the cross-instance sync cannot reach the database (app/services/page-cache/sync.server.ts),
 * another instance's change could go unnoticed: the cache stores no new page then, and forgets
 * every page once it is back in touch. Meanwhile it still answers with the pages it holds: the
 * database is then most likely out of this instance's reach for rendering too, and the page as it
 * was a moment ago beats an error page (a database outage).
 */
export function setPageCacheInSync(value: boolean): void {
  if (value && !inSync) invalidatePages();
  inSync = value;
}

export function cachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const page = pages.get(key);
  if (!page) return undefined;
  pages.delete(key);
  if (page.expiresAt <= now) {
    storedBytes -= page.bytes;
    return undefined;
  }
  pages.set(key, page);
  return page;
}

export function storePage(key: string, renderedInGeneration: number, page: CachedPage): void {
  const maxBytes = getEnv().PAGE_CACHE_MB * 1024 * 1024;
  if (!inSync || renderedInGeneration !== generation || page.bytes > maxBytes) return;
  const previous = pages.get(key);
  if (previous) {
    pages.delete(key);
    storedBytes -= previous.bytes;
  }
  pages.set(key, page);
  storedBytes += page.bytes;
  for (const [oldestKey, oldest] of pages) {
    if (pages.size <= MAX_ENTRIES && storedBytes <= maxBytes) break;
    pages.delete(oldestKey);
    storedBytes -= oldest.bytes;
  }
}

/** Marks a page as being rendered for the cache; call the returned function once it is stored (or not). */
export function startRendering(key: string): () => void {
  let done = () => {};
  const settled = new Promise<void>((resolve) => (done = resolve));
  rendering.set(key, settled);
  return () => {
    if (rendering.get(key) === settled) rendering.delete(key);
    done();
  };
}

/** Settles when the render of this page under way (if any) has been stored or given up. */
export function pageBeingRendered(key: string): Promise<void> | undefined {
  return rendering.get(key);
}
