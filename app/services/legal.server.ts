import type { SiteSettings } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { defaultPrivacyPolicy, defaultTerms, type LegalFacts, webhookIpStatement } from "~/lib/legal-texts";
import { listEventWebhooks } from "~/models/event-webhooks.server";
import { readAirtableSync } from "~/models/integrations.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { listActiveWebhooks } from "~/models/webhooks.server";
import { emailEnabled } from "~/services/outbox/channels.server";

export type LegalPageKind = "privacy" | "terms";

/** A URL's host, or null: the page names hosts only, never a path that may carry a token. */
function hostOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).host : null;
}

const unique = (items: string[]) => [...new Set(items)];

/**
 * The facts the templates state, read now: the settings, and every place the configuration sends
 * a visitor's data (the chat and event webhooks, email, Airtable, Supabase Storage).
 */
export async function legalFacts(settings: SiteSettings): Promise<LegalFacts> {
  const [chatWebhooks, eventWebhooks, airtable] = await Promise.all([
    listActiveWebhooks(),
    listEventWebhooks(),
    // A key the server cannot open still names a table the orders are meant for.
    readAirtableSync().then(Boolean, () => true),
  ]);
  const env = getEnv();
  return {
    companyName: settings.companyName,
    supportEmail: settings.supportEmail,
    businessAddress: settings.businessAddress,
    chatRetentionMonths: settings.chatRetentionMonths,
    contactRetentionMonths: settings.contactRetentionMonths,
    uploadsRetentionDays: env.UPLOADS_RETENTION_DAYS,
    webhookIpMode: settings.webhookIpMode,
    chatHosts: unique(
      [...chatWebhooks.map(({ url }) => url), settings.chatWebhookUrl ?? ""]
        .map(hostOf)
        .filter((host) => host !== null),
    ),
    eventReceivers: eventWebhooks
      .filter(({ isActive, events }) => isActive && events.length > 0)
      .flatMap(({ url, events }) => {
        const host = hostOf(url);
        return host ? [{ host, events }] : [];
      }),
    email: emailEnabled(),
    airtable,
    supabaseStorage: Boolean(env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY),
    countVisits: settings.countVisits,
  };
}

/** The markdown of a legal page: the admin's text, or the template filled in from the settings. */
export async function legalMarkdown(kind: LegalPageKind, settings: SiteSettings): Promise<string> {
  if (kind === "privacy") return settings.privacyPolicy ?? defaultPrivacyPolicy(await legalFacts(settings));
  return settings.terms ?? defaultTerms(settings);
}

/**
 * What a legal page shows. The privacy page always ends with what the chat's webhooks receive of
 * the visitor's address, as the setting is now: an edited policy cannot go stale on it.
 */
export async function legalPage(kind: LegalPageKind) {
  const settings = await getSiteSettings();
  return {
    markdown: await legalMarkdown(kind, settings),
    ipStatement: kind === "privacy" ? webhookIpStatement(settings.webhookIpMode) : null,
  };
}
