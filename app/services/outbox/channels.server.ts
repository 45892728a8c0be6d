import type { DeliveryChannel, OutboxEventType } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { readAirtableSync } from "~/models/integrations.server";

type Channel = Exclude<DeliveryChannel, "webhook">;

// Which of the site's own channels each event goes to, beside the event webhooks subscribed to it:
// email when SMTP is configured, Airtable when the integrations name a table.
const EMAIL: Partial<Record<OutboxEventType, Channel[]>> = {
  "order.created": ["staff_email", "client_email"],
  "contact.created": ["staff_email"],
  "chat.lead_captured": ["staff_email"],
  // The client's receipt, and staff's note of money in, money refused and a subscription ended.
  "payment.succeeded": ["staff_email", "client_email"],
  "payment.failed": ["staff_email"],
  "subscription.cancelled": ["staff_email"],
  "order.payment_requested": ["client_email"],
  // At most one per conversation per 10 minutes: the event is only written then (app/models/chat-handoff.server.ts).
  "chat.handoff_email": ["staff_email"],
};
const AIRTABLE: Partial<Record<OutboxEventType, Channel[]>> = {
  "order.created": ["airtable"],
  "order.status_changed": ["airtable"],
};

/** Whether SMTP_URL, MAIL_FROM and STAFF_EMAIL are set (the configuration allows all or none). */
export function emailEnabled(): boolean {
  return Boolean(getEnv().SMTP_URL);
}

/** The channels of each event type, as configured now: read once per outbox run. */
export async function channelsForEvents(): Promise<(type: OutboxEventType) => Channel[]> {
  const email = emailEnabled();
  const airtable = (await readAirtableSync()) !== null;
  return (type) => [...(email ? (EMAIL[type] ?? []) : []), ...(airtable ? (AIRTABLE[type] ?? []) : [])];
}
