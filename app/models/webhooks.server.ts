import { asc, desc, eq, gt, lt } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { type Webhook, webhooks } from "~/db/schema";

export type WebhookInput = Pick<Webhook, "name" | "url" | "method" | "headers" | "isActive"> &
  Partial<Pick<Webhook, "payloadFormat" | "timeoutSeconds">>;

/** A webhook as the admin screens see it: header names only, the values (n8n credentials) are write-only. */
export type WebhookView = Omit<Webhook, "headers"> & { headerNames: string[] };

export function withoutHeaderValues({ headers, ...webhook }: Webhook): WebhookView {
  return { ...webhook, headerNames: Object.keys(headers) };
}

// By position, which Move up/down swap: the chat fan-out tries active webhooks "in list order", the order staff see.
const listOrder = [asc(webhooks.position)];

export function listWebhooks(): Promise<Webhook[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(webhooks)
      .orderBy(...listOrder),
  );
}

/** The webhooks the chat asks, in list order. */
export function listActiveWebhooks(): Promise<Webhook[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(webhooks)
      .where(eq(webhooks.isActive, true))
      .orderBy(...listOrder),
  );
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

/**
 * Swaps a webhook's place in the list with its neighbour above ("up") or below ("down"): the
 * order the chat tries them in. False when there is no such webhook or neighbour.
 */
export async function moveWebhook(id: string, direction: "up" | "down"): Promise<boolean> {
  return db().transaction(async (tx) => {
    // Locked, so two admins moving at once cannot give two webhooks the same place.
    const [webhook] = await tx.select().from(webhooks).where(eq(webhooks.id, id)).for("update");
    if (!webhook) return false;
    const [neighbour] = await tx
      .select()
      .from(webhooks)
      .where(direction === "up" ? lt(webhooks.position, webhook.position) : gt(webhooks.position, webhook.position))
      .orderBy(direction === "up" ? desc(webhooks.position) : asc(webhooks.position))
      .limit(1)
      .for("update");
    if (!neighbour) return false;
    await tx.update(webhooks).set({ position: neighbour.position }).where(eq(webhooks.id, webhook.id));
    await tx.update(webhooks).set({ position: webhook.position }).where(eq(webhooks.id, neighbour.id));
    return true;
  });
}
