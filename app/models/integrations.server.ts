import { eq } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { integrations, type Integrations } from "~/db/schema";

export type IntegrationsInput = Omit<typeof integrations.$inferInsert, "id" | "updatedAt">;

/** The only integration fields public pages may see; keys and tokens stay on the server. */
export type PublicIntegrations = Pick<Integrations, "voiceAgentEmbedCode" | "customCss" | "customJs">;

export async function getIntegrations(): Promise<Integrations | null> {
  const [row] = await withReadRetry(() => db().select().from(integrations).where(eq(integrations.id, 1)));
  return row ?? null;
}

export async function getPublicIntegrations(): Promise<PublicIntegrations> {
  const [row] = await withReadRetry(() =>
    db()
      .select({
        voiceAgentEmbedCode: integrations.voiceAgentEmbedCode,
        customCss: integrations.customCss,
        customJs: integrations.customJs,
      })
      .from(integrations)
      .where(eq(integrations.id, 1)),
  );
  return row ?? { voiceAgentEmbedCode: null, customCss: null, customJs: null };
}

export async function saveIntegrations(input: IntegrationsInput): Promise<Integrations> {
  const [row] = await db()
    .insert(integrations)
    .values({ ...input, id: 1 })
    .onConflictDoUpdate({ target: integrations.id, set: { ...input, updatedAt: new Date() } })
    .returning();
  return row;
}
