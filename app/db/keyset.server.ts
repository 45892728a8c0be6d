import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";

import { PAGE_SIZE, type PageInfo, type PageRequest } from "~/lib/keyset";

// The SQL half of app/lib/keyset.ts. A list is ordered newest first by (at, id), which an index on
// exactly those columns (after any equality filter) serves without sorting.

export interface KeysetColumns {
  at: AnyColumn;
  id: AnyColumn;
}

/**
 * A row's cursor, formatted by Postgres: a JavaScript Date keeps milliseconds only, and a cursor
 * rounded to them would skip the rows written in the same millisecond.
 */
export function keysetCursor({ at, id }: KeysetColumns): SQL<string> {
  return sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${id}`;
}

/** What a list model fetches for one slice: its own filter AND `where`, in `orderBy`, `limit` rows. */
export interface KeysetSlice {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

export interface KeysetPage<Row> extends PageInfo {
  rows: Row[];
}

/**
 * One page of a newest-first list. `fetch` runs the model's query for a slice and selects
 * `keysetCursor(columns)` as `cursor`; rows come back newest first whatever the direction read.
 * Asking for one row more than the page tells whether the list goes on.
 */
export async function keysetPage<Row extends { cursor: string }>(
  request: PageRequest,
  columns: KeysetColumns,
  fetch: (slice: KeysetSlice) => Promise<Row[]>,
  size = PAGE_SIZE,
): Promise<KeysetPage<Row>> {
  const { at, id } = columns;
  const newestFirst = [desc(at), desc(id)];
  const oldestFirst = [asc(at), asc(id)];
  const limit = size + 1;

  switch (request.kind) {
    case "first": {
      const rows = await fetch({ where: undefined, orderBy: newestFirst, limit });
      return page(rows.slice(0, size), false, rows.length > size);
    }
    case "older": {
      const { cursor } = request;
      const rows = await fetch({
        where: sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`,
        orderBy: newestFirst,
        limit,
      });
      // Past the end (the rows were deleted since the link was made): the oldest page instead.
      if (rows.length === 0) return keysetPage({ kind: "last" }, columns, fetch, size);
      return page(rows.slice(0, size), true, rows.length > size);
    }
    case "newer": {
      const { cursor } = request;
      const rows = await fetch({
        where: sql`(${at}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})`,
        orderBy: oldestFirst,
        limit,
      });
      // Fewer than a page of newer rows: that is the first page, shown full as from the start.
      if (rows.length <= size) return keysetPage({ kind: "first" }, columns, fetch, size);
      return page(rows.slice(0, size).reverse(), true, true);
    }
    case "last": {
      const rows = await fetch({ where: undefined, orderBy: oldestFirst, limit });
      return page(rows.slice(0, size).reverse(), rows.length > size, false);
    }
  }
}

function page<Row extends { cursor: string }>(rows: Row[], hasNewer: boolean, hasOlder: boolean): KeysetPage<Row> {
  return {
    rows,
    newestCursor: rows[0]?.cursor ?? null,
    oldestCursor: rows.at(-1)?.cursor ?? null,
    hasNewer,
    hasOlder,
  };
}
