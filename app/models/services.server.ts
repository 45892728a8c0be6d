import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { services, type NewService, type Service } from "~/db/schema";

export type ServiceInput = Pick<
  NewService,
  "name" | "description" | "category" | "setupPrice" | "monthlyPrice" | "imageUrl" | "isActive" | "featured"
>;

/** A service as the public pages show it: the cards, the order form and the search metadata. */
export type PublicService = Pick<
  Service,
  "id" | "name" | "description" | "category" | "setupPrice" | "monthlyPrice" | "featured"
>;

/** Only what public pages read, so the loader data serialized into each page stays small. */
export function toPublicService({
  id,
  name,
  description,
  category,
  setupPrice,
  monthlyPrice,
  featured,
}: Service): PublicService {
  return { id, name, description, category, setupPrice, monthlyPrice, featured };
}

// The spec's public order: featured first, then newest.
const publicOrder = [desc(services.featured), desc(services.createdAt), asc(services.name)];

export function listActiveServices(): Promise<Service[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(services)
      .where(eq(services.isActive, true))
      .orderBy(...publicOrder),
  );
}

export const MAX_FEATURED_ON_HOME = 6;

export function listFeaturedServices(limit = MAX_FEATURED_ON_HOME): Promise<Service[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(services)
      .where(and(eq(services.isActive, true), eq(services.featured, true)))
      .orderBy(...publicOrder)
      .limit(limit),
  );
}

export function listAllServices(): Promise<Service[]> {
  return withReadRetry(() => db().select().from(services).orderBy(desc(services.createdAt), asc(services.name)));
}

export async function getService(id: string): Promise<Service | null> {
  const [row] = await withReadRetry(() => db().select().from(services).where(eq(services.id, id)));
  return row ?? null;
}

/** Only active services can be ordered or shown publicly. */
export async function getActiveService(id: string): Promise<Service | null> {
  const service = await getService(id);
  return service?.isActive ? service : null;
}

export async function createService(input: ServiceInput): Promise<Service> {
  const [row] = await db().insert(services).values(input).returning();
  return row;
}

export async function updateService(id: string, input: Partial<ServiceInput>): Promise<Service | null> {
  const [row] = await db().update(services).set(input).where(eq(services.id, id)).returning();
  return row ?? null;
}

/** Orders keep their copied name and prices; their service_id becomes null. */
export async function deleteService(id: string): Promise<boolean> {
  const rows = await db().delete(services).where(eq(services.id, id)).returning({ id: services.id });
  return rows.length > 0;
}

export async function countServices(): Promise<{ total: number; active: number }> {
  const [row] = await withReadRetry(() =>
    db()
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${services.isActive}))::int`,
      })
      .from(services),
  );
  return row;
}
