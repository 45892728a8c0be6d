import type { PGlite } from "@electric-sql/pglite";

import { log } from "~/lib/log.server";

// PGlite runs PostgreSQL as a single-user backend, which has no checkpointer and never starts a
// checkpoint by itself (XLogWrite asks for one only under a postmaster): the write-ahead log grows
// until close(), and a process killed after weeks would replay all of it at its next start
// (measured on a busy two-core machine: 40 MB of log, 41,000 inserts, made the open 2 s slower). A
// checkpoint every CHECKPOINT_EVERY_MS, PostgreSQL's own checkpoint_timeout, bounds both the log
// and the replay; one took about 30 ms after 1,000 inserts.

export const CHECKPOINT_EVERY_MS = 5 * 60 * 1000;

/** Starts the checkpoints; returns their stop, to call before closing the client. */
export function scheduleCheckpoints(client: Pick<PGlite, "exec">, everyMs = CHECKPOINT_EVERY_MS): () => void {
  const timer = setInterval(() => {
    client
      .exec("CHECKPOINT")
      .catch((error: unknown) => log.error("checkpoint of the embedded database failed", { error }));
  }, everyMs).unref();
  return () => clearInterval(timer);
}
