import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// This module and PGlite with it are loaded only where a PGlite is opened (the embedded database's
// thread, the backup command, the build's template): a site on PostgreSQL never has PGlite in its
// memory (docs/performance.md, "Memory").

// PostgreSQL's defaults size a server for a machine of its own: 128 MB of shared buffers alone,
// all inside PGlite's WebAssembly memory, which never shrinks once touched. This site's data is
// a few MB, so small buffers hold all of it.
const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
};

/**
 * How every PGlite of the app starts: PGlite's own start parameters plus ours (PGLITE_SETTINGS),
 * and the extensions the migrations create (pg_trgm for the admin's search).
 */
function pgliteOptions(): PGliteOptions {
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
    ],
    extensions: { pg_trgm },
  };
}

/** A PGlite started as every PGlite of the app is (pgliteOptions), with `options` added. */
export function createPglite(options: PGliteOptions): Promise<PGlite> {
  return PGlite.create({ ...pgliteOptions(), ...options });
}
