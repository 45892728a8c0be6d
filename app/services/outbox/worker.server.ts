import { DELIVERY_LOG_TEXTS, EVENT_WEBHOOK_TEXTS } from "~/copy/admin";
import { getDatabase } from "~/db/client.server";
import type { DeliveryChannel } from "~/lib/domain";
import { log } from "~/lib/log.server";
import {
  type AttemptResult,
  claimDueDeliveries,
  disableEventWebhook,
  dispatchEvents,
  type DueDelivery,
  settleDelivery,
} from "~/models/outbox.server";

import { deliverToAirtable } from "./airtable.server";
import { channelsForEvents } from "./channels.server";
import { closeMailTransport, deliverClientEmail, deliverStaffEmail } from "./email.server";
import { deliverToEventWebhook } from "./event-webhook.server";
import type { DeliveryHandler, DeliveryOutcome } from "./handler";

// The outbox worker: runs in every instance. It dispatches new events into deliveries
// and makes each due attempt; the database decides which worker takes what (SKIP LOCKED, then a
// lease), so two instances never attempt one delivery at once. A visitor's request only writes
// the event; the worker hears of it through NOTIFY, or at the next poll.

/**
 * Waits after a failed attempt, in order: 6 attempts over about 6 hours (5 s, 1 min, 10 min, 1 h,
 * 4 h 45 min), the first soon enough that a receiver restarting loses nothing.
 */
export const RETRY_DELAYS_MS = [5, 60, 600, 3600, 17_100].map((seconds) => seconds * 1000);
/** One attempt's deadline: connecting, sending and reading the answer. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/**
 * Longer than an attempt can take, so a lease ends only for a worker that died (or stalled: then
 * a second attempt goes out under the same webhook-id, which a receiver drops as a duplicate).
 */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 10_000;
const BATCH = 10;
/**
 * Attempts one lane (an event webhook, Airtable, the staff or client email) may have under way at
 * once, across every instance: a receiver that never answers holds its own lane only.
 */
export const LANE_CONCURRENCY = 4;
/** Retries fall due without a notification; a missed notification is caught up here too. */
const POLL_MS = 5_000;
const CHANNEL = "outbox_events";
const RESPONSE_KEPT_CHARS = 500;

export interface OutboxRunOptions {
  /** The clock the schedule reads (tests move it). */
  now?: () => Date;
  timeoutMs?: number;
  /** Handlers to use instead of the built-in ones, by channel (tests). */
  handlers?: Partial<Record<DeliveryChannel, DeliveryHandler>>;
}

const HANDLERS: Partial<Record<DeliveryChannel, DeliveryHandler>> = {
  webhook: deliverToEventWebhook,
  airtable: deliverToAirtable,
  staff_email: deliverStaffEmail,
  client_email: deliverClientEmail,
};

/** When the attempt after `attempts` failed ones is due, or null when they were the last allowed. */
function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

function resultOf(outcome: DeliveryOutcome, attempts: number, now: Date): AttemptResult {
  if (outcome.ok) return { status: "delivered" };
  if (outcome.gone) return { status: "failed" };
  const next = nextAttemptAt(attempts, now);
  return next ? { status: "pending", nextAttemptAt: next } : { status: "failed" };
}

async function attempt(delivery: DueDelivery, options: Required<OutboxRunOptions>): Promise<void> {
  const handler = options.handlers[delivery.channel] ?? HANDLERS[delivery.channel];
  const attemptedAt = options.now();
  if (!handler) {
    // A channel this build cannot deliver (its configuration was removed): logged, not retried.
    await settleDelivery(
      delivery.id,
      {
        attemptedAt,
        statusCode: null,
        durationMs: 0,
        response: DELIVERY_LOG_TEXTS.noHandler(delivery.channel),
        ok: false,
      },
      { status: "failed" },
    );
    return;
  }
  const startedAt = performance.now();
  let outcome: DeliveryOutcome;
  try {
    outcome = await handler(delivery, { now: attemptedAt, timeoutMs: options.timeoutMs });
  } catch (error) {
    outcome = { ok: false, statusCode: null, response: error instanceof Error ? error.message : String(error) };
  }
  if (outcome.cancelled) {
    await settleDelivery(delivery.id, null, { status: "cancelled" });
    return;
  }
  const record = {
    attemptedAt,
    statusCode: outcome.statusCode,
    durationMs: Math.round(performance.now() - startedAt),
    response: outcome.response?.slice(0, RESPONSE_KEPT_CHARS) ?? null,
    ok: outcome.ok,
  };
  const attempts = delivery.attempts + 1;
  await settleDelivery(delivery.id, record, resultOf(outcome, attempts, options.now()));
  if (outcome.gone && delivery.webhook) {
    await disableEventWebhook(delivery.webhook.id, EVENT_WEBHOOK_TEXTS.goneReason(attemptedAt.toISOString()));
  }
  if (!outcome.ok) {
    log.warn("event delivery failed", {
      delivery: delivery.id,
      channel: delivery.channel,
      type: delivery.event.type,
      attempts,
      status: outcome.statusCode,
    });
  }
}

/** Set by kick() during a run, which then dispatches the new events without waiting for its attempts. */
let kicked = false;
/** Resolved by kick() while a run waits on attempts in flight. */
let wake: (() => void) | undefined;
/** Set by shutdown: the run in progress claims nothing more and ends with its attempts. */
let stopping = false;

/**
 * One run: dispatches the new events, then makes every attempt due at `now()` until none is left.
 * No attempt waits for another: each one claimed starts at once, and the run claims again as soon
 * as any ends (its lane has room) or a new event arrives, so a slow receiver delays nobody else's
 * deliveries. Returns how many attempts it made.
 */
export async function runOutbox(options: OutboxRunOptions = {}): Promise<number> {
  const settled: Required<OutboxRunOptions> = {
    now: options.now ?? (() => new Date()),
    timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    handlers: options.handlers ?? {},
  };
  const inFlight = new Set<Promise<void>>();
  let made = 0;
  let dispatch = true;
  for (;;) {
    if (stopping) {
      await Promise.allSettled(inFlight);
      return made;
    }
    if (dispatch) {
      // Read at each dispatch: a run under steady traffic can outlast a change of channels.
      const channelsFor = await channelsForEvents();
      while ((await dispatchEvents(BATCH * 10, channelsFor, settled.now())) > 0);
    }
    dispatch = false;
    const due = await claimDueDeliveries(settled.now(), LEASE_MS, BATCH, LANE_CONCURRENCY);
    for (const delivery of due) {
      // A database error here leaves the lease to run out, and the delivery to be taken up again.
      const running = attempt(delivery, settled)
        .catch((error: unknown) => log.error("outbox attempt failed", { delivery: delivery.id, error }))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    made += due.length;
    if (due.length === BATCH) continue;
    if (inFlight.size === 0) return made;
    if (!kicked) await Promise.race([...inFlight, new Promise<void>((resolve) => (wake = resolve))]);
    wake = undefined;
    dispatch = kicked;
    kicked = false;
  }
}

/**
 * The least time from the end of one run to the start of the next. A burst of visitors' events
 * (a campaign's orders) then makes a few runs of many events each, not one run per event: on the
 * embedded database, where the worker and the visitors share one connection, a run after every
 * order halved the orders the site took per second (123 to 54 at 50 connections, npm run bench).
 */
const MIN_GAP_MS = 250;

let timer: NodeJS.Timeout | undefined;
let unlisten: (() => Promise<void>) | undefined;
let running: Promise<void> | undefined;
let again = false;
let deferred: NodeJS.Timeout | undefined;
let wakeLater: NodeJS.Timeout | undefined;
let lastEndedAt = -Infinity;

/**
 * Runs the outbox now, or once more after the run in progress, at least MIN_GAP_MS after the last
 * one ended: never two runs at once in one process.
 */
function kick(): void {
  if (running) {
    again = true;
    // Events that arrive during a run are dispatched together, MIN_GAP_MS apart, not one by one.
    wakeLater ??= setTimeout(() => {
      wakeLater = undefined;
      kicked = true;
      wake?.();
    }, MIN_GAP_MS).unref();
    return;
  }
  const wait = lastEndedAt + MIN_GAP_MS - performance.now();
  if (wait > 0) {
    deferred ??= setTimeout(() => {
      deferred = undefined;
      if (timer) kick();
    }, wait).unref();
    return;
  }
  running = runOutbox()
    .then(
      () => undefined,
      (error: unknown) => log.error("outbox run failed", { error }),
    )
    .finally(() => {
      running = undefined;
      lastEndedAt = performance.now();
      if (again && timer) {
        again = false;
        kick();
      }
    });
}

/** Start-up: deliver what is pending (what a stopped instance left too), then keep at it. */
export async function startOutboxWorker(): Promise<void> {
  if (timer) return;
  stopping = false;
  timer = setInterval(kick, POLL_MS).unref();
  try {
    unlisten = await getDatabase().listen(CHANNEL, kick, kick);
  } catch (error) {
    log.warn("outbox: no notifications; polling only", { error });
  }
  kick();
}

/** How long shutdown waits for the run in progress, within server/main.ts's drain time. */
const STOP_WAIT_MS = 3_000;

/**
 * Shutdown: no new runs; the one in progress has STOP_WAIT_MS to finish. An attempt cut short is
 * made again once its lease ends, under the same webhook-id.
 */
export async function stopOutboxWorker(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  clearTimeout(deferred);
  deferred = undefined;
  clearTimeout(wakeLater);
  wakeLater = undefined;
  again = false;
  stopping = true;
  wake?.();
  const current = unlisten;
  unlisten = undefined;
  await current?.().catch(() => {});
  if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
  closeMailTransport();
}
