import { readFileSync } from "node:fs";
import path from "node:path";

// What PostgreSQL's control file (pgdata/global/pg_control) says of the cluster: "shut down" after
// a clean close, "in production" while open or after the process was killed. The state is the
// DBState enum, a 32-bit integer after the 8-byte system identifier and two 32-bit versions; its
// place has not moved since PostgreSQL 9 (src/include/catalog/pg_control.h). PGlite writes the
// file as WebAssembly does, little-endian.

const STATE_OFFSET = 16;
const STATES = [
  "starting up",
  "shut down",
  "shut down in recovery",
  "shutting down",
  "in crash recovery",
  "in archive recovery",
  "in production",
] as const;

export type ClusterState = (typeof STATES)[number];

/** The cluster's state, or undefined when the directory holds no cluster yet. */
export function clusterState(pgDir: string): ClusterState | undefined {
  let control: Buffer;
  try {
    control = readFileSync(path.join(pgDir, "global", "pg_control"));
  } catch {
    return undefined;
  }
  if (control.length < STATE_OFFSET + 4) return undefined;
  return STATES[control.readUInt32LE(STATE_OFFSET)];
}
