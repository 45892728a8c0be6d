import type { ServerResponse } from "node:http";

import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/db/client.server";
import { eventDeliveries, eventWebhooks, integrations, outboxEvents } from "~/db/schema";
import { sealSecret } from "~/lib/secret-box.server";
import { newSigningSecret } from "~/lib/standard-webhooks.server";
import { saveIntegrations } from "~/models/integrations.server";
import { requeueDelivery } from "~/models/outbox.server";
import { startOutboxWorker, stopOutboxWorker } from "~/services/outbox/worker.server";

import { uniqueName, useTestDatabase } from "../support/test-database";
import { answerJson, type ReceivedRequest, startTestServer, type TestServer } from "../support/webhook-server";

// The worker as the server runs it (startOutboxWorker, woken by NOTIFY), while a run waits on an
// attempt that a receiver holds: what it does with the events and the stop that come meanwhile.
// A file of its own: stopping leaves the worker module stopped for the rest of the process.

/** How long a run waits before it dispatches the events that came meanwhile, written out: 250 ms. */
const MIN_GAP_MS = 250;

const api = vi.hoisted(() => ({ url: "" }));
vi.mock("~/lib/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/lib/env.server")>();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), AIRTABLE_API_URL: api.url }) };
});

let server: TestServer;
/** Answers of the requests held at /hold, in arrival order: a run waits on them. */
const held: ServerResponse[] = [];
/** How many /hold requests to hold; the later ones are answered at once. */
let holding = 0;
/** Resolved with each request as it arrives. */
let onRequest: (request: ReceivedRequest) => void = () => {};

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === "/hold" && held.length < holding) held.push(response);
    else answerJson(response, 200, { records: [] });
    onRequest(request);
  });
  api.url = server.url;
});
afterAll(() => server.close());

/** Resolves once `count` requests (in all, since the test began) have reached `path`. */
function requestsAt(path: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (server.received.filter((request) => request.path === path).length >= count) resolve();
    };
    onRequest = check;
    check();
  });
}

function release(): void {
  for (const response of held.splice(0)) answerJson(response, 200, { received: true });
}

async function addEventWebhook(path: string) {
  const [row] = await db()
    .insert(eventWebhooks)
    .values({
      name: uniqueName("Events"),
      url: `${server.url}${path}`,
      events: ["order.created"],
      secret: sealSecret(newSigningSecret()),
    })
    .returning();
  return row;
}

/** An order.created event, as a visitor's order writes it: its own statement, so its own NOTIFY. */
async function addEvent(): Promise<string> {
  const [event] = await db()
    .insert(outboxEvents)
    .values({ type: "order.created", data: { id: uniqueName("order") } })
    .returning({ id: outboxEvents.id });
  return event.id;
}

describe("the outbox worker while a run waits on a held attempt", () => {
  useTestDatabase("postgres");

  beforeEach(async () => {
    await db().delete(outboxEvents);
    await db().delete(eventWebhooks);
    await db().delete(integrations);
    server.received.length = 0;
    holding = 1;
  });
  afterEach(async () => {
    release();
    await stopOutboxWorker();
  });

  /**
   * Starts the worker on one event whose attempt the receiver holds, so a run is under way, then
   * sees a second event delivered: the start's own wake-up is past then, or was that event's.
   */
  async function startHeldRun(): Promise<void> {
    await addEventWebhook("/hold");
    await addEvent();
    await startOutboxWorker();
    await requestsAt("/hold", 1);
    await addEvent();
    await requestsAt("/hold", 2);
  }

  it("dispatches the events that arrive during a run together, MIN_GAP_MS after the first", async () => {
    await startHeldRun();
    // Five orders, each its own statement and NOTIFY: one by one, each would be a dispatch.
    const startedAt = Date.now();
    const burst: { id: string; committedAt: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await addEvent();
      burst.push({ id, committedAt: Date.now() });
    }
    await requestsAt("/hold", 7);

    const rows = await db()
      .select({ id: outboxEvents.id, dispatchedAt: outboxEvents.dispatchedAt })
      .from(outboxEvents)
      .where(
        inArray(
          outboxEvents.id,
          burst.map(({ id }) => id),
        ),
      );
    const dispatchedAt = new Map(rows.map(({ id, dispatchedAt }) => [id, dispatchedAt!.getTime()]));
    // A few ms of leeway: the timer runs on the monotonic clock, dispatched_at is the wall clock's.
    for (const { id } of burst) expect(dispatchedAt.get(id)).toBeGreaterThanOrEqual(startedAt + MIN_GAP_MS - 5);
    // Those in before the wake-up could come went out in one dispatch (on a busy machine, the
    // later ones may have missed it).
    const early = burst.filter(({ committedAt }) => committedAt < startedAt + MIN_GAP_MS - 5);
    expect(early.length).toBeGreaterThan(0);
    expect(new Set(early.map(({ id }) => dispatchedAt.get(id))).size).toBe(1);
  });

  it("reads the channels at each dispatch, so Airtable set up during a run gets its events", async () => {
    await startHeldRun();
    await saveIntegrations({
      airtableToken: "patTestToken.0123",
      airtableBaseId: "appBase",
      airtableTableId: "Orders",
    });
    const id = await addEvent();
    await requestsAt("/hold", 3);

    const deliveries = await db()
      .select({ channel: eventDeliveries.channel })
      .from(eventDeliveries)
      .where(eq(eventDeliveries.eventId, id));
    expect(deliveries.map(({ channel }) => channel).toSorted()).toEqual(["airtable", "webhook"]);
  });

  it("sends a redelivery at once, not at the next poll", async () => {
    await startHeldRun();
    const delivered = () => db().select().from(eventDeliveries).where(eq(eventDeliveries.status, "delivered"));
    await expect.poll(async () => (await delivered()).length).toBe(1);
    const [delivery] = await delivered();

    const requeuedAt = Date.now();
    expect(await requeueDelivery(delivery.id)).toBe(true);
    await requestsAt("/hold", 3);
    // The worker's poll comes every 5 s (POLL_MS), its first one 5 s after the start.
    expect(Date.now() - requeuedAt).toBeLessThan(2_500);
  });

  it("claims nothing more once stopped, and ends with the attempts in flight", async () => {
    // Six deliveries in one lane: the run holds four (LANE_CONCURRENCY), two wait for room.
    holding = 4;
    await addEventWebhook("/hold");
    for (let i = 0; i < 6; i++) await addEvent();
    await startOutboxWorker();
    await requestsAt("/hold", 4);

    const stopped = stopOutboxWorker();
    release();
    await stopped;

    expect(server.received.filter((request) => request.path === "/hold")).toHaveLength(4);
    const statuses = await db()
      .select({ status: eventDeliveries.status, attempts: eventDeliveries.attempts })
      .from(eventDeliveries);
    expect(statuses.filter(({ status }) => status === "delivered")).toHaveLength(4);
    expect(statuses.filter(({ status }) => status === "pending")).toEqual([
      { status: "pending", attempts: 0 },
      { status: "pending", attempts: 0 },
    ]);
  });
});
