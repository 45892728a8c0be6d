import { eq, lt, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import { db } from "~/db/client.server";
import {
  caseStudies,
  clientLogos,
  founderInfo,
  images,
  services,
  siteSettings,
  type StoredImage,
  testimonials,
} from "~/db/schema";
import { IMAGES_PATH } from "~/lib/images";

export async function insertImage(image: typeof images.$inferInsert): Promise<StoredImage> {
  const [row] = await db().insert(images).values(image).returning();
  return row;
}

export async function getImage(id: string): Promise<StoredImage | null> {
  const [row] = await db().select().from(images).where(eq(images.id, id));
  return row ?? null;
}

/** Bytes of every stored image variant, wherever it is kept. */
export async function totalImageBytes(): Promise<number> {
  const [row] = await db()
    .select({ total: sql<number>`coalesce(sum(${images.bytes}), 0)::float8` })
    .from(images);
  return row.total;
}

// Every field that may hold an uploaded image's URL (docs/product.md §14.4). A new image field
// must be added here, or its uploads would be taken for unused and deleted.
const IMAGE_FIELDS: ReadonlyArray<readonly [PgTable, PgColumn]> = [
  [services, services.imageUrl],
  [siteSettings, siteSettings.logoUrl],
  [siteSettings, siteSettings.faviconUrl],
  [founderInfo, founderInfo.profileImageUrl],
  [caseStudies, caseStudies.coverImageUrl],
  [testimonials, testimonials.photoUrl],
  [clientLogos, clientLogos.imageUrl],
];

// A picture's URL and a favicon's both start with the image's id.
const IMAGE_ID = new RegExp(`^${IMAGES_PATH}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/`);

/** The ids of the uploaded images some record names, however many records share one. */
export async function listUsedImageIds(): Promise<Set<string>> {
  const used = new Set<string>();
  for (const [table, column] of IMAGE_FIELDS) {
    const rows = await db()
      .select({ url: column })
      .from(table)
      .where(sql`${column} like ${`${IMAGES_PATH}/%`}`);
    for (const { url } of rows) {
      const id = IMAGE_ID.exec(String(url))?.[1];
      if (id) used.add(id);
    }
  }
  return used;
}

/** The images uploaded before `cutoff`, oldest first. */
export function listImagesUploadedBefore(cutoff: Date): Promise<Pick<StoredImage, "id" | "store">[]> {
  return db()
    .select({ id: images.id, store: images.store })
    .from(images)
    .where(lt(images.createdAt, cutoff))
    .orderBy(images.createdAt);
}

/** Forgets an image whose files are gone; its bytes no longer count against the quota. */
export async function deleteImageRecord(id: string): Promise<void> {
  await db().delete(images).where(eq(images.id, id));
}
