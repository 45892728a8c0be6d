import type { Metadata, Sharp } from "sharp";

import { IMAGE_ERRORS } from "~/copy/images";
import {
  FAVICON_SIZES,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageExtension,
  type ImageFallback,
  variantWidths,
} from "~/lib/images";
import { detectImageType } from "~/lib/media-type";

// Turns an uploaded image into its stored variants. What the file is comes from its bytes, never
// its name or declared type; its size is read from the header before any pixel is decoded, so a
// small file that would decode to gigabytes (a decompression bomb) is refused unopened.

/** Above this many pixels an upload is refused; a 40-megapixel photo decodes to 160 MB of RGBA. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** sharp and its native library load with the first upload: a third of a second of every start otherwise. */
const loadSharp = async () => (await import("sharp")).default;

export type ImageUse = "picture" | "favicon";

export interface ImageVariant {
  width: number;
  extension: ImageExtension;
  contentType: string;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  /** Of the largest variant. */
  width: number;
  height: number;
  widths: number[];
  fallback: ImageFallback;
  variants: ImageVariant[];
}

export type ImageRefusal = "not-image" | "too-many-pixels" | "unreadable";

/** An uploaded file's variants, or the admin's text saying why it is refused. */
export async function processUpload(
  file: File,
  maxBytes: number,
  use: ImageUse = "picture",
): Promise<ProcessedImage | { error: string }> {
  // The name and the declared type are the uploader's to choose: only the bytes decide.
  if (file.size > maxBytes) return { error: IMAGE_ERRORS.tooLarge(maxBytes) };
  const processed = await processImage(new Uint8Array(await file.arrayBuffer()), use);
  if (!("refused" in processed)) return processed;
  const errors: Record<ImageRefusal, string> = {
    "not-image": IMAGE_ERRORS.notImage,
    "too-many-pixels": IMAGE_ERRORS.tooManyPixels(MAX_IMAGE_PIXELS / 1_000_000),
    unreadable: IMAGE_ERRORS.unreadable,
  };
  return { error: errors[processed.refused] };
}

/** The variants of an uploaded image, or why it is refused. */
export async function processImage(
  bytes: Uint8Array,
  use: ImageUse = "picture",
): Promise<ProcessedImage | { refused: ImageRefusal }> {
  if (!detectImageType(bytes)) return { refused: "not-image" };
  const sharp = await loadSharp();
  // failOn "warning": a truncated or corrupt file is refused rather than stored half grey.
  const input = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning", autoOrient: true });
  let meta: Metadata;
  try {
    // The header alone: the pixel cap is checked below, with its own answer.
    meta = await sharp(bytes, { limitInputPixels: false, autoOrient: true }).metadata();
  } catch {
    return { refused: "unreadable" };
  }
  if (meta.width * (meta.pageHeight ?? meta.height) > MAX_IMAGE_PIXELS) return { refused: "too-many-pixels" };

  try {
    return use === "favicon" ? await faviconVariants(input()) : await pictureVariants(input(), meta);
  } catch {
    return { refused: "unreadable" };
  }
}

async function pictureVariants(image: Sharp, meta: Metadata): Promise<ProcessedImage> {
  // Decoded once, at the largest width kept; every variant is resized from these pixels.
  const largest = await image
    .resize({ width: IMAGE_WIDTHS.at(-1), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = largest.info;
  const sharp = await loadSharp();
  const fallback: ImageFallback = meta.hasAlpha ? "png" : "jpg";
  const widths = variantWidths(width);
  const variants: ImageVariant[] = [];
  for (const w of widths) {
    const resized = () => sharp(largest.data, { raw: { width, height, channels } }).resize({ width: w });
    for (const extension of [...IMAGE_FORMATS, fallback]) {
      variants.push({
        width: w,
        extension,
        contentType: IMAGE_CONTENT_TYPES[extension],
        bytes: await encode(resized(), extension),
      });
    }
  }
  return { width, height, widths, fallback, variants };
}

async function faviconVariants(image: Sharp): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const square = await image.png().toBuffer();
  const variants: ImageVariant[] = [];
  for (const size of FAVICON_SIZES) {
    // A favicon is a square whatever was uploaded: the image is fitted inside, on transparency.
    const bytes = await sharp(square)
      .resize({ width: size, height: size, fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    variants.push({ width: size, extension: "png", contentType: IMAGE_CONTENT_TYPES.png, bytes });
  }
  const largest = FAVICON_SIZES.at(-1)!;
  return { width: largest, height: largest, widths: [...FAVICON_SIZES], fallback: "png", variants };
}

function encode(image: Sharp, extension: ImageExtension): Promise<Buffer> {
  switch (extension) {
    // effort 0: the default (4) took 18 s for one 1920-pixel width here, for 8% fewer bytes.
    case "avif":
      return image.avif({ quality: 55, effort: 0 }).toBuffer();
    case "webp":
      return image.webp({ quality: 78 }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 9 }).toBuffer();
    case "jpg":
      return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  }
}
