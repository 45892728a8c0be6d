import { defaultPrivacyPolicy, defaultTerms, webhookIpStatement, type LegalFacts } from "~/lib/legal-texts";
import { getEnv } from "~/lib/env.server";
import type { SiteSettings } from "~/db/schema";
import { getSiteSettings } from "~/models/site-settings.server";

export type LegalPageKind = "privacy" | "terms";

export function legalFacts(settings: SiteSettings): LegalFacts {
  return {
    companyName: settings.companyName,
    supportEmail: settings.supportEmail,
    chatRetentionMonths: settings.chatRetentionMonths,
    contactRetentionMonths: settings.contactRetentionMonths,
    uploadsRetentionDays: getEnv().UPLOADS_RETENTION_DAYS,
    webhookIpMode: settings.webhookIpMode,
  };
}

/** The markdown of a legal page: the admin's text, or the template filled in from the settings. */
export function legalMarkdown(kind: LegalPageKind, settings: SiteSettings): string {
  const facts = legalFacts(settings);
  if (kind === "privacy") return settings.privacyPolicy ?? defaultPrivacyPolicy(facts);
  return settings.terms ?? defaultTerms(facts);
}

/**
 * What a legal page shows. The privacy page always ends with what the chat's webhooks receive of
 * the visitor's address, as the setting is now: an edited policy cannot go stale on it.
 */
export async function legalPage(kind: LegalPageKind) {
  const settings = await getSiteSettings();
  return {
    markdown: legalMarkdown(kind, settings),
    ipStatement: kind === "privacy" ? webhookIpStatement(settings.webhookIpMode) : null,
  };
}
