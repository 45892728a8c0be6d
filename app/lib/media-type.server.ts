import type { ChatMediaType } from "~/lib/domain";

export interface DetectedMedia {
  kind: ChatMediaType;
  contentType: string;
  extension: string;
}

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/**
 * What a file is, from its first bytes: the name and the type the browser declared are the
 * visitor's to choose, so they decide nothing. Only raster images (no SVG, which can carry
 * scripts) and WAV audio are recognised.
 */
export function detectMediaType(bytes: Uint8Array): DetectedMedia | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: "image", contentType: "image/png", extension: "png" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "image", contentType: "image/jpeg", extension: "jpg" };
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) {
    return { kind: "image", contentType: "image/gif", extension: "gif" };
  }
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) {
    return { kind: "image", contentType: "image/webp", extension: "webp" };
  }
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) {
    return { kind: "voice", contentType: "audio/wav", extension: "wav" };
  }
  return null;
}

/** Content types of the files we store, by extension (for serving them back). */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  wav: "audio/wav",
};
