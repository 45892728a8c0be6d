import { type SQL, sql } from "drizzle-orm";

/**
 * `expression` (already lower-cased, as the trigram indexes in app/db/schema.ts are built on) contains
 * `text`, ignoring case. LIKE reads `\`, `%` and `_` as its own syntax; escaped here, what a person
 * typed matches literally.
 */
export function containsText(expression: SQL, text: string): SQL {
  const literal = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${expression} like '%' || lower(${literal}) || '%'`;
}
