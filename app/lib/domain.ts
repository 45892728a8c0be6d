// The data model's value sets. The schema builds its enums from them; code on both sides of the
// network uses them without reaching into the database layer.

export const ORDER_STATUSES = ["pending", "paid", "cancelled"] as const;
export const WEBHOOK_METHODS = ["POST", "PUT", "PATCH"] as const;
export const ADMIN_ROLES = ["admin", "super_admin"] as const;
export const CHAT_MEDIA_TYPES = ["image", "voice"] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];
export type AdminRole = (typeof ADMIN_ROLES)[number];
export type ChatMediaType = (typeof CHAT_MEDIA_TYPES)[number];

/**
 * What a chat webhook is sent: "website", the spec's payload; "n8n-chat-trigger",
 * what n8n's own chat widget sends a Chat Trigger.
 */
export const WEBHOOK_PAYLOAD_FORMATS = ["website", "n8n-chat-trigger"] as const;
export type WebhookPayloadFormat = (typeof WEBHOOK_PAYLOAD_FORMATS)[number];

/** What the chat webhooks learn of the visitor's address: nothing, its network, or all of it. */
export const WEBHOOK_IP_MODES = ["none", "truncated", "full"] as const;
export type WebhookIpMode = (typeof WEBHOOK_IP_MODES)[number];

/** The business events an event webhook can subscribe to. */
export const EVENT_TYPES = [
  "order.created",
  "order.status_changed",
  "contact.created",
  "chat.conversation_started",
  "chat.lead_captured",
  "payment.succeeded",
  "payment.failed",
  "subscription.cancelled",
  "chat.handoff_requested",
  "chat.staff_replied",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** What an event webhook's "Send test event" sends it, whatever it subscribes to. */
export const TEST_EVENT_TYPE = "webhook.test";
/** Events for the site's own email only: no event webhook can subscribe to them. */
export const EMAIL_ONLY_EVENT_TYPES = [
  "order.payment_requested",
  // The staff email of a handover: at most one per conversation per 10 minutes (chat_sessions.staff_notified_at).
  "chat.handoff_email",
] as const;
export type OutboxEventType = EventType | typeof TEST_EVENT_TYPE | (typeof EMAIL_ONLY_EVENT_TYPES)[number];

/** Where an event goes: an event webhook, an email to staff or to the client, the Airtable table. */
export const DELIVERY_CHANNELS = ["webhook", "staff_email", "client_email", "airtable"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** pending: to be attempted; failed: every attempt failed (or 410 Gone); cancelled: its endpoint was switched off. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "cancelled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface HeroStat {
  value: string;
  label: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** Who took a payment: a provider's checkout, or staff recording one by hand. */
export const PAYMENT_PROVIDERS = ["stripe", "paypal", "bank_transfer", "cash", "other"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** setup: the order's first payment (its setup fee, with the first month if monthly); monthly: a renewal. */
export const PAYMENT_KINDS = ["setup", "monthly"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_STATUSES = ["succeeded", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** An order's monthly subscription with a provider, once one was started. */
export const SUBSCRIPTION_STATES = ["active", "past_due", "cancelled"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
/** When the client is asked to pay: as soon as the order is placed, or once staff request it. */
export const PAYMENT_TIMINGS = ["after_order", "after_confirm"] as const;
export type PaymentTiming = (typeof PAYMENT_TIMINGS)[number];
/** The providers staff record by hand ("Mark as paid"); the others come from a checkout. */
export const MANUAL_PAYMENT_PROVIDERS = [
  "bank_transfer",
  "cash",
  "other",
] as const satisfies readonly PaymentProvider[];
export type ManualPaymentProvider = (typeof MANUAL_PAYMENT_PROVIDERS)[number];

// ---- Live chat with a person ----
/** Who handed a conversation to staff: the visitor's button, the webhook's `"handoff": true`, or a staff reply. */
export const HANDOFF_BY = ["visitor", "assistant", "staff"] as const;
export type HandoffBy = (typeof HANDOFF_BY)[number];
/** One weekday's live-chat hours, "HH:MM" in the site's time zone; closes after opens. */
export interface LiveChatDay {
  opens: string;
  closes: string;
}
/** Monday first; null: no live chat that day. */
export type LiveChatHours = (LiveChatDay | null)[];
