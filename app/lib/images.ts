// Where an uploaded image's variants are served, and how a page asks for them. An uploaded image's
// URL, /images/<id>/<width>x<height>.<fallback>, says everything a page needs (its size, hence its
// widths), so a record keeps one text field that a pasted URL also fits
// (docs/decisions/025-uploaded-images.md).

export const IMAGES_PATH = "/images";

/**
 * The widths a picture is stored at, never wider than the upload (no upscaling); 96 serves logos
 * and avatars. Pages derive an image's srcset from this list: a change applies to new uploads only,
 * so a width is never removed (docs/decisions/025-uploaded-images.md).
 */
export const IMAGE_WIDTHS = [96, 320, 640, 960, 1280, 1920] as const;
/** A favicon's squares: the browser tab's icon and Apple's home-screen icon. */
export const FAVICON_SIZES = [32, 180] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;

export type ImageFallback = "jpg" | "png";
export type ImageExtension = (typeof IMAGE_FORMATS)[number] | ImageFallback;

export const IMAGE_CONTENT_TYPES: Record<ImageExtension, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

export interface StoredImageRef {
  id: string;
  width: number;
  height: number;
  fallback: ImageFallback;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const STORED_URL = new RegExp(`^${IMAGES_PATH}/(${UUID})/(\\d{1,5})x(\\d{1,5})\\.(jpg|png)$`);

export function storedImageUrl(image: StoredImageRef): string {
  return `${IMAGES_PATH}/${image.id}/${image.width}x${image.height}.${image.fallback}`;
}

/** The uploaded image a URL names, or null for any other URL (a pasted one). */
export function parseStoredImageUrl(url: string | null | undefined): StoredImageRef | null {
  const match = url ? STORED_URL.exec(url) : null;
  if (!match) return null;
  const [, id, width, height, fallback] = match;
  return { id, width: Number(width), height: Number(height), fallback: fallback as ImageFallback };
}

/** The widths stored for an image whose largest variant is `width` wide. */
export function variantWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < width), width];
}

export function variantUrl(id: string, width: number, extension: ImageExtension): string {
  return `${IMAGES_PATH}/${id}/${width}.${extension}`;
}

export function imageSrcSet(image: StoredImageRef, extension: ImageExtension): string {
  return variantWidths(image.width)
    .map((width) => `${variantUrl(image.id, width, extension)} ${width}w`)
    .join(", ");
}
