import { randomUUID } from "node:crypto";

import { IMAGE_ERRORS } from "~/copy/images";
import { type Env, getEnv } from "~/lib/env.server";
import { faviconUrl, storedImageUrl } from "~/lib/images";
import { log } from "~/lib/log.server";
import { deleteImageRecord, insertImage, listImagesUploadedBefore, listUsedImageIds } from "~/models/images.server";
import { forgetDataVolumeMeasure } from "~/services/disk-space.server";
import { type ImageUse, processUpload } from "~/services/image-processing.server";
import {
  deleteAllImageFiles,
  localImagesDir,
  type MediaStore,
  mediaStoreFromEnv,
  storeImageFiles,
} from "~/services/media-storage.server";
import { uploadRoomRefusal } from "~/services/upload-capacity.server";

// Images uploaded in admin (services, the logo and favicon, the founder's photo, ...): checked by
// content, resized, stored through the media storage, recorded in the images table. The record
// keeps the returned URL in the same text field a pasted URL fills (docs/product.md §14.4).

export type ImageResult = { url: string } | { error: string };

/** Stores an uploaded file as an image; the URL the record keeps, or the admin's text saying why not. */
export async function storeUploadedImage(
  file: File,
  use: ImageUse = "picture",
  env: Env = getEnv(),
): Promise<ImageResult> {
  const processed = await processUpload(file, env.MAX_IMAGE_BYTES, use);
  if ("error" in processed) return processed;
  const bytes = processed.variants.reduce((sum, variant) => sum + variant.bytes.byteLength, 0);
  const store = mediaStoreFromEnv(env);
  const full = await uploadRoomRefusal(bytes, store, env);
  if (full) {
    log.warn(`image upload refused: ${full} reached`, { limitMb: env[full] });
    return { error: IMAGE_ERRORS.full };
  }
  const id = randomUUID();
  try {
    await storeImageFiles(
      id,
      processed.variants.map(({ width, extension, contentType, bytes }) => ({
        name: `${width}.${extension}`,
        file: { bytes, contentType, extension },
      })),
      store,
    );
  } catch (error) {
    log.warn("image could not be stored", { error, store: store.kind });
    return { error: IMAGE_ERRORS.notStored };
  }
  if (store.kind === "local") forgetDataVolumeMeasure(env.DATA_DIR);
  const { width, height, widths, fallback } = processed;
  await insertImage({ id, store: store.kind, width, height, widths, fallback, bytes });
  return { url: use === "favicon" ? faviconUrl(id) : storedImageUrl({ id, width, height, fallback }) };
}

/**
 * The value of an image field: the uploaded file when one was chosen (it replaces the URL), else
 * the URL typed, else none.
 */
export async function imageFieldValue(
  upload: File | undefined,
  url: string | undefined,
  use: ImageUse = "picture",
): Promise<{ url: string | null } | { error: string }> {
  if (upload && upload.size > 0) return storeUploadedImage(upload, use);
  return { url: url ?? null };
}

/**
 * How long an upload no record names is kept: a form refused after its file was stored (a taken
 * slug) comes back with the new image's URL, to be saved on the next try.
 */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** How many unused images on Supabase Storage this process last said it could not delete. */
let strandedReported = 0;

/**
 * Deletes the uploaded images no record names any more (replaced, removed, or their record
 * deleted), once past the grace period: files first, then the row, so a failure keeps the row and
 * the next run retries. Hourly with the other clean-ups (app/services/retention.server.ts), on every
 * instance: files and rows already gone are no error (docs/decisions/027-unused-image-clean-up.md).
 */
export async function deleteUnusedImages(
  env: Env = getEnv(),
  now: Date = new Date(),
): Promise<{ deleted: number; failed: number; stranded: number }> {
  const candidates = await listImagesUploadedBefore(new Date(now.getTime() - UNUSED_IMAGE_GRACE_MS));
  if (candidates.length === 0) {
    strandedReported = 0;
    return { deleted: 0, failed: 0, stranded: 0 };
  }
  const used = await listUsedImageIds();
  const current = mediaStoreFromEnv(env);
  let deleted = 0;
  let failed = 0;
  let stranded = 0;
  for (const image of candidates) {
    if (used.has(image.id)) continue;
    // Files stored while Supabase was configured can only be deleted while it still is.
    const store: MediaStore | null =
      image.store === "local"
        ? { kind: "local", dir: localImagesDir(env) }
        : current.kind === "supabase"
          ? current
          : null;
    if (!store) {
      stranded++;
      continue;
    }
    try {
      await deleteAllImageFiles(image.id, store, localImagesDir(env));
      await deleteImageRecord(image.id);
      deleted++;
    } catch (error) {
      failed++;
      log.warn("an unused image could not be deleted: the next run tries again", { error, imageId: image.id });
    }
  }
  // Said when their number changes, not at every hourly run: nothing changes until the variables do.
  if (stranded > 0 && stranded !== strandedReported) {
    log.warn(
      "unused images stored on Supabase Storage are kept: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY again to delete them",
      { images: stranded },
    );
  }
  strandedReported = stranded;
  if (deleted > 0) forgetDataVolumeMeasure(env.DATA_DIR);
  return { deleted, failed, stranded };
}
