import { LEGAL_TEMPLATE_TEXTS as TEXTS } from "~/copy/legal";
import { VISITS_PRIVACY_TEXT } from "~/copy/visits";

import type { EventType, WebhookIpMode } from "./domain";

// The privacy policy and terms until the admin writes their own: markdown (app/copy/legal.ts)
// naming what the site really stores, where it sends it and for how long, filled in from the
// current settings and configuration so it stays true when they change.

/** A service the site's configuration sends visitors' data to: named by its host. */
export interface EventReceiver {
  host: string;
  events: readonly EventType[];
}

export interface LegalFacts {
  companyName: string;
  supportEmail: string;
  businessAddress: string | null;
  chatRetentionMonths: number;
  contactRetentionMonths: number;
  uploadsRetentionDays: number;
  webhookIpMode: WebhookIpMode;
  /** Hosts of the chat webhooks that write the assistant's replies. */
  chatHosts: readonly string[];
  /** The active event webhooks. */
  eventReceivers: readonly EventReceiver[];
  /** SMTP_URL is set: staff are emailed new orders and messages, clients their confirmation. */
  email: boolean;
  /** The integrations name an Airtable table: orders are copied to it. */
  airtable: boolean;
  /** Chat files are kept in Supabase Storage rather than on the site's own server. */
  supabaseStorage: boolean;
  /** Settings → "Count visits" is on: the policy says what is counted. */
  countVisits: boolean;
}

/** One sentence on what the chat's webhooks learn of the visitor's address; the privacy page always shows it. */
export function webhookIpStatement(mode: WebhookIpMode): string {
  return TEXTS.webhookIp[mode];
}

/** What each business event hands a webhook of the visitor's data: one text for every event type. */
const EVENT_DATA: Record<EventType, string> = TEXTS.eventData;

const hostList = (hosts: readonly string[]) => hosts.map((host) => `\`${host}\``).join(", ");

function recipients(facts: LegalFacts): string[] {
  const lines = [
    facts.chatHosts.length > 0 ? TEXTS.recipients.chatHosts(hostList(facts.chatHosts)) : TEXTS.recipients.noChatService,
    TEXTS.recipients.payments,
  ];
  for (const receiver of facts.eventReceivers) {
    const what = receiver.events.map((event) => EVENT_DATA[event]);
    lines.push(TEXTS.recipients.eventReceiver(receiver.host, what.join("; ")));
  }
  if (facts.email) lines.push(TEXTS.recipients.email);
  if (facts.airtable) lines.push(TEXTS.recipients.airtable);
  if (facts.supabaseStorage) lines.push(TEXTS.recipients.supabaseStorage);
  return lines;
}

export function defaultPrivacyPolicy(facts: LegalFacts): string {
  return TEXTS.privacyPolicy({
    companyName: facts.companyName,
    contactRetention: TEXTS.months(facts.contactRetentionMonths),
    chatRetention: TEXTS.months(facts.chatRetentionMonths),
    uploadsRetention: TEXTS.days(facts.uploadsRetentionDays),
    recipients: recipients(facts).join("\n"),
    supportEmail: facts.supportEmail,
    visits: facts.countVisits ? `\n${VISITS_PRIVACY_TEXT}` : "",
  });
}

export function defaultTerms(facts: Pick<LegalFacts, "companyName" | "supportEmail" | "businessAddress">): string {
  const who = facts.businessAddress ? `${facts.companyName}, ${facts.businessAddress}` : facts.companyName;
  return TEXTS.terms({ who, companyName: facts.companyName, supportEmail: facts.supportEmail });
}
