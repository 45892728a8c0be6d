import { CHAT_ERROR } from "~/copy/chat";
import type { ChatMediaType } from "~/lib/domain";
import { detectMediaType } from "~/lib/media-type.server";
import { storeChatMedia, type MediaFile } from "~/services/media-storage.server";

export interface ChatUpload {
  file: File;
  type: ChatMediaType;
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

/** Stores a sent file once its content is checked; the address is where the site serves it. */
export async function storeUpload(upload: ChatUpload): Promise<{ url: string } | { error: string }> {
  const inspected = await inspectUpload(upload.file, upload.type);
  if ("error" in inspected) return inspected;
  return { url: await storeChatMedia(inspected.media) };
}
