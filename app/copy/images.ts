// Uploaded images in admin (docs/product.md §14.4): the image field and why a file was refused.

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export const IMAGE_FIELD_TEXTS = {
  uploadHint: "JPEG, PNG, WebP, AVIF or GIF. It is resized for every screen; an upload replaces the URL.",
  faviconHint: "A square PNG works best. It is resized to 32 and 180 pixels; an upload replaces the URL.",
  current: "Current image",
  urlPlaceholder: "https://",
  serviceImage: "Upload an image",
  logo: "Upload a logo",
  favicon: "Upload a favicon",
  founderPhoto: "Upload a photo",
} as const;

export const IMAGE_ERRORS = {
  notImage: "This file is not an image we can use. Upload a JPEG, PNG, WebP, AVIF or GIF file.",
  tooLarge: (maxBytes: number) => `Images can be up to ${formatMegabytes(maxBytes)}.`,
  tooManyPixels: (maxMegapixels: number) =>
    `This image has too many pixels: it can be up to ${maxMegapixels} megapixels.`,
  unreadable: "This image could not be read: the file may be damaged or cut short.",
  full: "There is no room to store images right now. Use an image URL instead, or free some space.",
  notStored: "The image could not be stored. Please try again.",
} as const;
