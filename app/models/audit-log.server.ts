import { and, desc, eq, inArray, sql } from "drizzle-orm";

import { type Db, db, withReadRetry } from "~/db/client.server";
import { keysetCursor, type KeysetPage, keysetPage } from "~/db/keyset.server";
import { type AuditEntry, auditLog, orders } from "~/db/schema";
import { type AuditAction, changedFields } from "~/lib/audit";
import { type PageRequest } from "~/lib/keyset";
import { log } from "~/lib/log.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const keysetColumns = { at: auditLog.createdAt, id: auditLog.id };

export interface AuditEntryInput {
  actor: { id: string; username: string };
  action: AuditAction;
  target?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes an entry with `database`, a transaction when the entry must stand or fall with the change
 * (an erasure of personal data is recorded, or not made).
 */
// The entries about one order, whose target names its client.
const ORDER_ACTIONS: AuditAction[] = [
  "order.status_changed",
  "order.marked_paid",
  "order.quote_changed",
  "order.payment_requested",
];

/**
 * Replaces the client's name in the entries of these orders' status changes ("Ada Lovelace (Lead
 * capture)"), for an erasure of personal data: the entries stay, without the person.
 */
export async function eraseOrderClientsFromAudit(database: Tx, orderIds: string[], erased: string): Promise<void> {
  if (orderIds.length === 0) return;
  await database
    .update(auditLog)
    .set({ target: sql`${erased} || ' (' || ${orders.serviceName} || ')'` })
    .from(orders)
    .where(
      and(
        inArray(auditLog.action, ORDER_ACTIONS),
        eq(sql`${auditLog.details} ->> 'orderId'`, sql`${orders.id}::text`),
        inArray(orders.id, orderIds),
      ),
    );
}

export async function writeAuditEntry(database: Db | Tx, entry: AuditEntryInput) {
  await database.insert(auditLog).values({
    actorId: entry.actor.id,
    actorUsername: entry.actor.username,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
  });
}

/**
 * Records a change an admin made. The change has been made already: an entry that cannot be
 * written is logged, and the admin's request still succeeds.
 */
export async function recordAudit(entry: AuditEntryInput): Promise<void> {
  try {
    await writeAuditEntry(db(), entry);
  } catch (error) {
    log.error("audit log: an entry could not be written", { action: entry.action, error });
  }
}

/** An update's entry: it names the fields whose value changed, never a value. */
export function recordUpdate(
  entry: Omit<AuditEntryInput, "details">,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  return recordAudit({ ...entry, details: { fields: changedFields(before, after) } });
}

export function listAuditPage(request: PageRequest): Promise<KeysetPage<AuditEntry & { cursor: string }>> {
  return keysetPage(request, keysetColumns, ({ where, orderBy, limit }) =>
    withReadRetry(() =>
      db()
        .select({ ...auditColumns, cursor: keysetCursor(keysetColumns) })
        .from(auditLog)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    ),
  );
}

export function listLatestAudit(limit: number): Promise<AuditEntry[]> {
  return withReadRetry(() =>
    db().select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit),
  );
}

const auditColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorUsername: auditLog.actorUsername,
  action: auditLog.action,
  target: auditLog.target,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
};
