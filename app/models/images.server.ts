import { eq, sql } from "drizzle-orm";

import { db } from "~/db/client.server";
import { images, type StoredImage } from "~/db/schema";

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
