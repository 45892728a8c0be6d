import { and, asc, eq, inArray, type SQL } from "drizzle-orm";

import { CASE_STUDY_TEXTS } from "~/copy/proof";
import { db, withReadRetry } from "~/db/client.server";
import { pickColumns, positionOrder } from "~/db/columns.server";
import { caseStudies, type CaseStudy, caseStudyServices, services } from "~/db/schema";
import { errorCode } from "~/lib/error-chain";

export type CaseStudyInput = Pick<
  CaseStudy,
  | "slug"
  | "title"
  | "clientName"
  | "industry"
  | "problem"
  | "solution"
  | "results"
  | "tools"
  | "coverImageUrl"
  | "published"
  | "featured"
  | "position"
> & { serviceIds: string[] };

export type CaseStudyWithServices = CaseStudy & { serviceIds: string[] };

/** What a card shows (/work, the home page): no long texts. */
const CARD_FIELDS = ["id", "slug", "title", "clientName", "industry", "results", "coverImageUrl"] as const;
export type CaseStudyCard = Pick<CaseStudy, (typeof CARD_FIELDS)[number]>;

/** A link to a case study from a service (its card, the order summary). */
export interface CaseStudyLink {
  slug: string;
  title: string;
}

/** A slug another case study has: its message is shown on the form's slug field. */
export class SlugTakenError extends Error {
  name = "SlugTakenError";
  constructor(slug: string) {
    super(CASE_STUDY_TEXTS.slugTaken(slug));
  }
}

const listOrder = positionOrder(caseStudies);

const cardColumns = pickColumns(caseStudies, CARD_FIELDS);

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

async function setServices(tx: Tx, caseStudyId: string, serviceIds: string[]): Promise<void> {
  await tx.delete(caseStudyServices).where(eq(caseStudyServices.caseStudyId, caseStudyId));
  if (serviceIds.length === 0) return;
  // Only services that exist: one deleted while the form was open is dropped, not an error.
  const known = await tx.select({ id: services.id }).from(services).where(inArray(services.id, serviceIds));
  if (known.length === 0) return;
  await tx.insert(caseStudyServices).values(known.map(({ id }) => ({ caseStudyId, serviceId: id })));
}

async function slugGuard<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (errorCode(error) === "23505") throw new SlugTakenError(slug);
    throw error;
  }
}

export function createCaseStudy({ serviceIds, ...input }: CaseStudyInput): Promise<CaseStudy> {
  return slugGuard(input.slug, () =>
    db().transaction(async (tx) => {
      const [created] = await tx.insert(caseStudies).values(input).returning();
      await setServices(tx, created.id, serviceIds);
      return created;
    }),
  );
}

/** Null when the case study no longer exists. */
export function updateCaseStudy(id: string, { serviceIds, ...input }: CaseStudyInput): Promise<CaseStudy | null> {
  return slugGuard(input.slug, () =>
    db().transaction(async (tx) => {
      const [updated] = await tx.update(caseStudies).set(input).where(eq(caseStudies.id, id)).returning();
      if (!updated) return null;
      await setServices(tx, id, serviceIds);
      return updated;
    }),
  );
}

export async function deleteCaseStudy(id: string): Promise<boolean> {
  const deleted = await db().delete(caseStudies).where(eq(caseStudies.id, id)).returning({ id: caseStudies.id });
  return deleted.length > 0;
}

export async function getCaseStudy(id: string): Promise<CaseStudyWithServices | null> {
  const [row] = await withReadRetry(() => db().select().from(caseStudies).where(eq(caseStudies.id, id)));
  if (!row) return null;
  return { ...row, serviceIds: await serviceIdsOf(row.id) };
}

async function serviceIdsOf(caseStudyId: string): Promise<string[]> {
  const rows = await withReadRetry(() =>
    db()
      .select({ id: caseStudyServices.serviceId })
      .from(caseStudyServices)
      .where(eq(caseStudyServices.caseStudyId, caseStudyId)),
  );
  return rows.map((row) => row.id);
}

/** Every case study, drafts too, for the admin list. */
export function listAllCaseStudies(): Promise<CaseStudy[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(caseStudies)
      .orderBy(...listOrder),
  );
}

/** A published case study by its slug with the active services it relates to; null for a draft. */
export async function getPublishedCaseStudy(
  slug: string,
): Promise<(CaseStudy & { services: { id: string; name: string }[] }) | null> {
  const [row] = await withReadRetry(() =>
    db()
      .select()
      .from(caseStudies)
      .where(and(eq(caseStudies.slug, slug), eq(caseStudies.published, true))),
  );
  if (!row) return null;
  const related = await withReadRetry(() =>
    db()
      .select({ id: services.id, name: services.name })
      .from(caseStudyServices)
      .innerJoin(services, eq(services.id, caseStudyServices.serviceId))
      .where(and(eq(caseStudyServices.caseStudyId, row.id), eq(services.isActive, true)))
      .orderBy(asc(services.name)),
  );
  return { ...row, services: related };
}

/** The published case studies as cards, filtered by a related service and/or an industry. */
export function listPublishedCaseStudies(
  filter: { serviceId?: string; industry?: string } = {},
): Promise<CaseStudyCard[]> {
  const conditions: SQL[] = [eq(caseStudies.published, true)];
  if (filter.industry) conditions.push(eq(caseStudies.industry, filter.industry));
  if (filter.serviceId) {
    conditions.push(
      inArray(
        caseStudies.id,
        db()
          .select({ id: caseStudyServices.caseStudyId })
          .from(caseStudyServices)
          .where(eq(caseStudyServices.serviceId, filter.serviceId)),
      ),
    );
  }
  return cardsWhere(conditions);
}

export function listFeaturedCaseStudies(limit = 3): Promise<CaseStudyCard[]> {
  return cardsWhere([eq(caseStudies.published, true), eq(caseStudies.featured, true)], limit);
}

function cardsWhere(conditions: SQL[], limit?: number): Promise<CaseStudyCard[]> {
  return withReadRetry(() => {
    const query = db()
      .select(cardColumns)
      .from(caseStudies)
      .where(and(...conditions))
      .orderBy(...listOrder);
    return limit === undefined ? query : query.limit(limit);
  });
}

/** The filters of /work: the industries and the active services that published case studies have. */
export async function listWorkFilters(): Promise<{ industries: string[]; services: { id: string; name: string }[] }> {
  const [industries, related] = await Promise.all([
    withReadRetry(() =>
      db()
        .selectDistinct({ industry: caseStudies.industry })
        .from(caseStudies)
        .where(eq(caseStudies.published, true))
        .orderBy(asc(caseStudies.industry)),
    ),
    withReadRetry(() =>
      db()
        .selectDistinct({ id: services.id, name: services.name })
        .from(caseStudyServices)
        .innerJoin(services, eq(services.id, caseStudyServices.serviceId))
        .innerJoin(caseStudies, eq(caseStudies.id, caseStudyServices.caseStudyId))
        .where(and(eq(caseStudies.published, true), eq(services.isActive, true)))
        .orderBy(asc(services.name)),
    ),
  ]);
  return { industries: industries.map((row) => row.industry), services: related };
}

/** For each service, the published case studies related to it, in the admin's order. */
export async function listCaseStudyLinksByService(): Promise<Record<string, CaseStudyLink[]>> {
  const rows = await withReadRetry(() =>
    db()
      .select({ serviceId: caseStudyServices.serviceId, slug: caseStudies.slug, title: caseStudies.title })
      .from(caseStudyServices)
      .innerJoin(caseStudies, eq(caseStudies.id, caseStudyServices.caseStudyId))
      .where(eq(caseStudies.published, true))
      .orderBy(...listOrder),
  );
  const byService: Record<string, CaseStudyLink[]> = {};
  for (const { serviceId, slug, title } of rows) (byService[serviceId] ??= []).push({ slug, title });
  return byService;
}

/** Whether any case study is published: the public header and footer link /work only then. */
export async function hasPublishedCaseStudies(): Promise<boolean> {
  const rows = await withReadRetry(() =>
    db().select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.published, true)).limit(1),
  );
  return rows.length > 0;
}

/** The published slugs, for the sitemap. */
export async function listPublishedSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
  return withReadRetry(() =>
    db()
      .select({ slug: caseStudies.slug, updatedAt: caseStudies.updatedAt })
      .from(caseStudies)
      .where(eq(caseStudies.published, true))
      .orderBy(...listOrder),
  );
}

/** Titles for the testimonial form's "About" choice. */
export function listCaseStudyTitles(): Promise<{ id: string; title: string }[]> {
  return withReadRetry(() =>
    db()
      .select({ id: caseStudies.id, title: caseStudies.title })
      .from(caseStudies)
      .orderBy(...listOrder),
  );
}
