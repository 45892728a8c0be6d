import { eq } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { siteSettings, type SiteSettings } from "~/db/schema";

export type SiteSettingsInput = Omit<typeof siteSettings.$inferInsert, "id" | "updatedAt">;

// Shown when the single settings row is missing (a database set up outside the app's seed).
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  id: 1,
  companyName: "Automation Services",
  workflowToolName: "n8n",
  homepageHeadline: "Automate Your Business with n8n",
  homepageSubtext: "We design, build and maintain workflow automations that save your team hours every week.",
  whatsappNumber: null,
  messengerLink: null,
  supportEmail: "hello@example.com",
  businessAddress: null,
  logoUrl: null,
  faviconUrl: null,
  primaryColor: null,
  secondaryColor: null,
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
