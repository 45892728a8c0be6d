import { randomBytes } from "node:crypto";

import { lt, sql } from "drizzle-orm";

import { db } from "~/db/client.server";
import { visitSalts, visitVisitors } from "~/db/schema";
import type { VisitDimension } from "~/lib/visits";

export interface CountRow {
  day: string;
  dimension: VisitDimension;
  value: string;
  views: number;
}

export interface VisitorRow {
  day: string;
  dimension: VisitDimension;
  value: string;
  /** The visitor hash as a decimal bigint (JSON has no 64-bit integers). */
  visitor: string;
}

/**
 * The salt of `day`, shared by every instance: the first to ask creates it, any other racing it
 * finds that one (the insert does nothing on the day's key).
 */
export async function daySalt(day: string): Promise<string> {
  return db().transaction(async (tx) => {
    await tx
      .insert(visitSalts)
      .values({ day, salt: randomBytes(32).toString("base64") })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ salt: visitSalts.salt })
      .from(visitSalts)
      .where(sql`${visitSalts.day} = ${day}`);
    return row.salt;
  });
}

/** Deletes the salts and visitor hashes of the days before `day`: no visit can be linked to them again. */
export async function forgetVisitorsBefore(day: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.delete(visitSalts).where(lt(visitSalts.day, day));
    await tx.delete(visitVisitors).where(lt(visitVisitors.day, day));
  });
}

/**
 * Adds one instance's views to the daily rows, and one visitor to each row for every hash it has
 * not seen that day; in one statement, so a failed flush adds nothing and can be sent again. Each
 * instance adds its own increments, so several add up. Hashes of a day whose salt is gone (another
 * instance has moved on to the next day) add no visitor: that day's hashes are deleted.
 */
export async function addVisits(counts: CountRow[], visitors: VisitorRow[]): Promise<void> {
  if (counts.length === 0 && visitors.length === 0) return;
  // Rows in key order: two instances upserting the same rows lock them in the same order.
  await db().execute(sql`
    with counted as (
      select * from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb)
        as c(day date, dimension text, value text, views integer)
    ),
    seen as (
      select h.day, h.dimension, h.value, h.visitor::bigint as visitor
      from jsonb_to_recordset(${JSON.stringify(visitors)}::jsonb)
        as h(day date, dimension text, value text, visitor text)
      where exists (select 1 from visit_salts s where s.day = h.day)
    ),
    fresh as (
      insert into visit_visitors (day, dimension, value, visitor)
      select day, dimension, value, visitor from seen order by day, dimension, value, visitor
      on conflict do nothing
      returning day, dimension, value
    ),
    new_visitors as (
      select day, dimension, value, count(*)::integer as visitors from fresh group by day, dimension, value
    )
    insert into visit_counts (day, dimension, value, views, visitors)
    select day, dimension, value, coalesce(counted.views, 0), coalesce(new_visitors.visitors, 0)
    from counted full join new_visitors using (day, dimension, value)
    order by day, dimension, value
    on conflict (day, dimension, value) do update
      set views = visit_counts.views + excluded.views, visitors = visit_counts.visitors + excluded.visitors`);
}
