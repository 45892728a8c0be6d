import { DISK_TEXTS } from "~/copy/admin";

// When the dashboard warns about DATA_DIR's volume. Two levels: below
// UPLOADS_MIN_FREE_DISK_MB chat uploads are refused (they are the first to go, so that orders and
// messages keep their room); below DISK_CRITICAL_FREE_MB the embedded database itself is at risk.
// PGlite on a full disk: a table that cannot grow fails its query and works again once space is
// freed (tests/production/fault-disk.test.ts), but a new 16 MB WAL segment that cannot be created
// leaves the process spinning, deaf to every request, until it is restarted with free space
// (tried by hand on a tmpfs): hence a critical level well above one segment.

const MB = 1024 * 1024;

export interface DataVolume {
  freeBytes: number;
  /** The embedded database lives on this volume (no DATABASE_URL). */
  holdsDatabase: boolean;
  /** Chat files are stored on this volume (no Supabase). */
  holdsUploads: boolean;
  /** UPLOADS_MIN_FREE_DISK_MB; 0 turns the uploads' floor off. */
  uploadsMinFreeMb: number;
  /** DISK_CRITICAL_FREE_MB; 0 turns the critical level off. */
  criticalFreeMb: number;
}

export interface DiskWarning {
  level: "low" | "critical";
  freeMb: number;
  message: string;
}

/** The dashboard's warning, or null while the volume has room for everything it holds. */
export function diskWarning(volume: DataVolume): DiskWarning | null {
  const freeMb = Math.floor(volume.freeBytes / MB);
  const uploadsPaused = volume.holdsUploads && volume.freeBytes < volume.uploadsMinFreeMb * MB;
  if (volume.holdsDatabase && volume.freeBytes < volume.criticalFreeMb * MB) {
    const message = DISK_TEXTS.critical(freeMb, volume.criticalFreeMb, uploadsPaused ? volume.uploadsMinFreeMb : null);
    return { level: "critical", freeMb, message };
  }
  if (!uploadsPaused) return null;
  const text = volume.holdsDatabase ? DISK_TEXTS.nearlyFull : DISK_TEXTS.uploadsVolumeNearlyFull;
  return { level: "low", freeMb, message: text(freeMb, volume.uploadsMinFreeMb) };
}
