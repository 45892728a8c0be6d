import { asc, type Column, getTableColumns, sql, type Table } from "drizzle-orm";

/** Some of a table's columns, for a select that reads only what a page shows. */
export function pickColumns<T extends Table, K extends keyof T["_"]["columns"] & string>(
  table: T,
  names: readonly K[],
): Pick<T["_"]["columns"], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T["_"]["columns"], K>;
}

/** The order staff set by position, then newest first; the id settles ties. */
export function positionOrder(table: { position: Column; createdAt: Column; id: Column }) {
  return [asc(table.position), sql`${table.createdAt} desc`, asc(table.id)];
}
