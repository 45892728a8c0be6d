import { statfs } from "node:fs/promises";
import path from "node:path";

import { type DiskWarning, diskWarning } from "~/lib/disk-space";
import { type Env, getEnv } from "~/lib/env.server";
import { mediaStoreFromEnv } from "~/services/media-storage.server";

// Free space on DATA_DIR's volume, as this instance sees it: each instance measures its own
// volume (with DATABASE_URL several instances may run, each with a DATA_DIR of its own). One
// statfs call, kept for a few seconds so that a busy dashboard or a burst of uploads does not
// measure again for every request.

export const DISK_MEASURE_TTL_MS = 5_000;

const measures = new Map<string, { freeBytes: number; measuredAt: number }>();

/** Free bytes for an unprivileged writer on the volume holding `dir`, measured at most every few seconds. */
export async function dataVolumeFreeBytes(dir: string, now = Date.now()): Promise<number> {
  const cached = measures.get(dir);
  if (cached && now - cached.measuredAt < DISK_MEASURE_TTL_MS) return cached.freeBytes;
  const freeBytes = await measureFreeBytes(dir);
  measures.set(dir, { freeBytes, measuredAt: now });
  return freeBytes;
}

/** After this instance wrote a file into `dir`'s volume: the next check measures again. */
export function forgetDataVolumeMeasure(dir: string): void {
  measures.delete(dir);
}

/** The dashboard's warning about DATA_DIR's volume, or null while it has room. */
export async function dataVolumeWarning(env: Env = getEnv()): Promise<DiskWarning | null> {
  const holdsDatabase = !env.DATABASE_URL;
  const holdsUploads = mediaStoreFromEnv(env).kind === "local";
  // PostgreSQL and Supabase Storage: nothing the site keeps is on this volume.
  if (!holdsDatabase && !holdsUploads) return null;
  return diskWarning({
    freeBytes: await dataVolumeFreeBytes(env.DATA_DIR),
    holdsDatabase,
    holdsUploads,
    uploadsMinFreeMb: env.UPLOADS_MIN_FREE_DISK_MB,
    criticalFreeMb: env.DISK_CRITICAL_FREE_MB,
  });
}

// DATA_DIR is made on first use (with DATABASE_URL and the secrets given, maybe never): until
// then the volume it will be made on is the one to measure.
async function measureFreeBytes(dir: string): Promise<number> {
  try {
    const { bavail, bsize } = await statfs(dir);
    return bavail * bsize;
  } catch (error) {
    const parent = path.dirname(dir);
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === dir) throw error;
    return measureFreeBytes(parent);
  }
}
