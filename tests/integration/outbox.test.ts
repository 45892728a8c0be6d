import { spawn } from "node:child_process";
import { webcrypto } from "node:crypto";

import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { chatMessages, deliveryAttempts, eventDeliveries, eventWebhooks, outboxEvents } from "~/db/schema";
import type { EventType } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { sealSecret } from "~/lib/secret-box.server";
import { newSigningSecret } from "~/lib/standard-webhooks.server";
import { createContactMessage } from "~/models/contact-messages.server";
import { createOrder, updateOrderStatus } from "~/models/orders.server";
import { claimDueDeliveries, requeueDelivery, settleDelivery } from "~/models/outbox.server";
import { createService } from "~/models/services.server";
import { runOutbox } from "~/services/outbox/worker.server";
import { deleteExpiredRecords } from "~/services/retention.server";

import { ROOT } from "../support/built-server";
import { createTestChatMessage } from "../support/factories";
import { productText } from "../support/product-text";
import { BACKENDS, createPostgresDatabase, postgresUrl, uniqueName, useTestDatabase } from "../support/test-database";
import { answerJson, type ReceivedRequest, startTestServer, type TestServer } from "../support/webhook-server";

// The outbox: events written with what they report, delivered by the worker as Standard
// Webhooks, retried on a schedule read from a clock the tests move.

/**
 * The waits after each failed attempt, written out rather than read from the worker, so a changed
 * schedule fails here: 5 s, 1 min, 10 min, 1 h, 4 h 45 min (about 6 hours in all).
 */
const RETRY_SCHEDULE_MS = [5_000, 60_000, 600_000, 3_600_000, 17_100_000];

/**
 * The receiver's check, written from the Standard Webhooks specification with WebCrypto rather
 * than the app's node:crypto helper: true when any of the space-separated signatures matches.
 */
async function verifies(secret: string, request: ReceivedRequest): Promise<boolean> {
  const id = String(request.headers["webhook-id"]);
  const timestamp = String(request.headers["webhook-timestamp"]);
  const key = await webcrypto.subtle.importKey(
    "raw",
    Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (c) => c.charCodeAt(0)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${request.body.toString("utf8")}`);
  for (const entry of String(request.headers["webhook-signature"]).split(" ")) {
    const [version, value] = entry.split(",");
    if (version !== "v1") continue;
    const mac = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    if (await webcrypto.subtle.verify("HMAC", key, mac, signed)) return true;
  }
  return false;
}

let server: TestServer;
/** How each path answers, in turn: a status, or "hang" (no answer). The last one repeats. */
const answers = new Map<string, (number | "hang")[]>();
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const queue = answers.get(request.path) ?? [200];
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    if (answer === "hang") return;
    if (request.path === "/slow") {
      setTimeout(() => answerJson(response, answer, { received: true }), 150);
      return;
    }
    answerJson(response, answer, { received: true, note: "x".repeat(2000) });
  });
});
afterAll(() => server.close());

function receivedAt(path: string) {
  return server.received.filter((request) => request.path === path);
}

async function addEventWebhook(
  path: string,
  events: EventType[],
  options: { isActive?: boolean; previousSecret?: string; previousSecretExpiresAt?: Date } = {},
) {
  const secret = newSigningSecret();
  const [row] = await db()
    .insert(eventWebhooks)
    .values({
      name: uniqueName("Events"),
      url: `${server.url}${path}`,
      events,
      isActive: options.isActive ?? true,
      secret: sealSecret(secret),
      previousSecret: options.previousSecret ? sealSecret(options.previousSecret) : null,
      previousSecretExpiresAt: options.previousSecretExpiresAt ?? null,
    })
    .returning();
  return { ...row, plainSecret: secret };
}

async function placeOrder(clientName = uniqueName("Client")) {
  const service = await createService({
    name: uniqueName("Service"),
    description: "Automates invoices",
    category: "ai-automation",
    setupPrice: 149,
    monthlyPrice: 29,
  });
  return createOrder({ clientName, clientEmail: "client@example.com", serviceId: service.id });
}

function deliveriesOf(webhookId: string) {
  return db()
    .select()
    .from(eventDeliveries)
    .where(eq(eventDeliveries.eventWebhookId, webhookId))
    .orderBy(asc(eventDeliveries.createdAt));
}

function attemptsOf(deliveryId: string) {
  return db()
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryId, deliveryId))
    .orderBy(asc(deliveryAttempts.attemptedAt));
}

const at = (base: Date, ms: number) => () => new Date(base.getTime() + ms);

describe.each(BACKENDS)("the outbox on %s", (backend) => {
  useTestDatabase(backend);

  beforeEach(async () => {
    await db().delete(outboxEvents);
    await db().delete(eventWebhooks);
    server.received.length = 0;
    answers.clear();
  });

  it("delivers each event to the webhooks subscribed to it, signed as Standard Webhooks", async () => {
    const orders = await addEventWebhook("/orders", ["order.created", "order.status_changed"]);
    const contacts = await addEventWebhook("/contacts", ["contact.created"]);
    const order = await placeOrder();
    await updateOrderStatus(order.id, "paid");
    await createContactMessage({ name: "Ada", email: "ada@example.com", message: "Hello" });
    await createContactMessage({ name: "Lin", email: "lin@example.com", message: "Call me", chatSessionId: "s1" });
    const before = Math.floor(Date.now() / 1000);
    expect(await runOutbox()).toBe(3);

    const [created, changed] = receivedAt("/orders");
    expect(receivedAt("/orders")).toHaveLength(2);
    for (const request of [created, changed]) {
      expect(request.method).toBe("POST");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["user-agent"]).toBe(productText("automation-agency-site/1.0"));
      expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(request.headers["webhook-timestamp"]) - before)).toBeLessThan(60);
      expect(await verifies(orders.plainSecret, request)).toBe(true);
      expect(await verifies(contacts.plainSecret, request)).toBe(false);
    }
    expect(created.json).toMatchObject({
      type: "order.created",
      timestamp: order.createdAt.toISOString(),
      data: {
        id: order.id,
        client_name: order.clientName,
        client_email: "client@example.com",
        setup_price: 149,
        monthly_price: 29,
        total_price: 178,
        status: "pending",
        status_url: `/order/status/${order.statusToken}`,
      },
    });
    expect(order.statusToken).toMatch(/^[0-9a-f]{64}$/);
    expect(changed.json).toMatchObject({
      type: "order.status_changed",
      data: { id: order.id, status: "paid", previous_status: "pending" },
    });
    // A tampered body fails the check.
    expect(await verifies(orders.plainSecret, { ...created, body: Buffer.from(created.body.toString() + " ") })).toBe(
      false,
    );

    // contact.created to its subscriber only; the chat's lead is an event of its own, which nobody here takes.
    expect(receivedAt("/contacts").map((request) => request.json)).toMatchObject([
      { type: "contact.created", data: { name: "Ada", email: "ada@example.com", chat_session_id: null } },
    ]);
    const types = await db().select({ type: outboxEvents.type }).from(outboxEvents);
    expect(types.map(({ type }) => type).sort()).toEqual([
      "chat.lead_captured",
      "contact.created",
      "order.created",
      "order.status_changed",
    ]);
    // Setting the same status again changes nothing, so it is no event.
    await updateOrderStatus(order.id, "paid");
    expect(await db().$count(outboxEvents)).toBe(4);
  });

  it("records chat.conversation_started once, with the visitor's first message", async () => {
    const sessionId = `session_${Date.now()}_outbox`;
    await createTestChatMessage(db(), { sessionId, message: "Hi, do you do invoices?", isUserMessage: true });
    await createTestChatMessage(db(), { sessionId, message: "We do!", isUserMessage: false });
    await createTestChatMessage(db(), { sessionId, message: "Great", isUserMessage: true });
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.type, "chat.conversation_started"));
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      session_id: sessionId,
      message: "Hi, do you do invoices?",
      media_url: null,
    });
    await db().delete(chatMessages).where(eq(chatMessages.sessionId, sessionId));
  });

  it("signs with the old secret too for 24 hours after a rotation", async () => {
    const oldSecret = newSigningSecret();
    const now = new Date();
    const webhook = await addEventWebhook("/rotated", ["order.created"], {
      previousSecret: oldSecret,
      previousSecretExpiresAt: new Date(now.getTime() + 24 * 3600_000),
    });
    await placeOrder();
    await runOutbox({ now: () => now });
    const [during] = receivedAt("/rotated");
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(await verifies(webhook.plainSecret, during)).toBe(true);
    expect(await verifies(oldSecret, during)).toBe(true);

    await placeOrder();
    await runOutbox({ now: at(now, 24 * 3600_000 + 1000) });
    const after = receivedAt("/rotated")[1];
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(await verifies(webhook.plainSecret, after)).toBe(true);
    expect(await verifies(oldSecret, after)).toBe(false);
  });

  it("retries after a 500 and a time-out on the back-off schedule, under one webhook-id", async () => {
    answers.set("/flaky", [500, "hang", 200]);
    const webhook = await addEventWebhook("/flaky", ["order.created"]);
    await placeOrder();
    const t0 = new Date();
    await runOutbox({ now: () => t0, timeoutMs: 300 });
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
    expect(delivery.nextAttemptAt.getTime()).toBe(t0.getTime() + RETRY_SCHEDULE_MS[0]);

    // Not yet due: nothing is sent.
    expect(await runOutbox({ now: at(t0, RETRY_SCHEDULE_MS[0] - 100), timeoutMs: 300 })).toBe(0);
    expect(receivedAt("/flaky")).toHaveLength(1);

    const t1 = t0.getTime() + RETRY_SCHEDULE_MS[0];
    expect(await runOutbox({ now: () => new Date(t1), timeoutMs: 300 })).toBe(1);
    const [afterTimeout] = await deliveriesOf(webhook.id);
    expect(afterTimeout).toMatchObject({ status: "pending", attempts: 2 });
    expect(afterTimeout.nextAttemptAt.getTime()).toBe(t1 + RETRY_SCHEDULE_MS[1]);

    await runOutbox({ now: () => new Date(t1 + RETRY_SCHEDULE_MS[1]), timeoutMs: 300 });
    const [done] = await deliveriesOf(webhook.id);
    expect(done).toMatchObject({ status: "delivered", attempts: 3, lockedUntil: null });

    const attempts = await attemptsOf(done.id);
    expect(attempts.map(({ statusCode, ok }) => [statusCode, ok])).toEqual([
      [500, false],
      [null, false],
      [200, true],
    ]);
    expect(attempts[1].response).toBe("No answer within 300 ms");
    // The answer's first 500 characters are kept: its 25-character start, then the note's x's.
    expect(attempts[2].response).toBe(`{"received":true,"note":"${"x".repeat(475)}`);
    expect(attempts[2].durationMs).toBeGreaterThanOrEqual(0);
    const ids = new Set(receivedAt("/flaky").map((request) => request.headers["webhook-id"]));
    expect([...ids]).toEqual([done.id]);
  });

  it("gives up after six attempts over about six hours", async () => {
    answers.set("/down", [503]);
    const webhook = await addEventWebhook("/down", ["order.created"]);
    await placeOrder();
    let now = Date.now();
    await runOutbox({ now: () => new Date(now) });
    for (const delay of RETRY_SCHEDULE_MS) {
      now += delay;
      expect(await runOutbox({ now: () => new Date(now) })).toBe(1);
    }
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: 6 });
    const total = RETRY_SCHEDULE_MS.reduce((sum, delay) => sum + delay, 0) / 3600_000;
    expect(total).toBeGreaterThan(5.5);
    expect(total).toBeLessThan(6.5);
    expect(await runOutbox({ now: () => new Date(now + 86_400_000) })).toBe(0);
    expect(receivedAt("/down")).toHaveLength(6);

    // Redeliver: the schedule starts again, under the same webhook-id.
    answers.set("/down", [200]);
    expect(await requeueDelivery(delivery.id)).toBe(true);
    await runOutbox();
    const [again] = await deliveriesOf(webhook.id);
    expect(again).toMatchObject({ status: "delivered", attempts: 1 });
    expect(receivedAt("/down").at(-1)!.headers["webhook-id"]).toBe(delivery.id);
    expect(await attemptsOf(delivery.id)).toHaveLength(7);
  });

  it("switches off an endpoint that answers 410 Gone and sends it nothing more", async () => {
    answers.set("/gone", [410]);
    const webhook = await addEventWebhook("/gone", ["order.created", "order.status_changed"]);
    const order = await placeOrder();
    await runOutbox();
    const [row] = await db().select().from(eventWebhooks).where(eq(eventWebhooks.id, webhook.id));
    expect(row.isActive).toBe(false);
    expect(row.disabledReason).toMatch(/^Answered 410 Gone on \d{4}-/);
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery.status).toBe("failed");

    await updateOrderStatus(order.id, "paid");
    expect(await runOutbox()).toBe(0);
    expect(receivedAt("/gone")).toHaveLength(1);
  });

  it("cancels the retries of an endpoint switched off, but still sends it a test event", async () => {
    answers.set("/off", [500, 200]);
    const webhook = await addEventWebhook("/off", ["order.created"]);
    await placeOrder();
    const t0 = new Date();
    await runOutbox({ now: () => t0 });
    await db().update(eventWebhooks).set({ isActive: false }).where(eq(eventWebhooks.id, webhook.id));
    expect(await runOutbox({ now: at(t0, RETRY_SCHEDULE_MS[0]) })).toBe(1);
    const [cancelled] = await deliveriesOf(webhook.id);
    expect(cancelled).toMatchObject({ status: "cancelled", attempts: 1 });
    expect(await attemptsOf(cancelled.id)).toHaveLength(1);

    await db()
      .insert(outboxEvents)
      .values({ type: "webhook.test", data: { message: "test" }, eventWebhookId: webhook.id });
    await runOutbox();
    expect(receivedAt("/off").map((request) => (request.json as { type: string }).type)).toEqual([
      "order.created",
      "webhook.test",
    ]);
  });

  it("forgets events after the log's 30 days, once nothing is left to deliver", async () => {
    answers.set("/kept", [200, 500]);
    await addEventWebhook("/kept", ["order.created"]);
    await placeOrder();
    await placeOrder();
    await runOutbox();
    const deliveries = await db().select().from(eventDeliveries);
    const delivered = deliveries.find(({ status }) => status === "delivered")!;
    const retrying = deliveries.find(({ status }) => status === "pending")!;
    expect([delivered, retrying].every(Boolean)).toBe(true);
    await db()
      .update(outboxEvents)
      .set({ createdAt: sql`now() - interval '31 days'` });
    await placeOrder();
    expect(await deleteExpiredRecords()).toMatchObject({ events: 1 });
    const left = await db().select({ id: outboxEvents.id }).from(outboxEvents);
    expect(left).toHaveLength(2);
    expect(left.map(({ id }) => id)).toContain(retrying.eventId);
    expect(await attemptsOf(delivered.id)).toEqual([]);
  });

  it("makes one delivery of each event when two workers run at once", async () => {
    const webhook = await addEventWebhook("/slow", ["order.created"]);
    for (let i = 0; i < 12; i++) await placeOrder();
    const [first, second] = await Promise.all([runOutbox(), runOutbox()]);
    expect(first + second).toBe(12);
    const ids = receivedAt("/slow").map((request) => request.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toHaveLength(12);
    const deliveries = await deliveriesOf(webhook.id);
    expect(deliveries.every((delivery) => delivery.status === "delivered" && delivery.attempts === 1)).toBe(true);
  });

  it("lets one worker at a time hold an order's Airtable deliveries, and any worker its other ones", async () => {
    const now = new Date();
    /** An order event's deliveries, all due: Airtable for `orderId`, plus what `channels` adds. */
    async function due(orderId: string, channels: ("airtable" | "staff_email")[]) {
      const [event] = await db()
        .insert(outboxEvents)
        .values({ type: "order.created", data: { id: orderId }, dispatchedAt: now })
        .returning();
      return db()
        .insert(eventDeliveries)
        .values(channels.map((channel) => ({ eventId: event.id, channel, nextAttemptAt: now })))
        .returning({ id: eventDeliveries.id, channel: eventDeliveries.channel });
    }
    const [created] = await due("order-a", ["airtable"]);
    const [changed, email] = await due("order-a", ["airtable", "staff_email"]);
    const [other] = await due("order-b", ["airtable"]);

    const first = await claimDueDeliveries(now, 25_000, 1);
    expect(first.map(({ id }) => id)).toEqual([created.id]);
    // Another worker: the same order's other Airtable delivery waits; its email and another order do not.
    const second = await claimDueDeliveries(now, 25_000, 10);
    expect(second.map(({ id }) => id).toSorted()).toEqual([email.id, other.id].toSorted());
    await settleDelivery(
      created.id,
      { attemptedAt: now, statusCode: 200, durationMs: 1, response: null, ok: true },
      { status: "delivered" },
    );
    expect((await claimDueDeliveries(now, 25_000, 10)).map(({ id }) => id)).toEqual([changed.id]);
  });

  it("lets each lane hold only so many leases across workers, and claims the other lanes meanwhile", async () => {
    const slow = await addEventWebhook("/slow-lane", ["order.created"]);
    const other = await addEventWebhook("/other-lane", ["order.created"]);
    const now = new Date();
    const [event] = await db()
      .insert(outboxEvents)
      .values({ type: "order.created", data: { id: "order-lanes" }, dispatchedAt: now })
      .returning();
    // The slow endpoint's backlog falls due first, as it would after an outage.
    const backlog = await db()
      .insert(eventDeliveries)
      .values(
        Array.from({ length: 8 }, () => ({
          eventId: event.id,
          channel: "webhook" as const,
          eventWebhookId: slow.id,
          nextAttemptAt: new Date(now.getTime() - 1000),
        })),
      )
      .returning({ id: eventDeliveries.id });
    const others = await db()
      .insert(eventDeliveries)
      .values([
        { eventId: event.id, channel: "webhook" as const, eventWebhookId: other.id, nextAttemptAt: now },
        { eventId: event.id, channel: "staff_email" as const, nextAttemptAt: now },
      ])
      .returning({ id: eventDeliveries.id });
    const backlogIds = new Set(backlog.map(({ id }) => id));

    const first = await claimDueDeliveries(now, 25_000, 10, 2);
    expect(first.filter(({ id }) => backlogIds.has(id))).toHaveLength(2);
    expect(
      first
        .filter(({ id }) => !backlogIds.has(id))
        .map(({ id }) => id)
        .toSorted(),
    ).toEqual(others.map(({ id }) => id).toSorted());
    // Another worker: the slow lane is full, whoever holds its leases.
    expect(await claimDueDeliveries(now, 25_000, 10, 2)).toEqual([]);
    await settleDelivery(
      first.find(({ id }) => backlogIds.has(id))!.id,
      { attemptedAt: now, statusCode: null, durationMs: 15_000, response: "No answer", ok: false },
      { status: "failed" },
    );
    const third = await claimDueDeliveries(now, 25_000, 10, 2);
    expect(third.map(({ id }) => backlogIds.has(id))).toEqual([true]);
  });

  it("never lets two workers claiming at once both hold one order's Airtable deliveries", async () => {
    const now = new Date();
    for (let round = 0; round < 20; round++) {
      const [event] = await db()
        .insert(outboxEvents)
        .values({ type: "order.created", data: { id: `order-${round}` }, dispatchedAt: now })
        .returning();
      await db()
        .insert(eventDeliveries)
        .values([0, 1].map(() => ({ eventId: event.id, channel: "airtable" as const, nextAttemptAt: now })));
      const claims = await Promise.all([claimDueDeliveries(now, 25_000, 1), claimDueDeliveries(now, 25_000, 1)]);
      expect(claims.flat()).toHaveLength(1);
      await db().delete(outboxEvents);
    }
  });
});

describe("two worker processes on one PostgreSQL", () => {
  it("deliver each event exactly once between them", { timeout: 90_000 }, async () => {
    const name = await createPostgresDatabase({ template: "app_template" });
    const url = postgresUrl(name);
    const { openDatabase, setDatabase } = await import("~/db/client.server");
    const database = await openDatabase({ databaseUrl: url, maxConnections: 2 });
    setDatabase(database);
    try {
      server.received.length = 0;
      const webhook = await addEventWebhook("/slow", ["order.created"]);
      const EVENTS = 40;
      for (let i = 0; i < EVENTS; i++) await placeOrder();

      const workers = [0, 1].map(() => {
        const child = spawn("node", ["--import", "tsx", "tests/support/outbox-worker-process.ts"], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url, SECRETS_KEY: getEnv().SECRETS_KEY },
          stdio: ["pipe", "pipe", "inherit"],
        });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
        return { child, output: () => output, exited };
      });
      // Both open their database first, then start together.
      await expect
        .poll(() => workers.every((worker) => worker.output().includes("ready")), { timeout: 30_000 })
        .toBe(true);
      for (const worker of workers) worker.child.stdin.end("go\n");
      expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0]);

      const made = workers.map((worker) => Number(/attempts (\d+)/.exec(worker.output())![1]));
      expect(made[0] + made[1]).toBe(EVENTS);
      expect(made[0]).toBeGreaterThan(0);
      expect(made[1]).toBeGreaterThan(0);
      const ids = receivedAt("/slow").map((request) => request.headers["webhook-id"]);
      expect(ids).toHaveLength(EVENTS);
      expect(new Set(ids).size).toBe(EVENTS);
      const [{ delivered }] = await db()
        .select({ delivered: sql<number>`count(*)::int` })
        .from(eventDeliveries)
        .where(eq(eventDeliveries.status, "delivered"));
      expect(delivered).toBe(EVENTS);
      expect(await deliveriesOf(webhook.id)).toHaveLength(EVENTS);
    } finally {
      setDatabase(undefined);
      await database.close();
    }
  });
});
