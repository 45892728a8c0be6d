import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, not, notExists, or, sql } from "drizzle-orm";

import { type Db, db } from "~/db/client.server";
import {
  deliveryAttempts,
  eventDeliveries,
  type EventDelivery,
  type EventWebhook,
  eventWebhooks,
  type OutboxEvent,
  outboxEvents,
} from "~/db/schema";
import type { DeliveryChannel, OutboxEventType } from "~/lib/domain";

// The outbox's rows: events written beside what they report, their deliveries, and
// each attempt. The worker that moves them is app/services/outbox/worker.server.ts.

/** A transaction or the database: an event is written in the caller's transaction. */
type Writer = Pick<Db, "insert">;

export async function recordEvent(
  writer: Writer,
  type: OutboxEventType,
  data: Record<string, unknown>,
  options: { eventWebhookId?: string } = {},
): Promise<void> {
  await writer.insert(outboxEvents).values({ type, data, eventWebhookId: options.eventWebhookId ?? null });
}

/**
 * Makes the deliveries of up to `limit` events not yet dispatched, oldest first, in one short
 * transaction: one delivery for each active event webhook subscribed to the type (a test event:
 * its one webhook), and one for each of `channelsFor(type)`, due at `now` (the worker's clock).
 * Rows another worker holds are skipped, so each event is dispatched once. Returns how many
 * events it dispatched.
 */
export function dispatchEvents(
  limit: number,
  channelsFor: (type: OutboxEventType) => Exclude<DeliveryChannel, "webhook">[],
  now: Date,
): Promise<number> {
  return db().transaction(async (tx) => {
    const events = await tx
      .select({ id: outboxEvents.id, type: outboxEvents.type, eventWebhookId: outboxEvents.eventWebhookId })
      .from(outboxEvents)
      .where(isNull(outboxEvents.dispatchedAt))
      .orderBy(asc(outboxEvents.createdAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (events.length === 0) return 0;
    const subscribers = await tx
      .select({ id: eventWebhooks.id, events: eventWebhooks.events })
      .from(eventWebhooks)
      .where(eq(eventWebhooks.isActive, true));
    const deliveries: (typeof eventDeliveries.$inferInsert)[] = [];
    for (const event of events) {
      const webhookIds = event.eventWebhookId
        ? [event.eventWebhookId]
        : subscribers.filter((webhook) => (webhook.events as string[]).includes(event.type)).map(({ id }) => id);
      const channels = [
        ...webhookIds.map((eventWebhookId) => ({ channel: "webhook" as const, eventWebhookId })),
        ...channelsFor(event.type).map((channel) => ({ channel })),
      ];
      for (const target of channels) deliveries.push({ eventId: event.id, nextAttemptAt: now, ...target });
    }
    if (deliveries.length > 0) await tx.insert(eventDeliveries).values(deliveries);
    await tx
      .update(outboxEvents)
      .set({ dispatchedAt: sql`now()` })
      .where(
        inArray(
          outboxEvents.id,
          events.map(({ id }) => id),
        ),
      );
    return events.length;
  });
}

export type DueDelivery = Pick<EventDelivery, "id" | "channel" | "attempts"> & {
  event: Pick<OutboxEvent, "id" | "type" | "data" | "createdAt">;
  webhook: EventWebhook | null;
};

/** Serializes the workers' claims (any constant of ours: app/db/migrate.server.ts uses another). */
const CLAIM_LOCK_KEY = 1_757_017;

/**
 * Takes up to `limit` deliveries due at `now` for this worker until `now + leaseMs`: no other
 * worker takes them meanwhile (the row locks are held only for the claim's short transaction; the
 * lease after it). A worker that dies holding a lease leaves its deliveries to be taken up once it
 * expires.
 *
 * An order's Airtable deliveries go one at a time across instances: two upserts of one order at
 * once could each create its row. One that another worker holds keeps the order's others back
 * until it is settled; the claims take turns (an advisory lock), so two cannot both find none held.
 * Within one batch the handler takes them in turn (app/services/outbox/airtable.server.ts).
 *
 * Each lane (an event webhook, or a channel such as the staff email) holds at most `perLane`
 * leases at once, counted across every worker: an endpoint that never answers then ties up its own
 * lane only, and everyone else's deliveries are still claimed (app/services/outbox/worker.server.ts).
 */
export async function claimDueDeliveries(
  now: Date,
  leaseMs: number,
  limit: number,
  perLane = Number.POSITIVE_INFINITY,
): Promise<DueDelivery[]> {
  const airtableOrderHeld = sql`(${eventDeliveries.channel} = 'airtable' and exists (
    select 1 from event_deliveries held
      join outbox_events held_event on held_event.id = held.event_id
      join outbox_events this_event on this_event.id = ${eventDeliveries.eventId}
    where held.channel = 'airtable' and held.status = 'pending'
      and held.locked_until > ${now.toISOString()}::timestamptz
      and held_event.data ->> 'id' = this_event.data ->> 'id'))`;
  const isDue = and(
    eq(eventDeliveries.status, "pending"),
    lte(eventDeliveries.nextAttemptAt, now),
    or(isNull(eventDeliveries.lockedUntil), lte(eventDeliveries.lockedUntil, now)),
  );
  // Most runs find nothing due: one read then, not the lock's transaction.
  const [any] = await db().select({ id: eventDeliveries.id }).from(eventDeliveries).where(isDue).limit(1);
  if (!any) return [];
  const claimed = await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`);
    const laneRoom = Number.isFinite(perLane)
      ? sql`${eventDeliveries.id} in (
          select lane.id from (
            select candidate.id,
              row_number() over (
                partition by candidate.channel, candidate.event_webhook_id
                order by candidate.next_attempt_at, candidate.id) as place
            from event_deliveries candidate
            where candidate.status = 'pending'
              and candidate.next_attempt_at <= ${now.toISOString()}::timestamptz
              and (candidate.locked_until is null or candidate.locked_until <= ${now.toISOString()}::timestamptz)
          ) lane
          join event_deliveries lane_row on lane_row.id = lane.id
          where lane.place + (
            select count(*) from event_deliveries held
            where held.channel = lane_row.channel
              and held.event_webhook_id is not distinct from lane_row.event_webhook_id
              and held.status = 'pending'
              and held.locked_until > ${now.toISOString()}::timestamptz) <= ${perLane})`
      : undefined;
    const due = tx
      .select({ id: eventDeliveries.id })
      .from(eventDeliveries)
      .where(and(isDue, not(airtableOrderHeld), laneRoom))
      .orderBy(asc(eventDeliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    return tx
      .update(eventDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
      .where(inArray(eventDeliveries.id, due))
      .returning({ id: eventDeliveries.id });
  });
  if (claimed.length === 0) return [];
  const rows = await db()
    .select({
      id: eventDeliveries.id,
      channel: eventDeliveries.channel,
      attempts: eventDeliveries.attempts,
      event: {
        id: outboxEvents.id,
        type: outboxEvents.type,
        data: outboxEvents.data,
        createdAt: outboxEvents.createdAt,
      },
      webhook: eventWebhooks,
    })
    .from(eventDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, eventDeliveries.eventId))
    .leftJoin(eventWebhooks, eq(eventWebhooks.id, eventDeliveries.eventWebhookId))
    .where(
      inArray(
        eventDeliveries.id,
        claimed.map(({ id }) => id),
      ),
    );
  return rows;
}

export interface AttemptRecord {
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  response: string | null;
  ok: boolean;
}

/** What becomes of a delivery after an attempt. */
export type AttemptResult =
  { status: "delivered" } | { status: "pending"; nextAttemptAt: Date } | { status: "failed" } | { status: "cancelled" };

/** Logs an attempt and moves the delivery on, releasing its lease. `attempt` is null when none was made (cancelled). */
export async function settleDelivery(
  deliveryId: string,
  attempt: AttemptRecord | null,
  result: AttemptResult,
): Promise<void> {
  await db().transaction(async (tx) => {
    if (attempt) await tx.insert(deliveryAttempts).values({ deliveryId, ...attempt });
    await tx
      .update(eventDeliveries)
      .set({
        status: result.status,
        attempts: attempt ? sql`${eventDeliveries.attempts} + 1` : undefined,
        lastAttemptAt: attempt?.attemptedAt,
        nextAttemptAt: result.status === "pending" ? result.nextAttemptAt : undefined,
        deliveredAt: result.status === "delivered" ? attempt?.attemptedAt : undefined,
        lockedUntil: null,
      })
      .where(eq(eventDeliveries.id, deliveryId));
  });
}

/**
 * An endpoint that answered 410 Gone: switched off, with the reason the admin sees, and its other
 * pending deliveries cancelled.
 */
export async function disableEventWebhook(id: string, reason: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.update(eventWebhooks).set({ isActive: false, disabledReason: reason }).where(eq(eventWebhooks.id, id));
    await tx
      .update(eventDeliveries)
      .set({ status: "cancelled", lockedUntil: null })
      .where(and(eq(eventDeliveries.eventWebhookId, id), eq(eventDeliveries.status, "pending")));
  });
}

/**
 * Redeliver: the delivery starts its schedule again, due now, under the same id (webhook-id),
 * whatever became of it. False when there is no such delivery.
 */
export async function requeueDelivery(id: string): Promise<boolean> {
  const rows = await db()
    .update(eventDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(eq(eventDeliveries.id, id))
    .returning({ id: eventDeliveries.id });
  if (rows.length === 0) return false;
  // Wakes the workers as a new event does (the channel of the outbox_events insert trigger):
  // the redelivery goes out now, not at their next poll, seconds later.
  await db().execute(sql`select pg_notify('outbox_events', '')`);
  return true;
}

/**
 * Deletes up to `limit` events older than `days` with no delivery left to make, with their
 * deliveries and attempts: the log keeps a month, and the events' personal data goes with it.
 */
export async function deleteSettledEventsOlderThan(days: number, limit: number): Promise<number> {
  const old = db()
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(
      and(
        lt(outboxEvents.createdAt, sql`now() - make_interval(days => ${days})`),
        isNotNull(outboxEvents.dispatchedAt),
        notExists(
          db()
            .select({ id: eventDeliveries.id })
            .from(eventDeliveries)
            .where(and(eq(eventDeliveries.eventId, outboxEvents.id), eq(eventDeliveries.status, "pending"))),
        ),
      ),
    )
    .limit(limit);
  const deleted = await db()
    .delete(outboxEvents)
    .where(inArray(outboxEvents.id, old))
    .returning({ id: outboxEvents.id });
  return deleted.length;
}
