import { type Env, getEnv } from "~/lib/env.server";
import { forgetChatUploads, forgetExpiredChatMedia, listExpiredChatUploads } from "~/models/chat-uploads.server";
import {
  deleteChatMedia,
  deleteLocalMediaOlderThan,
  localMediaDir,
  type MediaStore,
  mediaStoreFromEnv,
} from "~/services/media-storage.server";

// Retention of chat files: files older than
// UPLOADS_RETENTION_DAYS are deleted, hourly, by every instance (app/services/retention.server.ts
// runs it). No lock is needed: a file is
// deleted before its row, and deleting a file or row that is already gone is not an error, so two
// instances running at once only repeat each other's work; a failed delete keeps the row for the
// next run.

const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionResult {
  files: number;
  messages: number;
}

/** Deletes chat files older than UPLOADS_RETENTION_DAYS, and clears them from their messages. */
export async function deleteExpiredUploads(env: Env = getEnv()): Promise<RetentionResult> {
  const days = env.UPLOADS_RETENTION_DAYS;
  const local: MediaStore = { kind: "local", dir: localMediaDir(env) };
  const current = mediaStoreFromEnv(env);
  let files = 0;
  for (;;) {
    const expired = await listExpiredChatUploads(days, BATCH);
    // Files stored while Supabase was configured can only be deleted while it still is.
    const byStore = [
      { store: local, names: expired.filter((upload) => upload.store === "local") },
      {
        store: current,
        names: current.kind === "supabase" ? expired.filter((upload) => upload.store === "supabase") : [],
      },
    ];
    let deleted = 0;
    for (const { store, names } of byStore) {
      const batch = names.map((upload) => upload.name);
      await deleteChatMedia(batch, store);
      await forgetChatUploads(batch);
      deleted += batch.length;
    }
    files += deleted;
    if (expired.length < BATCH || deleted === 0) break;
  }
  // Local files no row records (stored before the rows existed, or whose row was never written).
  files += await deleteLocalMediaOlderThan(new Date(Date.now() - days * DAY_MS), localMediaDir(env));
  const messages = await forgetExpiredChatMedia(days);
  return { files, messages };
}
