import type { SiteSettings } from "~/db/schema";
import { getSiteSettings } from "~/models/site-settings.server";
import { pageCacheGeneration, pageCacheTrusted } from "./page-cache/cache.server";

// The site settings as the chat reads them on every message (issue #11's chat overhead): read
// once per generation of the page cache, which changes with every admin write on any instance
// (app/services/page-cache/sync.server.ts). Without a trusted cache, read each time.

let kept: { generation: number; settings: Promise<SiteSettings> } | undefined;

export function currentSiteSettings(): Promise<SiteSettings> {
  if (!pageCacheTrusted()) return getSiteSettings();
  const generation = pageCacheGeneration();
  if (kept?.generation !== generation) {
    const settings = getSiteSettings();
    const entry = { generation, settings };
    kept = entry;
    // A failed read is not kept: the next message tries again.
    settings.catch(() => {
      if (kept === entry) kept = undefined;
    });
  }
  return kept.settings;
}
