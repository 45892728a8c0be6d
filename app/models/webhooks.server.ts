import { asc, eq } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { webhooks, type Webhook } from "~/db/schema";

export type WebhookInput = Pick<Webhook, "name" | "url" | "method" | "headers" | "isActive">;

/** A webhook as the admin screens see it: header names only, the values (n8n credentials) are write-only. */
export type WebhookView = Omit<Webhook, "headers"> & { headerNames: string[] };

export function withoutHeaderValues({ headers, ...webhook }: Webhook): WebhookView {
  return { ...webhook, headerNames: Object.keys(headers) };
}

// Oldest first: the chat fan-out tries active webhooks "in list order", the order staff see.
const listOrder = [asc(webhooks.position)];

export function listWebhooks(): Promise<Webhook[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(webhooks)
      .orderBy(...listOrder),
  );
}

/** Used by the chat: on any failure the spec wants an empty list, not an error. */
export async function listActiveWebhooks(): Promise<Webhook[]> {
  try {
    return await withReadRetry(() =>
      db()
        .select()
        .from(webhooks)
        .where(eq(webhooks.isActive, true))
        .orderBy(...listOrder),
    );
  } catch (error) {
    log.error("listing active webhooks failed", { error });
    return [];
  }
}

export async function getWebhook(id: string): Promise<Webhook | null> {
  const [row] = await withReadRetry(() => db().select().from(webhooks).where(eq(webhooks.id, id)));
  return row ?? null;
}

export async function createWebhook(input: WebhookInput): Promise<Webhook> {
  const [row] = await db().insert(webhooks).values(input).returning();
  return row;
}

export async function updateWebhook(id: string, input: Partial<WebhookInput>): Promise<Webhook | null> {
  const [row] = await db().update(webhooks).set(input).where(eq(webhooks.id, id)).returning();
  return row ?? null;
}

export async function deleteWebhook(id: string): Promise<boolean> {
  const rows = await db().delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return rows.length > 0;
}
