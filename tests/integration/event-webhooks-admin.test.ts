import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { auditLog, deliveryAttempts, eventDeliveries, eventWebhooks, outboxEvents } from "~/db/schema";
import { type DeliveryChannel, EVENT_TYPES, type OutboxEventType, TEST_EVENT_TYPE } from "~/lib/domain";
import { PAGE_SIZE } from "~/lib/keyset";
import { openSecret } from "~/lib/secret-box.server";
import {
  createEventWebhook,
  listEventWebhooks,
  type LoggedDelivery,
  rotateEventWebhookSecret,
  TEST_EVENT_MESSAGE,
} from "~/models/event-webhooks.server";
import { saveIntegrations } from "~/models/integrations.server";
import { runOutbox } from "~/services/outbox/worker.server";

import { createTestAdmin, type TestAdmin } from "../support/factories";
import { getRequest, send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";

// The admin screens for event webhooks (app/routes/admin/webhooks/event-*.tsx and
// deliveries.tsx), through the route table with a plain admin's session: the chat webhooks' role
// rule, any active admin manages them.

/** A form post with repeated fields (the event checkboxes), as a browser sends it. */
function postForm(path: string, fields: [string, string][], cookie: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
}

type Page = { rows: LoggedDelivery[]; hasNewer: boolean; hasOlder: boolean; oldestCursor: string | null };

const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_request, response) => answerJson(response, 200, { received: "<b>ok</b>" }));
});
afterAll(() => server.close());

describe.each(BACKENDS)("event webhooks in the admin on %s", (backend) => {
  useTestDatabase(backend);
  let admin: TestAdmin;
  let cookie: string;
  beforeAll(async () => {
    admin = await createTestAdmin(db(), { role: "admin" });
    cookie = await sessionFor(admin);
  });

  async function stored(id: string) {
    const [row] = await db().select().from(eventWebhooks).where(eq(eventWebhooks.id, id));
    return row;
  }

  it("creates one with the form: the whsec_ secret shown once, stored sealed, never in a page again", async () => {
    const name = uniqueName("Orders to n8n");
    const fields: [string, string][] = [
      ["name", name],
      ["url", `${server.url}/events`],
      ["events", "order.created"],
      ["events", "order.status_changed"],
      ["isActive", "on"],
    ];
    const answer = await send(postForm("/admin/webhooks/events/new", fields, cookie));
    expect(answer.status).toBe(200);
    expect(answer.toast).toMatchObject({ type: "success", message: "Event webhook created successfully!" });
    const created = (answer.actionData as { created: { webhookId: string; secret: string } }).created;
    expect(created.secret).toMatch(SECRET);

    const row = await stored(created.webhookId);
    expect(row).toMatchObject({ name, events: ["order.created", "order.status_changed"], isActive: true });
    expect(row.secret.startsWith("enc:v1:")).toBe(true);
    expect(row.secret).not.toContain(created.secret.slice("whsec_".length));
    expect(openSecret(row.secret)).toBe(created.secret);

    // Every page that shows the webhook afterwards: no secret, plain or sealed.
    for (const path of [
      "/admin/webhooks",
      `/admin/webhooks/events/${created.webhookId}/edit`,
      `/admin/webhooks/events/${created.webhookId}/log`,
    ]) {
      const page = await send(getRequest(path, cookie));
      expect(page.status).toBe(200);
      const text = JSON.stringify(page.loaderData);
      expect(text).toContain(name);
      expect(text).not.toContain("whsec_");
      expect(text).not.toContain("enc:v1:");
      expect(text).not.toMatch(/"secret"|"previousSecret"/);
    }
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.target, name));
    expect(entry).toMatchObject({ action: "event_webhook.created" });
  });

  it("refuses a form without events or with a non-web URL, saving nothing", async () => {
    const name = uniqueName("Refused");
    const noEvents = await send(
      postForm(
        "/admin/webhooks/events/new",
        [
          ["name", name],
          ["url", "https://example.com/hook"],
        ],
        cookie,
      ),
    );
    expect(noEvents.status).toBe(400);
    expect(noEvents.actionData).toMatchObject({ result: { error: { events: ["Choose at least one event"] } } });
    const ftp = await send(
      postForm(
        "/admin/webhooks/events/new",
        [
          ["name", name],
          ["url", "ftp://example.com/hook"],
          ["events", "contact.created"],
        ],
        cookie,
      ),
    );
    expect(ftp.status).toBe(400);
    expect(ftp.actionData).toMatchObject({
      result: { error: { url: ["URL must be a web address starting with http:// or https://"] } },
    });
    expect(await db().select().from(eventWebhooks).where(eq(eventWebhooks.name, name))).toEqual([]);
  });

  it("rotates the secret: the new one shown once, the old one kept for 24 hours", async () => {
    const { webhook, secret: first } = await createEventWebhook({
      name: uniqueName("Rotating"),
      url: "https://example.com/hook",
      events: ["contact.created"],
      isActive: true,
    });
    const answer = await send(postForm(`/admin/webhooks/events/${webhook.id}/edit`, [["intent", "rotate"]], cookie));
    expect(answer.status).toBe(200);
    expect(answer.toast).toMatchObject({ message: "Signing secret rotated" });
    const second = (answer.actionData as { rotated: { secret: string } }).rotated.secret;
    expect(second).toMatch(SECRET);
    expect(second).not.toBe(first);

    const row = await stored(webhook.id);
    expect(openSecret(row.secret)).toBe(second);
    expect(openSecret(row.previousSecret!)).toBe(first);
    const hoursLeft = (row.previousSecretExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    const edit = await send(getRequest(`/admin/webhooks/events/${webhook.id}/edit`, cookie));
    expect(edit.loaderData["routes/admin/webhooks/event-edit"]).toMatchObject({
      previousValidUntil: expect.stringMatching(/\d{4}/),
    });

    // A second rotation drops the first secret: only the one just replaced keeps signing.
    const third = await rotateEventWebhookSecret(webhook.id);
    const after = await stored(webhook.id);
    expect(openSecret(after.secret)).toBe(third!.secret);
    expect(openSecret(after.previousSecret!)).toBe(second);
    expect(JSON.stringify(await listEventWebhooks())).not.toContain("enc:v1:");
  });

  it("updates name, URL, events and Active; switching on clears why the worker switched it off", async () => {
    const { webhook } = await createEventWebhook({
      name: uniqueName("Gone once"),
      url: "https://example.com/old",
      events: ["order.created"],
      isActive: true,
    });
    await db()
      .update(eventWebhooks)
      .set({ isActive: false, disabledReason: "Answered 410 Gone" })
      .where(eq(eventWebhooks.id, webhook.id));
    const name = uniqueName("Back again");
    const answer = await send(
      postForm(
        `/admin/webhooks/events/${webhook.id}/edit`,
        [
          ["intent", "save"],
          ["name", name],
          ["url", "https://example.com/new"],
          ["events", "contact.created"],
          ["events", "chat.lead_captured"],
          ["isActive", "on"],
        ],
        cookie,
      ),
    );
    expect([answer.status, answer.location]).toEqual([302, "/admin/webhooks"]);
    expect(answer.toast).toMatchObject({ message: "Event webhook updated successfully!" });
    expect(await stored(webhook.id)).toMatchObject({
      name,
      url: "https://example.com/new",
      events: ["contact.created", "chat.lead_captured"],
      isActive: true,
      disabledReason: null,
    });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.target, name));
    expect(entry).toMatchObject({
      action: "event_webhook.updated",
      details: { fields: ["name", "url", "events", "isActive"] },
    });
  });

  it("sends a test event to that webhook only, delivered by the worker and shown in its log", async () => {
    const make = (name: string, url: string, isActive: boolean) =>
      createEventWebhook({ name: uniqueName(name), url, events: [...EVENT_TYPES], isActive });
    // Switched off: a test event still reaches it. The other subscribes to everything and gets nothing.
    const { webhook: target } = await make("Test target", `${server.url}/target`, false);
    const { webhook: other } = await make("Bystander", `${server.url}/other`, true);
    const answer = await send(
      postForm(
        "/admin/webhooks",
        [
          ["intent", "event-test"],
          ["eventWebhookId", target.id],
        ],
        cookie,
      ),
    );
    expect([answer.status, answer.location]).toEqual([302, "/admin/webhooks"]);
    expect(answer.toast).toMatchObject({ message: "Test event queued: see the delivery log" });
    const [event] = await db().select().from(outboxEvents).where(eq(outboxEvents.eventWebhookId, target.id));
    expect(event).toMatchObject({
      type: TEST_EVENT_TYPE,
      data: { message: TEST_EVENT_MESSAGE, webhook_name: target.name },
    });

    const receivedBefore = server.received.length;
    await runOutbox();
    const deliveries = await db().select().from(eventDeliveries).where(eq(eventDeliveries.eventId, event.id));
    expect(deliveries.map((d) => [d.eventWebhookId, d.status])).toEqual([[target.id, "delivered"]]);
    const sent = server.received.slice(receivedBefore).filter((r) => r.path === "/target" || r.path === "/other");
    expect(sent.map((r) => r.path)).toEqual(["/target"]);
    expect(sent[0].headers["webhook-id"]).toBe(deliveries[0].id);

    const log = await send(getRequest(`/admin/webhooks/events/${target.id}/log`, cookie));
    const page = (log.loaderData["routes/admin/webhooks/event-log"] as { page: Page }).page;
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      id: deliveries[0].id,
      eventType: TEST_EVENT_TYPE,
      status: "delivered",
      attempts: 1,
      attemptLog: [{ statusCode: 200, ok: true, response: '{"received":"<b>ok</b>"}' }],
    });
    // The payload beside the answer: the very bytes the webhook received.
    expect(page.rows[0].payload).toBe(sent[0].body.toString("utf8"));
    const otherLog = await send(getRequest(`/admin/webhooks/events/${other.id}/log`, cookie));
    expect((otherLog.loaderData["routes/admin/webhooks/event-log"] as { page: Page }).page.rows).toEqual([]);

    // The same from the log page itself, back to the log.
    const again = await send(postForm(`/admin/webhooks/events/${target.id}/log`, [["intent", "test"]], cookie));
    expect([again.status, again.location]).toEqual([302, `/admin/webhooks/events/${target.id}/log`]);
    expect(await db().select().from(outboxEvents).where(eq(outboxEvents.eventWebhookId, target.id))).toHaveLength(2);
  });

  /** `count` deliveries of one event on `channel`, each with a failed attempt; oldest first. */
  async function arrangeDeliveries(
    channel: DeliveryChannel,
    count: number,
    eventWebhookId: string | null = null,
    type: OutboxEventType = "order.created",
  ): Promise<string[]> {
    const [event] = await db()
      .insert(outboxEvents)
      .values({ type, data: { id: uniqueName("order") }, dispatchedAt: new Date() })
      .returning();
    const rows = await db()
      .insert(eventDeliveries)
      .values(
        Array.from({ length: count }, (_, i) => ({
          eventId: event.id,
          channel,
          eventWebhookId,
          status: "failed" as const,
          attempts: 7,
          createdAt: new Date(Date.now() - (count - i) * 1000),
        })),
      )
      .returning({ id: eventDeliveries.id });
    await db()
      .insert(deliveryAttempts)
      .values(
        rows.map(({ id }) => ({
          deliveryId: id,
          attemptedAt: new Date(),
          statusCode: 500,
          durationMs: 12,
          response: "Internal error",
          ok: false,
        })),
      );
    return rows.map(({ id }) => id);
  }

  it("pages a webhook's log by 50, newest first, with Newer/Older cursors on msg_ ids", async () => {
    const { webhook } = await createEventWebhook({
      name: uniqueName("Busy"),
      url: "https://example.com/hook",
      events: ["order.created"],
      isActive: true,
    });
    const ids = await arrangeDeliveries("webhook", PAGE_SIZE + 1, webhook.id);
    const path = `/admin/webhooks/events/${webhook.id}/log`;
    const first = (await send(getRequest(path, cookie))).loaderData["routes/admin/webhooks/event-log"] as {
      page: Page;
    };
    expect(first.page.rows.map((row) => row.id)).toEqual(ids.slice(1).reverse());
    expect([first.page.hasNewer, first.page.hasOlder]).toEqual([false, true]);
    expect(first.page.rows[0].attemptLog).toMatchObject([{ statusCode: 500, response: "Internal error" }]);
    const older = (await send(getRequest(`${path}?after=${encodeURIComponent(first.page.oldestCursor!)}`, cookie)))
      .loaderData["routes/admin/webhooks/event-log"] as { page: Page };
    expect(older.page.rows.map((row) => row.id)).toEqual([ids[0]]);
    expect([older.page.hasNewer, older.page.hasOlder]).toEqual([true, false]);
  });

  it("shows the site's own channels by ?channel=, email being both emails", async () => {
    const staff = await arrangeDeliveries("staff_email", 1);
    const client = await arrangeDeliveries("client_email", 1);
    const airtable = await arrangeDeliveries("airtable", 1);
    const rowsOf = async (query: string) => {
      const answer = await send(getRequest(`/admin/webhooks/deliveries${query}`, cookie));
      const data = answer.loaderData["routes/admin/webhooks/deliveries"] as { channel: string; page: Page };
      return { channel: data.channel, ids: data.page.rows.map((row) => row.id) };
    };
    expect(await rowsOf("?channel=email")).toEqual({ channel: "email", ids: [...client, ...staff] });
    expect(await rowsOf("?channel=airtable")).toEqual({ channel: "airtable", ids: airtable });
    expect(await rowsOf("?channel=nonsense")).toMatchObject({ channel: "email" });
  });

  it("redelivers a delivery of the log shown, under the same id, and no other", async () => {
    const { webhook } = await createEventWebhook({
      name: uniqueName("Redeliver"),
      url: "https://example.com/hook",
      events: ["order.created"],
      isActive: true,
    });
    const [mine] = await arrangeDeliveries("webhook", 1, webhook.id);
    const [airtable] = await arrangeDeliveries("airtable", 1);
    const path = `/admin/webhooks/events/${webhook.id}/log?after=x`;
    const answer = await send(
      postForm(
        path,
        [
          ["intent", "redeliver"],
          ["deliveryId", mine],
        ],
        cookie,
      ),
    );
    expect([answer.status, answer.location]).toEqual([302, path]);
    expect(answer.toast).toMatchObject({ message: "Queued for redelivery" });
    const [requeued] = await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, mine));
    expect(requeued).toMatchObject({ status: "pending", attempts: 0 });
    expect(requeued.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // Another log's delivery, through this page: not found, left as it was.
    const elsewhere = await send(
      postForm(
        `/admin/webhooks/events/${webhook.id}/log`,
        [
          ["intent", "redeliver"],
          ["deliveryId", airtable],
        ],
        cookie,
      ),
    );
    expect(elsewhere.error).toMatchObject({ status: 404 });
    const [untouched] = await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, airtable));
    expect(untouched).toMatchObject({ status: "failed", attempts: 7 });

    // The Airtable one, from the site's log: refused while the sync is off, queued once it is on.
    const redeliverAirtable = () =>
      send(
        postForm(
          "/admin/webhooks/deliveries?channel=airtable",
          [
            ["intent", "redeliver"],
            ["deliveryId", airtable],
          ],
          cookie,
        ),
      );
    const off = await redeliverAirtable();
    expect([off.status, off.location]).toEqual([302, "/admin/webhooks/deliveries?channel=airtable"]);
    expect(off.toast).toMatchObject({
      message: "Not redelivered",
      description: "Airtable sync is off: Integrations holds no Airtable token, base ID and table ID.",
    });
    expect((await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, airtable)))[0]).toMatchObject({
      status: "failed",
    });
    await saveIntegrations({ airtableToken: "pat-test", airtableBaseId: "appTest", airtableTableId: "tblTest" });
    try {
      const site = await redeliverAirtable();
      expect(site.toast).toMatchObject({ message: "Queued for redelivery" });
      const [queued] = await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, airtable));
      expect(queued).toMatchObject({ status: "pending", attempts: 0 });
    } finally {
      await saveIntegrations({ airtableToken: null, airtableBaseId: null, airtableTableId: null });
    }
  });

  it("does not redeliver to a webhook that is not active, except its test events, and says why", async () => {
    const { webhook } = await createEventWebhook({
      name: uniqueName("Switched off"),
      url: "https://example.com/hook",
      events: ["order.created"],
      isActive: false,
    });
    const [order] = await arrangeDeliveries("webhook", 1, webhook.id);
    const path = `/admin/webhooks/events/${webhook.id}/log`;
    const redeliver = (deliveryId: string) =>
      send(
        postForm(
          path,
          [
            ["intent", "redeliver"],
            ["deliveryId", deliveryId],
          ],
          cookie,
        ),
      );
    const refused = await redeliver(order);
    expect(refused.toast).toMatchObject({
      message: "Not redelivered",
      description:
        "This webhook is not active: nothing but test events is sent to it. Tick Active on its edit page to redeliver.",
    });
    expect((await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, order)))[0]).toMatchObject({
      status: "failed",
      attempts: 7,
    });
    const [test] = await arrangeDeliveries("webhook", 1, webhook.id, TEST_EVENT_TYPE);
    expect((await redeliver(test)).toast).toMatchObject({ message: "Queued for redelivery" });
    expect((await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, test)))[0]).toMatchObject({
      status: "pending",
      attempts: 0,
    });
  });

  it("deletes a webhook with its deliveries, and records it", async () => {
    const { webhook } = await createEventWebhook({
      name: uniqueName("Doomed"),
      url: "https://example.com/hook",
      events: ["order.created"],
      isActive: true,
    });
    const [delivery] = await arrangeDeliveries("webhook", 1, webhook.id);
    const form: [string, string][] = [
      ["intent", "event-delete"],
      ["eventWebhookId", webhook.id],
    ];
    const answer = await send(postForm("/admin/webhooks", form, cookie));
    expect([answer.status, answer.location]).toEqual([302, "/admin/webhooks"]);
    expect(answer.toast).toMatchObject({ message: "Event webhook deleted successfully!" });
    expect(await stored(webhook.id)).toBeUndefined();
    expect(await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, delivery))).toEqual([]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, webhook.name), eq(auditLog.action, "event_webhook.deleted")));
    expect(entry).toMatchObject({ actorId: admin.id, actorUsername: admin.username, details: null });

    const again = await send(postForm("/admin/webhooks", form, cookie));
    expect(again.toast).toMatchObject({
      message: "Error deleting event webhook",
      description: "Failed to delete event webhook: it no longer exists.",
    });
    // Its pages are gone too.
    expect((await send(getRequest(`/admin/webhooks/events/${webhook.id}/log`, cookie))).error).toMatchObject({
      status: 404,
    });
  });
});
