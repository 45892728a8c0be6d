import type { ServerResponse } from "node:http";

import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { deliveryAttempts, eventDeliveries, outboxEvents } from "~/db/schema";
import { saveIntegrations } from "~/models/integrations.server";
import { createOrder, updateOrderStatus } from "~/models/orders.server";
import { runOutbox } from "~/services/outbox/worker.server";

import { overrideAppEnv } from "../support/app-env";
import { createTestService } from "../support/factories";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";
import { answerJson, type ReceivedRequest, startTestServer, type TestServer } from "../support/webhook-server";

// Orders synced to Airtable through the outbox, against a local server that checks
// each request as Airtable's "Update multiple records" documents it (linked from docs/integrations.md,
// "Airtable sync") and keeps the table.

const SITE = "http://agency.test";
const TOKEN = "patTestToken.0123456789abcdef0123456789abcdef";
const BASE = "appTestBase0001";
const TABLE = "Orders table";
// docs/integrations.md's table, field for field: a field Airtable does not have is a 422 there.
const FIELDS = [
  "Order ID",
  "Client Name",
  "Client Email",
  "Client Phone",
  "Service",
  "Setup Price",
  "Monthly Price",
  "Total Price",
  "Status",
  "Order Date",
  "Notes",
  "Status Page",
];

interface Row {
  id: string;
  fields: Record<string, unknown>;
}
type Answer = { status: number; body: unknown };

let server: TestServer;
let table: Row[];
/** Scripted answers by Order ID, used before the table is touched. */
const failures = new Map<string, Answer[]>();
/** What the server found wrong in a request; Airtable would refuse it. */
const violations: string[] = [];

function airtableError(response: ServerResponse, status: number, type: string, message: string): void {
  answerJson(response, status, { error: { type, message } });
}

/** Checks the request as Airtable's documentation describes it; the problem, or null. */
function problemWith(request: ReceivedRequest): string | null {
  if (request.method !== "PATCH") return `method ${request.method}`;
  if (request.path !== `/v0/${BASE}/${encodeURIComponent(TABLE)}`) return `path ${request.path}`;
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return `authorization ${request.headers.authorization}`;
  if (!request.headers["content-type"]?.startsWith("application/json")) return "content type";
  const body = request.json as {
    performUpsert?: { fieldsToMergeOn?: unknown };
    records?: { id?: unknown; fields?: Record<string, unknown> }[];
    typecast?: unknown;
  };
  if (JSON.stringify(body?.performUpsert?.fieldsToMergeOn) !== JSON.stringify(["Order ID"])) return "fieldsToMergeOn";
  if (!Array.isArray(body.records) || body.records.length < 1 || body.records.length > 10) return "records";
  if (body.typecast !== true) return "typecast";
  for (const record of body.records) {
    if (record.id !== undefined) return "a record id in an upsert";
    const unknown = Object.keys(record.fields ?? {}).filter((name) => !FIELDS.includes(name));
    if (unknown.length > 0) return `unknown fields ${unknown.join(", ")}`;
    if (typeof record.fields?.["Order ID"] !== "string") return "no Order ID";
  }
  return null;
}

/** Order IDs being upserted now. */
const upserting = new Set<string>();
/** How long the upserts of an order take: long enough for a second one to come meanwhile. */
const upsertMs = new Map<string, number>();

/**
 * Airtable's upsert, and its weakness: the match is looked up a moment before the write, so two
 * upserts of one order at once can make two rows.
 */
async function upsert(request: ReceivedRequest, response: ServerResponse): Promise<void> {
  const problem = problemWith(request);
  if (problem) {
    violations.push(problem);
    return airtableError(response, 422, "INVALID_REQUEST_UNKNOWN", problem);
  }
  const [record] = (request.json as { records: { fields: Record<string, unknown> }[] }).records;
  const orderId = record.fields["Order ID"] as string;
  const scripted = failures.get(orderId)?.shift();
  if (scripted) return answerJson(response, scripted.status, scripted.body);
  const matches = table.filter((row) => row.fields["Order ID"] === orderId);
  if (matches.length > 1) return airtableError(response, 422, "INVALID_VALUE_FOR_COLUMN", "Multiple matches");
  if (upserting.has(orderId)) violations.push(`two upserts of ${orderId} at once`);
  upserting.add(orderId);
  await new Promise((resolve) => setTimeout(resolve, upsertMs.get(orderId) ?? 0));
  upserting.delete(orderId);
  const existing = matches[0];
  const row = existing ?? { id: `rec${Math.random().toString(36).slice(2, 16)}`, fields: {} };
  Object.assign(row.fields, record.fields);
  if (!existing) table.push(row);
  answerJson(response, 200, {
    records: [{ id: row.id, createdTime: new Date().toISOString(), fields: row.fields }],
    createdRecords: existing ? [] : [row.id],
    updatedRecords: existing ? [row.id] : [],
  });
}

beforeAll(async () => {
  server = await startTestServer((request, response) => void upsert(request, response));
});
afterAll(() => server.close());
overrideAppEnv(() => ({ SITE_URL: SITE, AIRTABLE_API_URL: server.url }));

function rowsOf(orderId: string): Row[] {
  return table.filter((row) => row.fields["Order ID"] === orderId);
}

function requestsFor(orderId: string): ReceivedRequest[] {
  return server.received.filter(
    (request) =>
      (request.json as { records?: { fields?: { "Order ID"?: string } }[] })?.records?.[0]?.fields?.["Order ID"] ===
      orderId,
  );
}

/** After the first failed attempt, when the next is due: 5 s later, and a second to spare. */
function afterFirstRetryDelay(): () => Date {
  const later = new Date(Date.now() + 6_000);
  return () => later;
}

describe.each(BACKENDS)("Airtable sync on %s", (backend) => {
  useTestDatabase(backend);

  async function deliveriesOf(orderId: string) {
    return db()
      .select({ id: eventDeliveries.id, type: outboxEvents.type, status: eventDeliveries.status })
      .from(eventDeliveries)
      .innerJoin(outboxEvents, eq(outboxEvents.id, eventDeliveries.eventId))
      .where(and(eq(eventDeliveries.channel, "airtable"), sql`${outboxEvents.data}->>'id' = ${orderId}`))
      .orderBy(asc(outboxEvents.createdAt));
  }

  async function attemptsOf(deliveryId: string) {
    return db()
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, deliveryId))
      .orderBy(asc(deliveryAttempts.attemptedAt));
  }

  async function newOrder() {
    const service = await createTestService(db(), { isActive: true, setupPrice: 499.5, monthlyPrice: 49 });
    const order = await createOrder({
      clientName: uniqueName("Client"),
      clientEmail: "client@example.com",
      clientPhone: "+1 555 0100",
      notes: "Call in the morning",
      serviceId: service.id,
    });
    return { order, service };
  }

  beforeEach(async () => {
    table = [];
    violations.length = 0;
    await saveIntegrations({ airtableToken: TOKEN, airtableBaseId: BASE, airtableTableId: TABLE });
  });

  it("makes one row for a new order, and updates that row when its status changes", async () => {
    const { order, service } = await newOrder();

    await runOutbox();

    expect(violations).toEqual([]);
    expect(rowsOf(order.id)).toHaveLength(1);
    const [row] = rowsOf(order.id);
    expect(row.fields).toEqual({
      "Order ID": order.id,
      "Client Name": order.clientName,
      "Client Email": "client@example.com",
      "Client Phone": "+1 555 0100",
      Service: service.name,
      "Setup Price": 499.5,
      "Monthly Price": 49,
      "Total Price": order.totalPrice,
      Status: "pending",
      "Order Date": order.orderDate.toISOString(),
      Notes: "Call in the morning",
      "Status Page": `${SITE}/order/status/${order.statusToken}`,
    });

    await updateOrderStatus(order.id, "paid");
    await runOutbox();

    expect(violations).toEqual([]);
    expect(rowsOf(order.id)).toEqual([{ id: row.id, fields: { ...row.fields, Status: "paid" } }]);
    expect(requestsFor(order.id).map((request) => request.method)).toEqual(["PATCH", "PATCH"]);
    const deliveries = await deliveriesOf(order.id);
    expect(deliveries.map(({ type, status }) => [type, status])).toEqual([
      ["order.created", "delivered"],
      ["order.status_changed", "delivered"],
    ]);
    const responses = await Promise.all(deliveries.map(async ({ id }) => (await attemptsOf(id))[0]));
    expect(responses.map(({ statusCode, ok, response }) => [statusCode, ok, response])).toEqual([
      [200, true, `Created record ${row.id}`],
      [200, true, `Updated record ${row.id}`],
    ]);
  });

  it("keeps one row, with the latest status, when the creation and a status change are delivered in one run", async () => {
    const { order } = await newOrder();
    await updateOrderStatus(order.id, "paid");
    upsertMs.set(order.id, 400);

    await runOutbox();

    expect(violations).toEqual([]);
    expect(requestsFor(order.id)).toHaveLength(2);
    expect(rowsOf(order.id)).toHaveLength(1);
    expect(rowsOf(order.id)[0].fields.Status).toBe("paid");
  });

  it("logs a 500 from Airtable and retries once the back-off has passed; the creation's retry keeps a later status", async () => {
    const { order } = await newOrder();
    failures.set(order.id, [{ status: 500, body: { error: { type: "SERVER_ERROR", message: "Try again later" } } }]);

    await runOutbox();

    const [created] = await deliveriesOf(order.id);
    expect(created.status).toBe("pending");
    expect(await attemptsOf(created.id)).toMatchObject([
      { statusCode: 500, ok: false, response: expect.stringContaining("SERVER_ERROR") },
    ]);
    expect(rowsOf(order.id)).toHaveLength(0);

    await updateOrderStatus(order.id, "paid");
    await runOutbox();
    expect(rowsOf(order.id)[0].fields.Status).toBe("paid");
    expect(await runOutbox()).toBe(0);

    await runOutbox({ now: afterFirstRetryDelay() });

    expect(violations).toEqual([]);
    expect((await deliveriesOf(order.id)).map(({ status }) => status)).toEqual(["delivered", "delivered"]);
    expect(await attemptsOf(created.id)).toMatchObject([{ statusCode: 500 }, { statusCode: 200, ok: true }]);
    expect(rowsOf(order.id)).toHaveLength(1);
    expect(rowsOf(order.id)[0].fields.Status).toBe("paid");
  });

  it("logs a 422 without the token, even when the answer repeats it, and retries", async () => {
    const { order } = await newOrder();
    failures.set(order.id, [
      {
        status: 422,
        body: { error: { type: "INVALID_VALUE_FOR_COLUMN", message: `Field "Status" refused (Bearer ${TOKEN})` } },
      },
    ]);

    await runOutbox();

    const [created] = await deliveriesOf(order.id);
    const [attempt] = await attemptsOf(created.id);
    expect(attempt).toMatchObject({ statusCode: 422, ok: false });
    expect(attempt.response).toContain("INVALID_VALUE_FOR_COLUMN");
    expect(attempt.response).not.toContain(TOKEN);

    await runOutbox({ now: afterFirstRetryDelay() });

    expect((await deliveriesOf(order.id))[0].status).toBe("delivered");
    expect(rowsOf(order.id)).toHaveLength(1);
  });

  it("cancels a pending retry once Airtable is removed from the integrations", async () => {
    const { order } = await newOrder();
    failures.set(order.id, [{ status: 503, body: { error: "Service unavailable" } }]);
    await runOutbox();
    await saveIntegrations({ airtableToken: null });

    await runOutbox({ now: afterFirstRetryDelay() });

    const [created] = await deliveriesOf(order.id);
    expect(created.status).toBe("cancelled");
    expect(await attemptsOf(created.id)).toHaveLength(1);
    expect(requestsFor(order.id)).toHaveLength(1);
  });

  it("makes no Airtable delivery while the integrations do not name a table", async () => {
    await saveIntegrations({ airtableToken: TOKEN, airtableBaseId: BASE, airtableTableId: null });
    const { order } = await newOrder();
    await updateOrderStatus(order.id, "cancelled");

    await runOutbox();

    const events = await db()
      .select({ dispatchedAt: outboxEvents.dispatchedAt })
      .from(outboxEvents)
      .where(sql`${outboxEvents.data}->>'id' = ${order.id}`);
    expect(events).toHaveLength(2);
    expect(events.every(({ dispatchedAt }) => dispatchedAt !== null)).toBe(true);
    expect(await deliveriesOf(order.id)).toEqual([]);
    expect(requestsFor(order.id)).toEqual([]);
  });
});
