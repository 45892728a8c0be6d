import { inArray } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { counters } from "~/db/schema";

// Totals kept exact by triggers in the same transaction as each write
// (supabase/migrations/20261123143236_admin_scale.sql): one primary-key read instead of a count
// over every row.
export const COUNTER_NAMES = [
  "orders",
  "orders_pending",
  "orders_paid",
  "orders_cancelled",
  "orders_revenue_paid",
  "contact_messages",
  "contact_messages_unread",
  "chat_sessions",
  "chat_messages",
] as const;

export type CounterName = (typeof COUNTER_NAMES)[number];

/** The named totals; a counter no write has touched yet is 0. */
export async function readCounters<Name extends CounterName>(names: readonly Name[]): Promise<Record<Name, number>> {
  const rows = await withReadRetry(() =>
    db()
      .select()
      .from(counters)
      .where(inArray(counters.name, [...names])),
  );
  const values = Object.fromEntries(names.map((name) => [name, 0])) as Record<Name, number>;
  for (const row of rows) values[row.name as Name] = Number(row.value);
  return values;
}
