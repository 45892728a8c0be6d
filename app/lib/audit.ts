// The kinds of change the audit log records (app/models/audit-log.server.ts), and what they say.

export const AUDIT_ACTIONS = [
  "settings.updated",
  "founder.updated",
  "integrations.updated",
  "order.status_changed",
  "order.marked_paid",
  "order.quote_changed",
  "order.payment_requested",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.moved",
  "event_webhook.created",
  "event_webhook.updated",
  "event_webhook.deleted",
  "event_webhook.secret_rotated",
  "content.updated",
  "legal.updated",
  "admin.created",
  "admin.updated",
  "admin.deleted",
  "admin.password_changed",
  "personal_data.erased",
  "chat.staff_replied",
  "chat.handed_back",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The names of the fields whose value differs between `before` and `after`, over `after`'s keys.
 * Only names: an entry never holds a value, so a secret changed is recorded as changed, no more.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.keys(after).filter((key) => after[key] !== undefined && !same(before?.[key], after[key]));
}
