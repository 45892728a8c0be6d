import type { Env } from "~/lib/env.server";
import { totalChatUploadBytes } from "~/models/chat-uploads.server";
import { totalImageBytes } from "~/models/images.server";
import { dataVolumeFreeBytes } from "~/services/disk-space.server";
import type { MediaStore } from "~/services/media-storage.server";

const MB = 1024 * 1024;

/**
 * Why `bytes` more cannot be stored, or null when there is room: chat files and uploaded images
 * share UPLOADS_MAX_TOTAL_MB and, on disk, the UPLOADS_MIN_FREE_DISK_MB floor kept for the database.
 */
export async function uploadRoomRefusal(
  bytes: number,
  store: MediaStore,
  env: Env,
): Promise<"UPLOADS_MAX_TOTAL_MB" | "UPLOADS_MIN_FREE_DISK_MB" | null> {
  const stored = (await totalChatUploadBytes()) + (await totalImageBytes());
  if (stored + bytes > env.UPLOADS_MAX_TOTAL_MB * MB) return "UPLOADS_MAX_TOTAL_MB";
  // Supabase keeps its files elsewhere; only local files take the volume the database is on.
  if (store.kind === "local" && (await dataVolumeFreeBytes(env.DATA_DIR)) - bytes < env.UPLOADS_MIN_FREE_DISK_MB * MB) {
    return "UPLOADS_MIN_FREE_DISK_MB";
  }
  return null;
}
