import { log } from "~/lib/log.server";

// PGlite's single-user backend has no autovacuum launcher either (pglite-checkpoints.server.ts):
// its tables were never analyzed, so the planner guessed at every query (an admin search at
// 100,000 contact messages took 214 ms instead of 9 ms), and never vacuumed. This does what
// autovacuum would, on its own thresholds (PostgreSQL's defaults), once a minute, its naptime, and
// analyzes a table never analyzed yet.

export const AUTOVACUUM_EVERY_MS = 60 * 1000;

// autovacuum_vacuum_threshold/_scale_factor, _vacuum_insert_threshold/_scale_factor and
// _analyze_threshold/_scale_factor against the table's activity, which PGlite counts from its
// start (its statistics of activity are not kept across a restart), scaled by the table's size as
// the last VACUUM or ANALYZE measured it (reltuples, kept in the catalog; -1 until the first).
const DUE_TABLES = `
  select format('%I.%I', s.schemaname, s.relname) as "table",
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as "vacuum"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where c.reltuples < 0
    or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
    or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
    or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.relname`;

interface Client {
  query<Row>(sql: string): Promise<{ rows: Row[] }>;
  exec(sql: string): Promise<unknown>;
}

/** Vacuums and analyzes, one at a time, the tables autovacuum would; answers which. */
export async function autovacuumOnce(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ table: string; vacuum: boolean }>(DUE_TABLES);
  for (const { table, vacuum } of rows) await client.exec(`${vacuum ? "VACUUM (ANALYZE)" : "ANALYZE"} ${table}`);
  return rows.map((row) => row.table);
}

/** Starts the runs; returns their stop, to call before closing the client. */
export function scheduleAutovacuum(client: Client, everyMs = AUTOVACUUM_EVERY_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    autovacuumOnce(client)
      .catch((error: unknown) => log.error("vacuum of the embedded database failed", { error }))
      .finally(() => (running = false));
  }, everyMs).unref();
  return () => clearInterval(timer);
}
