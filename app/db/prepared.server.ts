import { type Db, db } from "./client.server";

/**
 * A statement drizzle builds once per database (its SQL text and parameters, with named
 * placeholders for the values), then runs with each call's values: for a short statement run on
 * every post (the rate limits' count), building it cost more than the database took to run it
 * (docs/performance.md).
 */
export function preparedStatement<T>(build: (database: Db) => T): () => T {
  const statements = new WeakMap<Db, T>();
  return () => {
    const database = db();
    let statement = statements.get(database);
    if (!statement) {
      statement = build(database);
      statements.set(database, statement);
    }
    return statement;
  };
}
