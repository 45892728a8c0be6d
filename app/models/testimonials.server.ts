import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { pickColumns, positionOrder } from "~/db/columns.server";
import { caseStudies, type ClientLogo, clientLogos, services, type Testimonial, testimonials } from "~/db/schema";

export type TestimonialInput = Pick<
  Testimonial,
  "quote" | "name" | "role" | "company" | "photoUrl" | "caseStudyId" | "serviceId" | "published" | "position"
>;

/** A testimonial as the public pages show it. */
const PUBLIC_FIELDS = ["id", "quote", "name", "role", "company", "photoUrl"] as const;
export type PublicTestimonial = Pick<Testimonial, (typeof PUBLIC_FIELDS)[number]>;

export type ClientLogoInput = Pick<ClientLogo, "altText" | "imageUrl" | "position">;

const testimonialOrder = positionOrder(testimonials);
const publicColumns = pickColumns(testimonials, PUBLIC_FIELDS);

export async function createTestimonial(input: TestimonialInput): Promise<Testimonial> {
  const [created] = await db().insert(testimonials).values(input).returning();
  return created;
}

export async function updateTestimonial(id: string, input: TestimonialInput): Promise<Testimonial | null> {
  const [updated] = await db().update(testimonials).set(input).where(eq(testimonials.id, id)).returning();
  return updated ?? null;
}

export async function deleteTestimonial(id: string): Promise<boolean> {
  const deleted = await db().delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return deleted.length > 0;
}

export async function getTestimonial(id: string): Promise<Testimonial | null> {
  const [row] = await withReadRetry(() => db().select().from(testimonials).where(eq(testimonials.id, id)));
  return row ?? null;
}

/** Every testimonial for the admin list, with the title or name of what it is about. */
export function listAllTestimonials() {
  return withReadRetry(() =>
    db()
      .select({ testimonial: testimonials, caseStudyTitle: caseStudies.title, serviceName: services.name })
      .from(testimonials)
      .leftJoin(caseStudies, eq(caseStudies.id, testimonials.caseStudyId))
      .leftJoin(services, eq(services.id, testimonials.serviceId))
      .orderBy(...testimonialOrder),
  );
}

/** The published testimonials for the home page. */
export function listPublishedTestimonials(limit = 6): Promise<PublicTestimonial[]> {
  return listPublishedWhere(undefined, limit);
}

/** The published testimonials about a case study, or about one of `serviceIds`. */
export function listTestimonialsAbout(about: { caseStudyId?: string; serviceIds?: string[] }, limit = 3) {
  const links = [
    about.caseStudyId ? eq(testimonials.caseStudyId, about.caseStudyId) : undefined,
    ...(about.serviceIds ?? []).map((serviceId) => eq(testimonials.serviceId, serviceId)),
  ].filter((condition) => condition !== undefined);
  if (links.length === 0) return Promise.resolve([]);
  return listPublishedWhere(or(...links), limit);
}

function listPublishedWhere(condition: SQL | undefined, limit: number): Promise<PublicTestimonial[]> {
  return withReadRetry(() =>
    db()
      .select(publicColumns)
      .from(testimonials)
      .where(and(eq(testimonials.published, true), condition))
      .orderBy(...testimonialOrder)
      .limit(limit),
  );
}

/** For each service, its first published testimonial (the order summary shows it beside the service). */
export async function listTestimonialsByService(): Promise<Record<string, PublicTestimonial>> {
  const rows = await withReadRetry(() =>
    db()
      .select({ serviceId: testimonials.serviceId, ...publicColumns })
      .from(testimonials)
      .where(and(eq(testimonials.published, true), sql`${testimonials.serviceId} is not null`))
      .orderBy(...testimonialOrder),
  );
  const byService: Record<string, PublicTestimonial> = {};
  for (const { serviceId, ...testimonial } of rows) if (serviceId) byService[serviceId] ??= testimonial;
  return byService;
}

// ---- client logos ----

export function listClientLogos(): Promise<ClientLogo[]> {
  return withReadRetry(() =>
    db().select().from(clientLogos).orderBy(asc(clientLogos.position), asc(clientLogos.createdAt), asc(clientLogos.id)),
  );
}

export async function getClientLogo(id: string): Promise<ClientLogo | null> {
  const [row] = await withReadRetry(() => db().select().from(clientLogos).where(eq(clientLogos.id, id)));
  return row ?? null;
}

export async function createClientLogo(input: ClientLogoInput): Promise<ClientLogo> {
  const [created] = await db().insert(clientLogos).values(input).returning();
  return created;
}

export async function updateClientLogo(id: string, input: ClientLogoInput): Promise<ClientLogo | null> {
  const [updated] = await db().update(clientLogos).set(input).where(eq(clientLogos.id, id)).returning();
  return updated ?? null;
}

export async function deleteClientLogo(id: string): Promise<boolean> {
  const deleted = await db().delete(clientLogos).where(eq(clientLogos.id, id)).returning({ id: clientLogos.id });
  return deleted.length > 0;
}
