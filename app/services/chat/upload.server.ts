import { CHAT_ERROR } from "~/copy/chat";
import { rateLimitAddress } from "~/lib/address-key";
import type { ChatMediaType } from "~/lib/domain";
import { type Env, getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { detectMediaType } from "~/lib/media-type";
import { recordChatUpload } from "~/models/chat-uploads.server";
import { addToRateLimit, subtractFromRateLimit } from "~/models/rate-limits.server";
import { forgetDataVolumeMeasure } from "~/services/disk-space.server";
import { type MediaFile, type MediaStore, mediaStoreFromEnv, storeChatMedia } from "~/services/media-storage.server";
import { uploadRoomRefusal } from "~/services/upload-capacity.server";

// How much the chat stores: a daily byte quota per
// address, a cap on all stored files, and free disk kept for the database beside the uploads.
// A refused file refuses its message, like a file over the size limit; orders and contact
// messages never store files, so they keep working.

const KIB = 1024;
const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ChatUpload {
  file: File;
  type: ChatMediaType;
}

/** Why a file was not stored: the visitor's text, and the HTTP status the chat answers with. */
export interface UploadRefusal {
  error: string;
  status: number;
  retryAfterSeconds?: number;
}

/** The file's bytes if they are what the form field says (checked by content, not by name). */
export async function inspectUpload(
  file: File,
  expected: ChatMediaType,
): Promise<{ media: MediaFile } | { error: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = detectMediaType(bytes);
  if (!detected || detected.kind !== expected) {
    return { error: expected === "image" ? CHAT_ERROR.notImage : CHAT_ERROR.notWav };
  }
  return { media: { bytes, contentType: detected.contentType, extension: detected.extension } };
}

/** Room for `bytes` more: under the global cap (shared with site images) and the free-disk floor. */
async function checkCapacity(bytes: number, store: MediaStore, env: Env): Promise<UploadRefusal | null> {
  const limit = await uploadRoomRefusal(bytes, store, env);
  if (!limit) return null;
  log.warn(`chat upload refused: ${limit} reached`, { limitMb: env[limit] });
  return { error: CHAT_ERROR.uploadsFull, status: 507 };
}

/** Stores a sent file once its content is checked and there is room; the URL is where the site serves it. */
export async function storeUpload(
  upload: ChatUpload,
  clientAddress: string,
  env: Env = getEnv(),
): Promise<{ url: string } | UploadRefusal> {
  const inspected = await inspectUpload(upload.file, upload.type);
  if ("error" in inspected) return { error: inspected.error, status: 400 };
  const { media } = inspected;
  const store = mediaStoreFromEnv(env);

  const refusal = await checkCapacity(media.bytes.byteLength, store, env);
  if (refusal) return refusal;

  // Counted in KiB so a large quota still fits the counter's integer.
  const quotaKey = `chat-upload-bytes:${rateLimitAddress(clientAddress)}`;
  const kib = Math.ceil(media.bytes.byteLength / KIB);
  const quota = await addToRateLimit(quotaKey, kib, env.UPLOADS_DAILY_MB_PER_ADDRESS * KIB, QUOTA_WINDOW_MS);
  if (!quota.allowed) {
    return { error: CHAT_ERROR.uploadQuota, status: 429, retryAfterSeconds: quota.retryAfterSeconds };
  }

  let stored: { name: string; url: string };
  try {
    stored = await storeChatMedia(media, store);
  } catch (error) {
    log.warn("chat media could not be stored", { error, store: store.kind });
    await subtractFromRateLimit(quotaKey, kib);
    return { error: CHAT_ERROR.notStored, status: 503 };
  }
  // The measure kept for a few seconds does not know this file: the next upload measures afresh.
  if (store.kind === "local") forgetDataVolumeMeasure(env.DATA_DIR);
  await recordChatUpload({ name: stored.name, store: store.kind, bytes: media.bytes.byteLength });
  return { url: stored.url };
}
