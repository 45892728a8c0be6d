import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";

import { EVENT_WEBHOOK_TEXTS } from "~/copy/admin";
import { db, withReadRetry } from "~/db/client.server";
import { keysetCursor, type KeysetPage, keysetPage } from "~/db/keyset.server";
import { deliveryAttempts, eventDeliveries, type EventWebhook, eventWebhooks, outboxEvents } from "~/db/schema";
import { type DeliveryChannel, TEST_EVENT_TYPE } from "~/lib/domain";
import { eventBody } from "~/lib/event-body";
import type { PageRequest } from "~/lib/keyset";
import { needsResealing, openSecret, sealSecret, unknownKeyId } from "~/lib/secret-box.server";
import { newSigningSecret } from "~/lib/standard-webhooks.server";

import { recordEvent } from "./outbox.server";

// The event webhooks as the admin manages them, and the delivery log of the outbox.
// Signing secrets are write-only: they leave this module in plain text once, when made (create,
// rotate); every other answer carries no secret, sealed or not.

export type EventWebhookInput = Pick<EventWebhook, "name" | "url" | "events" | "isActive">;

/** An event webhook without its secrets. */
export type EventWebhookView = Omit<EventWebhook, "secret" | "previousSecret">;

/** After a rotation the old secret keeps signing, beside the new one, for this long. */
export const PREVIOUS_SECRET_HOURS = 24;

const VIEW = {
  id: eventWebhooks.id,
  name: eventWebhooks.name,
  url: eventWebhooks.url,
  events: eventWebhooks.events,
  isActive: eventWebhooks.isActive,
  previousSecretExpiresAt: eventWebhooks.previousSecretExpiresAt,
  disabledReason: eventWebhooks.disabledReason,
  createdAt: eventWebhooks.createdAt,
  updatedAt: eventWebhooks.updatedAt,
};

/** Oldest first, like the chat webhooks beside them. */
export function listEventWebhooks(): Promise<EventWebhookView[]> {
  return withReadRetry(() => db().select(VIEW).from(eventWebhooks).orderBy(eventWebhooks.createdAt, eventWebhooks.id));
}

export async function getEventWebhook(id: string): Promise<EventWebhookView | null> {
  const [row] = await withReadRetry(() => db().select(VIEW).from(eventWebhooks).where(eq(eventWebhooks.id, id)));
  return row ?? null;
}

/** A new event webhook and its signing secret in plain text: the one time it is shown. */
export async function createEventWebhook(
  input: EventWebhookInput,
): Promise<{ webhook: EventWebhookView; secret: string }> {
  const secret = newSigningSecret();
  const [webhook] = await db()
    .insert(eventWebhooks)
    .values({ ...input, secret: sealSecret(secret) })
    .returning(VIEW);
  return { webhook, secret };
}

/** Switching a webhook on clears why the worker switched it off (a 410 Gone). */
export async function updateEventWebhook(id: string, input: EventWebhookInput): Promise<EventWebhookView | null> {
  const [row] = await db()
    .update(eventWebhooks)
    .set({ ...input, disabledReason: input.isActive ? null : undefined })
    .where(eq(eventWebhooks.id, id))
    .returning(VIEW);
  return row ?? null;
}

/**
 * A new signing secret, returned in plain text once. The current one becomes the previous one,
 * which keeps signing for PREVIOUS_SECRET_HOURS, so a receiver has time to take the new one; a
 * previous secret from an earlier rotation is dropped. One statement: SET reads the old row.
 */
export async function rotateEventWebhookSecret(
  id: string,
): Promise<{ webhook: EventWebhookView; secret: string } | null> {
  const secret = newSigningSecret();
  const [webhook] = await db()
    .update(eventWebhooks)
    .set({
      secret: sealSecret(secret),
      previousSecret: sql`${eventWebhooks.secret}`,
      previousSecretExpiresAt: sql`now() + ${sql.raw(`interval '${PREVIOUS_SECRET_HOURS} hours'`)}`,
    })
    .where(eq(eventWebhooks.id, id))
    .returning(VIEW);
  return webhook ? { webhook, secret } : null;
}

/** Its deliveries and their attempts go with it (foreign keys on delete cascade). */
export async function deleteEventWebhook(id: string): Promise<boolean> {
  const rows = await db().delete(eventWebhooks).where(eq(eventWebhooks.id, id)).returning({ id: eventWebhooks.id });
  return rows.length > 0;
}

export const TEST_EVENT_MESSAGE = EVENT_WEBHOOK_TEXTS.testEventMessage;

/**
 * "Send test event": an event for this webhook alone, whatever it subscribes to and whether or
 * not it is active; the worker delivers it like any other. False when there is no such webhook.
 */
export async function sendTestEvent(id: string): Promise<boolean> {
  const webhook = await getEventWebhook(id);
  if (!webhook) return false;
  await recordEvent(
    db(),
    TEST_EVENT_TYPE,
    { message: TEST_EVENT_MESSAGE, webhook_name: webhook.name },
    { eventWebhookId: id },
  );
  return true;
}

// ---- The delivery log ----

/** A delivery's id, as the outbox makes it (the webhook-id header): page cursors end with one. */
export const DeliveryIdSchema = z.string().regex(/^msg_[0-9a-f]{32}$/);

/** One event webhook's deliveries, or those of the site's own channels (email, Airtable). */
export type DeliveryLogFilter =
  { eventWebhookId: string } | { channels: readonly Exclude<DeliveryChannel, "webhook">[] };

export interface LoggedAttempt {
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  response: string | null;
  ok: boolean;
}

export interface LoggedDelivery {
  id: string;
  channel: DeliveryChannel;
  status: (typeof eventDeliveries.$inferSelect)["status"];
  attempts: number;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
  eventType: string;
  /** What an event webhook's attempts sent (the same body each time); null for email and Airtable. */
  payload: string | null;
  cursor: string;
  /** Newest first: every attempt, those before a Redeliver included. */
  attemptLog: LoggedAttempt[];
}

const KEYSET = { at: eventDeliveries.createdAt, id: eventDeliveries.id };

function filterCondition(filter: DeliveryLogFilter) {
  return "eventWebhookId" in filter
    ? eq(eventDeliveries.eventWebhookId, filter.eventWebhookId)
    : inArray(eventDeliveries.channel, [...filter.channels]);
}

/**
 * One page of the delivery log, newest first: keyset on (created_at, id), served by the
 * (event_webhook_id, created_at, id) and (channel, created_at, id) indexes; then the page's
 * attempts in one query.
 */
export async function listDeliveryPage(
  filter: DeliveryLogFilter,
  request: PageRequest,
): Promise<KeysetPage<LoggedDelivery>> {
  const page = await keysetPage(request, KEYSET, (slice) =>
    withReadRetry(() =>
      db()
        .select({
          id: eventDeliveries.id,
          channel: eventDeliveries.channel,
          status: eventDeliveries.status,
          attempts: eventDeliveries.attempts,
          nextAttemptAt: eventDeliveries.nextAttemptAt,
          deliveredAt: eventDeliveries.deliveredAt,
          createdAt: eventDeliveries.createdAt,
          eventType: outboxEvents.type,
          eventCreatedAt: outboxEvents.createdAt,
          eventData: outboxEvents.data,
          cursor: keysetCursor(KEYSET),
        })
        .from(eventDeliveries)
        .innerJoin(outboxEvents, eq(outboxEvents.id, eventDeliveries.eventId))
        .where(and(filterCondition(filter), slice.where))
        .orderBy(...slice.orderBy)
        .limit(slice.limit),
    ),
  );
  const ids = page.rows.map((row) => row.id);
  const attempts =
    ids.length === 0
      ? []
      : await withReadRetry(() =>
          db()
            .select({
              deliveryId: deliveryAttempts.deliveryId,
              attemptedAt: deliveryAttempts.attemptedAt,
              statusCode: deliveryAttempts.statusCode,
              durationMs: deliveryAttempts.durationMs,
              response: deliveryAttempts.response,
              ok: deliveryAttempts.ok,
            })
            .from(deliveryAttempts)
            .where(inArray(deliveryAttempts.deliveryId, ids))
            .orderBy(desc(deliveryAttempts.attemptedAt), desc(deliveryAttempts.id)),
        );
  const byDelivery = new Map<string, LoggedAttempt[]>(ids.map((id) => [id, []]));
  for (const { deliveryId, ...attempt } of attempts) byDelivery.get(deliveryId)?.push(attempt);
  const toWebhook = "eventWebhookId" in filter;
  return {
    ...page,
    rows: page.rows.map(({ eventCreatedAt, eventData, ...row }) => ({
      ...row,
      payload: toWebhook ? eventBody({ type: row.eventType, createdAt: eventCreatedAt, data: eventData }) : null,
      attemptLog: byDelivery.get(row.id) ?? [],
    })),
  };
}

/** Whether the delivery `id` is in the log `filter` shows: Redeliver acts only on what the page lists. */
export async function deliveryInLog(id: string, filter: DeliveryLogFilter): Promise<{ eventType: string } | undefined> {
  const [row] = await withReadRetry(() =>
    db()
      .select({ eventType: outboxEvents.type })
      .from(eventDeliveries)
      .innerJoin(outboxEvents, eq(outboxEvents.id, eventDeliveries.eventId))
      .where(and(eq(eventDeliveries.id, id), filterCondition(filter))),
  );
  return row;
}

/**
 * Start-up, after a SECRETS_KEY rotation: seals again the signing secrets sealed with the previous
 * key (as app/models/integrations.server.ts does the integrations'), so that removing
 * SECRETS_KEY_PREVIOUS later leaves every endpoint signing. Returns how many it sealed.
 */
export async function resealEventWebhookSecrets(): Promise<number> {
  const rows = await db()
    .select({ id: eventWebhooks.id, secret: eventWebhooks.secret, previousSecret: eventWebhooks.previousSecret })
    .from(eventWebhooks);
  let sealed = 0;
  for (const row of rows) {
    const stale = needsResealing(row.secret) || (row.previousSecret !== null && needsResealing(row.previousSecret));
    if (!stale) continue;
    await db()
      .update(eventWebhooks)
      .set({
        secret: sealSecret(openSecret(row.secret)),
        previousSecret: row.previousSecret === null ? null : sealSecret(openSecret(row.previousSecret)),
      })
      .where(eq(eventWebhooks.id, row.id));
    sealed += 1;
  }
  return sealed;
}

/** The ids of the missing keys that sealed signing secrets (a database restored without its SECRETS_KEY). */
export async function missingEventSecretKeyIds(): Promise<string[]> {
  const rows = await db()
    .select({ secret: eventWebhooks.secret, previousSecret: eventWebhooks.previousSecret })
    .from(eventWebhooks);
  const ids = rows.flatMap((row) => [row.secret, row.previousSecret].map((value) => value && unknownKeyId(value)));
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}
