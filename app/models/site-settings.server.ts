import { eq } from "drizzle-orm";

import { DEFAULT_SETTINGS, faqItems, ORDER, ORDER_PAY_AFTER_CONFIRM, ORDER_PAY_AT_ONCE } from "~/copy/site";
import { db, withReadRetry } from "~/db/client.server";
import { type SiteSettings, siteSettings } from "~/db/schema";
import type { FaqItem, PaymentTiming } from "~/lib/domain";
import { serverTimeZone } from "~/lib/zoned-day";

export type SiteSettingsInput = Omit<typeof siteSettings.$inferInsert, "id" | "updatedAt">;

/** What the site shows when the single settings row is missing (a database set up outside the app's seed). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  ...DEFAULT_SETTINGS,
  id: 1,
  chatWebhookUrl: null,
  faq: null,
  nextSteps: null,
  privacyPolicy: null,
  terms: null,
  chatRetentionMonths: 12,
  contactRetentionMonths: 12,
  webhookIpMode: "none",
  timeZone: null,
  monthlySummaryEmail: false,
  chatConversationHours: 24,
  chatReplyDeadlineSeconds: 20,
  updatedAt: new Date(0),
  countVisits: true,
  chatLiveHours: null,
  chatPresenceRequired: false,
  chatHandBackMinutes: 30,
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

// Left out of what every public page receives: internal (the chat webhook address, the privacy
// settings) or long texts only one page shows, which that page's loader reads itself.
type PageOnlySettings =
  | "chatWebhookUrl"
  | "id"
  | "updatedAt"
  | "faq"
  | "nextSteps"
  | "privacyPolicy"
  | "terms"
  | "chatRetentionMonths"
  | "contactRetentionMonths"
  | "webhookIpMode"
  | "timeZone"
  | "monthlySummaryEmail"
  | "chatConversationHours"
  | "chatReplyDeadlineSeconds"
  | "countVisits"
  | "chatLiveHours"
  | "chatPresenceRequired"
  | "chatHandBackMinutes";

/** What every public page receives. */
export type PublicSiteSettings = Omit<SiteSettings, PageOnlySettings>;

export function toPublicSiteSettings(settings: SiteSettings): PublicSiteSettings {
  const {
    chatWebhookUrl: _internal,
    id: _id,
    updatedAt: _updatedAt,
    faq: _faq,
    nextSteps: _nextSteps,
    privacyPolicy: _privacyPolicy,
    terms: _terms,
    chatRetentionMonths: _chatRetentionMonths,
    contactRetentionMonths: _contactRetentionMonths,
    webhookIpMode: _webhookIpMode,
    timeZone: _timeZone,
    chatConversationHours: _chatConversationHours,
    chatReplyDeadlineSeconds: _chatReplyDeadlineSeconds,
    countVisits: _countVisits,
    chatLiveHours: _chatLiveHours,
    chatPresenceRequired: _chatPresenceRequired,
    chatHandBackMinutes: _chatHandBackMinutes,
    ...publicSettings
  } = settings;
  return publicSettings;
}

/** Saves some of the settings, leaving the rest as they are (the admin's copy and privacy screens). */
export async function updateSiteSettings(input: Partial<SiteSettingsInput>): Promise<SiteSettings> {
  const current = await getSiteSettings();
  const { id: _id, updatedAt: _updatedAt, ...values } = { ...current, ...input };
  return saveSiteSettings(values);
}

/** The FAQ the Services page shows: the admin's, or the spec's until they edit it. */
export function siteFaq(settings: Pick<SiteSettings, "faq" | "workflowToolName">): FaqItem[] {
  return settings.faq ?? faqItems(settings.workflowToolName);
}

/**
 * The order page's "What happens next?" steps: the admin's, or the spec's until they edit them;
 * with online payment (`onlinePayment`: when it is asked for), the steps say when the client pays.
 */
export function siteNextSteps(
  settings: Pick<SiteSettings, "nextSteps">,
  onlinePayment: PaymentTiming | null = null,
): string[] {
  if (settings.nextSteps) return settings.nextSteps;
  if (onlinePayment === "after_order") return [...ORDER_PAY_AT_ONCE.nextSteps];
  if (onlinePayment === "after_confirm") return [...ORDER_PAY_AFTER_CONFIRM.nextSteps];
  return [...ORDER.nextSteps];
}

/** The order page's intro: "nothing to pay now" unless a new order can be paid at once. */
export function orderIntro(onlinePayment: PaymentTiming | null): string {
  return onlinePayment === "after_order" ? ORDER_PAY_AT_ONCE.intro : ORDER.intro;
}

/** The site's time zone (the admin's Chats list, the footer's year): the setting, or the server's own. */
export function siteTimeZone(settings: Pick<SiteSettings, "timeZone">): string {
  return settings.timeZone ?? serverTimeZone();
}
