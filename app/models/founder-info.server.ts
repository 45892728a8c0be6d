import { eq, sql } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { type FounderInfo, founderInfo, type SocialLinks } from "~/db/schema";

export type FounderInfoInput = Omit<typeof founderInfo.$inferInsert, "id" | "updatedAt">;

/** The founder as the home page shows them. */
export type PublicFounder = Omit<FounderInfo, "id" | "updatedAt">;

export function toPublicFounder({ id: _id, updatedAt: _updatedAt, ...founder }: FounderInfo): PublicFounder {
  return founder;
}

/** The spec: social_links "may arrive as a JSON string"; anything unusable becomes {}. */
export function normalizeSocialLinks(value: unknown): SocialLinks {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!parsed || typeof parsed !== "object") return {};
  const links: SocialLinks = {};
  for (const key of ["linkedin", "twitter", "github"] as const) {
    const link = (parsed as Record<string, unknown>)[key];
    if (typeof link === "string" && link.trim()) links[key] = link.trim();
  }
  return links;
}

export async function getFounderInfo(): Promise<FounderInfo | null> {
  const [row] = await withReadRetry(() => db().select().from(founderInfo).where(eq(founderInfo.id, 1)));
  return row ? { ...row, socialLinks: normalizeSocialLinks(row.socialLinks) } : null;
}

export async function saveFounderInfo(input: FounderInfoInput): Promise<FounderInfo> {
  const values = { ...input, socialLinks: normalizeSocialLinks(input.socialLinks) };
  const [row] = await db()
    .insert(founderInfo)
    .values({ ...values, id: 1 })
    .onConflictDoUpdate({ target: founderInfo.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row;
}

/**
 * Adds one skill in a single statement (no read-modify-write, so two admins adding skills at the
 * same moment both keep theirs). Null when there is no founder record yet; a skill already
 * there (in any case) is not added twice.
 */
export async function addFounderSkill(skill: string): Promise<FounderInfo | null> {
  const [row] = await db()
    .update(founderInfo)
    .set({
      skills: sql`case when lower(${skill}) = any (select lower(s) from unnest(${founderInfo.skills}) as s)
                  then ${founderInfo.skills} else array_append(${founderInfo.skills}, ${skill}::text) end`,
      updatedAt: new Date(),
    })
    .where(eq(founderInfo.id, 1))
    .returning();
  return row ?? null;
}

export async function removeFounderSkill(skill: string): Promise<FounderInfo | null> {
  const [row] = await db()
    .update(founderInfo)
    .set({ skills: sql`array_remove(${founderInfo.skills}, ${skill}::text)`, updatedAt: new Date() })
    .where(eq(founderInfo.id, 1))
    .returning();
  return row ?? null;
}
