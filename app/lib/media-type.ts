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

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The files the chat accepts, each with the test of its first bytes. */
const KNOWN_MEDIA: (DetectedMedia & { test: (bytes: Uint8Array) => boolean })[] = [
  { kind: "image", contentType: "image/png", extension: "png", test: (b) => startsWith(b, PNG_SIGNATURE) },
  { kind: "image", contentType: "image/jpeg", extension: "jpg", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    kind: "image",
    contentType: "image/gif",
    extension: "gif",
    test: (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a"),
  },
  {
    kind: "image",
    contentType: "image/webp",
    extension: "webp",
    test: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP"),
  },
  {
    kind: "voice",
    contentType: "audio/wav",
    extension: "wav",
    test: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE"),
  },
];

/**
 * What a file is, from its first bytes: the name and the type the browser declared are the
 * visitor's to choose, so they decide nothing. Only raster images (no SVG, which can carry
 * scripts) and WAV audio are recognised. Why not file-type: docs/decisions/011-file-sniffing-kept.md.
 */
export function detectMediaType(bytes: Uint8Array): DetectedMedia | null {
  const media = KNOWN_MEDIA.find(({ test }) => test(bytes));
  return media ? { kind: media.kind, contentType: media.contentType, extension: media.extension } : null;
}

/** Content types of the files we store, by extension (for serving them back). */
export const MEDIA_CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  KNOWN_MEDIA.map(({ extension, contentType }) => [extension, contentType]),
);

// ISO-BMFF brands of an AVIF still image or sequence, at bytes 8-11 after the "ftyp" box type.
const AVIF_BRANDS = ["avif", "avis"];

/**
 * Which raster image an uploaded image file is, from its first bytes: the chat's images plus
 * AVIF. Never SVG or HTML (docs/decisions/025-uploaded-images.md).
 */
export function detectImageType(bytes: Uint8Array): DetectedMedia | null {
  const media = detectMediaType(bytes);
  if (media?.kind === "image") return media;
  if (ascii(bytes, 4, "ftyp") && AVIF_BRANDS.some((brand) => ascii(bytes, 8, brand))) {
    return { kind: "image", contentType: "image/avif", extension: "avif" };
  }
  return null;
}
