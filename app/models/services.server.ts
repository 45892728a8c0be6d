import { and, asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { type NewService, type Service, services } from "~/db/schema";
import { containsText } from "~/db/search.server";

export type ServiceInput = Pick<
  NewService,
  "name" | "description" | "category" | "setupPrice" | "monthlyPrice" | "imageUrl" | "isActive" | "featured"
>;

/** A service as the public pages show it: the cards, the order form and the search metadata. */
export type PublicService = Pick<
  Service,
  "id" | "name" | "description" | "category" | "setupPrice" | "monthlyPrice" | "featured" | "imageUrl"
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
  imageUrl,
}: Service): PublicService {
  return { id, name, description, category, setupPrice, monthlyPrice, featured, imageUrl };
}

// The spec's public order: featured first, then newest. The id settles ties, so that pages read
// with OFFSET neither repeat nor skip a service.
const publicOrder = [desc(services.featured), desc(services.createdAt), asc(services.name), asc(services.id)];

export function listActiveServices(): Promise<Service[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(services)
      .where(eq(services.isActive, true))
      .orderBy(...publicOrder),
  );
}

/** The distinct categories of the active services: the catalogue's filter, without reading the rows. */
export async function listActiveCategories(): Promise<string[]> {
  const rows = await withReadRetry(() =>
    db().selectDistinct({ category: services.category }).from(services).where(eq(services.isActive, true)),
  );
  return rows.map((row) => row.category);
}

/** The spec's catalogue search: the name or the description contains every word, ignoring case. */
function containsEveryWord(words: readonly string[]): SQL | undefined {
  return and(
    ...words.map((word) => containsText(sql`lower(${services.name} || ' ' || ${services.description})`, word)),
  );
}

export interface ServiceSearch {
  /** Lower-cased by the query itself; each must be found. */
  words: readonly string[];
  /** Null for every category. */
  category: string | null;
  /** 1-based; a page past the last reads the last. */
  page: number;
  pageSize: number;
}

export interface ServicePage {
  services: Service[];
  /** Rows matching the search, on every page. */
  total: number;
  /** The page read, after bringing one past the last back to the last. */
  page: number;
  pageCount: number;
}

async function searchServices(
  { words, category, page, pageSize }: ServiceSearch,
  scope: SQL | undefined,
  order: SQL[],
): Promise<ServicePage> {
  const where = and(scope, category === null ? undefined : eq(services.category, category), containsEveryWord(words));
  const read = (pageNumber: number) =>
    withReadRetry(() =>
      db()
        .select({ ...getTableColumns(services), total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(services)
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize),
    );
  let rows = await read(page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page (an old link, a shrunken list): one count, then the last page.
    const [row] = await withReadRetry(() =>
      db()
        .select({ total: sql<number>`count(*)::int` })
        .from(services)
        .where(where),
    );
    total = row.total;
    if (total > 0) rows = await read(Math.ceil(total / pageSize));
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return {
    services: rows.map(({ total: _total, ...service }) => service),
    total,
    page: Math.min(page, pageCount),
    pageCount,
  };
}

/** One page of the public catalogue: active services in the spec's public order. */
export function searchActiveServices(search: ServiceSearch): Promise<ServicePage> {
  return searchServices(search, eq(services.isActive, true), publicOrder);
}

/** One page of the admin's services list: every service, newest first. */
export function searchAllServices(search: ServiceSearch): Promise<ServicePage> {
  return searchServices(search, undefined, [desc(services.createdAt), asc(services.name), asc(services.id)]);
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
