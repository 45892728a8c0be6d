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

/** What the chat webhooks learn of the visitor's address (issue #15): nothing, its network, or all of it. */
/**
 * What a chat webhook is sent (issue #16): "website", the spec's payload; "n8n-chat-trigger",
 * what n8n's own chat widget sends a Chat Trigger.
 */
export const WEBHOOK_PAYLOAD_FORMATS = ["website", "n8n-chat-trigger"] as const;
export type WebhookPayloadFormat = (typeof WEBHOOK_PAYLOAD_FORMATS)[number];

export const WEBHOOK_IP_MODES = ["none", "truncated", "full"] as const;
export type WebhookIpMode = (typeof WEBHOOK_IP_MODES)[number];

export interface HeroStat {
  value: string;
  label: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}
