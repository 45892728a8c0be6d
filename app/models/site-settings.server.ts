import { eq } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "~/copy/site";
import { db, withReadRetry } from "~/db/client.server";
import { siteSettings, type SiteSettings } from "~/db/schema";

export type SiteSettingsInput = Omit<typeof siteSettings.$inferInsert, "id" | "updatedAt">;

/** What the site shows when the single settings row is missing (a database set up outside the app's seed). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  ...DEFAULT_SETTINGS,
  id: 1,
  chatWebhookUrl: null,
  updatedAt: new Date(0),
};

export async function getSiteSettings(): Promise<SiteSettings> {
  const [row] = await withReadRetry(() => db().select().from(siteSettings).where(eq(siteSettings.id, 1)));
  return row ?? DEFAULT_SITE_SETTINGS;
}

export async function saveSiteSettings(input: SiteSettingsInput): Promise<SiteSettings> {
  const [row] = await db()
    .insert(siteSettings)
    .values({ ...input, id: 1 })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...input, updatedAt: new Date() } })
    .returning();
  return row;
}

/** What public pages receive: everything but the internal chat webhook address. */
export type PublicSiteSettings = Omit<SiteSettings, "chatWebhookUrl" | "id" | "updatedAt">;

export function toPublicSiteSettings(settings: SiteSettings): PublicSiteSettings {
  const { chatWebhookUrl: _internal, id: _id, updatedAt: _updatedAt, ...publicSettings } = settings;
  return publicSettings;
}
