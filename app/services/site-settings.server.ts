import { getSiteSettings } from "~/models/site-settings.server";

import { keptUntilChanged } from "./page-cache/kept.server";

/**
 * The site settings as the chat and the outbox read them on every message (docs/performance.md):
 * read again only after an admin changed something visitors get.
 */
export const currentSiteSettings = keptUntilChanged(getSiteSettings);
