import { pageCacheGeneration, pageCacheTrusted } from "./cache.server";

// What every visitor's request needs but only an admin changes (the site settings, the chat's
// webhooks), read once per generation of the page cache: the generation changes with every write
// to those tables through any instance (app/services/page-cache/sync.server.ts), so a kept read is
// never older than the latest change this instance has heard of. Without a trusted cache (it is
// off, or out of touch with the other instances), read each time.

/** `read`, answered from the last read while nothing visitors get has changed. A failure is not kept. */
export function keptUntilChanged<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: { generation: number; value: Promise<T> } | undefined;
  return () => {
    if (!pageCacheTrusted()) return read();
    const generation = pageCacheGeneration();
    if (kept?.generation !== generation) {
      const entry = { generation, value: read() };
      kept = entry;
      entry.value.catch(() => {
        if (kept === entry) kept = undefined;
      });
    }
    return kept.value;
  };
}
