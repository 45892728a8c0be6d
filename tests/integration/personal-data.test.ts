import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";

import { eq, inArray, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import {
  auditLog,
  chatMessages,
  chatSessions,
  chatUploads,
  contactMessages,
  orders,
  outboxEvents,
  payments,
} from "~/db/schema";
import { adminGuard } from "~/middleware/admin-guard.server";
import { recordChatUpload } from "~/models/chat-uploads.server";
import { COUNTER_NAMES, readCounters } from "~/models/counters.server";
import * as exportRoute from "~/routes/admin/personal-data-export";
import { localMediaDir, storeChatMedia } from "~/services/media-storage.server";

import { createTestAdmin, createTestOrder } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, useTestDatabase } from "../support/test-database";

const ERASED = productText("[erased]");

// Personal data on request: a super admin finds everything stored about one email
// address, downloads it as JSON, and erases it in one transaction, recorded without the address.

const PAGE = "/admin/personal-data";

/**
 * The export's file: its loader called after the admin guard, as the server does for a resource
 * route (the test handler renders documents, which a file is not).
 */
async function download(search: string, cookie: string): Promise<Response> {
  const request = getRequest(`${PAGE}/export.json${search}`, cookie);
  const context = new RouterContextProvider();
  await adminGuard({ request, context, params: {}, url: new URL(request.url) } as never, async () => new Response());
  return exportRoute.loader({ request, context, params: {} } as never);
}

/** Every counter as a count over the rows: what the triggers must have kept. */
async function recountedCounters(): Promise<Record<string, number>> {
  const [row] = await db()
    .select({
      orders: sql<number>`(select count(*) from orders)::float8`,
      orders_pending: sql<number>`(select count(*) from orders where status = 'pending')::float8`,
      orders_paid: sql<number>`(select count(*) from orders where status = 'paid')::float8`,
      orders_cancelled: sql<number>`(select count(*) from orders where status = 'cancelled')::float8`,
      orders_revenue_paid: sql<number>`(select coalesce(sum(total_price), 0) from orders where status = 'paid')::float8`,
      contact_messages: sql<number>`(select count(*) from contact_messages)::float8`,
      contact_messages_unread: sql<number>`(select count(*) from contact_messages where not is_read)::float8`,
      chat_sessions: sql<number>`(select count(*) from chat_sessions)::float8`,
      chat_messages: sql<number>`(select count(*) from chat_messages)::float8`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

/** The business events of `email`'s orders and messages, or of the conversation `sessionId`. */
function eventsAbout(email: string, sessionId: string) {
  return db()
    .select({ type: outboxEvents.type })
    .from(outboxEvents)
    .where(
      sql`lower(coalesce(${outboxEvents.data}->>'client_email', ${outboxEvents.data}->>'email',
          ${outboxEvents.data}->'order'->>'client_email')) = ${email}
        or ${outboxEvents.data}->>'session_id' = ${sessionId}`,
    );
}

/** One person's data, with a neighbour's that must survive: returns the ids to check. */
async function arrange() {
  const tag = randomBytes(4).toString("hex");
  const email = `ada.${tag}@example.com`;
  const other = `x${email}`;
  const paid = await createTestOrder(db(), {
    clientName: "Ada Lovelace",
    clientEmail: email.toUpperCase(),
    clientPhone: "+44 20 7946 0000",
    notes: "Ring after nine",
    status: "paid",
    totalPrice: 500,
    setupPrice: 500,
    monthlyPrice: 0,
    providerCustomerId: `cus_${tag}`,
  });
  const pending = await createTestOrder(db(), { clientName: "Ada L.", clientEmail: email, status: "pending" });
  const neighbourOrder = await createTestOrder(db(), { clientName: "Xada", clientEmail: other, status: "paid" });
  // Her payment (with a note naming her) and the neighbour's, as a provider's webhook writes them.
  const [payment] = await db()
    .insert(payments)
    .values({
      orderId: paid.id,
      provider: "stripe",
      kind: "setup",
      amount: 500,
      currency: "USD",
      providerReference: `pi_${tag}`,
      note: "Paid by Ada's assistant",
    })
    .returning();
  const [neighbourPayment] = await db()
    .insert(payments)
    .values({
      orderId: neighbourOrder.id,
      provider: "cash",
      kind: "setup",
      amount: 178,
      currency: "USD",
      note: "Xada paid in cash",
    })
    .returning();
  const [message] = await db()
    .insert(contactMessages)
    .values({ name: "Ada Lovelace", email, message: "Please automate my invoices." })
    .returning();
  const [neighbourMessage] = await db()
    .insert(contactMessages)
    .values({ name: "Xada", email: other, message: `Not ${email.slice(0, 3)}` })
    .returning();
  const file = await storeChatMedia(
    { bytes: new Uint8Array([1, 2, 3]), contentType: "image/png", extension: "png" },
    { kind: "local", dir: localMediaDir() },
  );
  await recordChatUpload({ name: file.name, store: "local", bytes: 3 });
  const session = `session_${Date.now()}_${tag}a`;
  const neighbourSession = `session_${Date.now()}_${tag}b`;
  // A second apart: messages of one statement share its now(), and the export keeps their order.
  const at = (second: number) => new Date(Date.UTC(2026, 0, 15, 9, 30, second));
  await db()
    .insert(chatMessages)
    .values([
      { sessionId: session, message: "Hello, can you help?", isUserMessage: true, createdAt: at(1) },
      { sessionId: session, message: "Sure! What is your email?", isUserMessage: false, createdAt: at(2) },
      { sessionId: session, message: `It is ${email.toUpperCase()}.`, isUserMessage: true, createdAt: at(3) },
      {
        sessionId: session,
        message: "my invoice",
        isUserMessage: true,
        mediaUrl: file.url,
        mediaType: "image",
        createdAt: at(4),
      },
      // Another address that contains this one: not hers.
      { sessionId: neighbourSession, message: `Reach me at ${other}`, isUserMessage: true, createdAt: at(5) },
    ]);
  return {
    email,
    other,
    paid,
    pending,
    neighbourOrder,
    payment,
    neighbourPayment,
    message,
    neighbourMessage,
    session,
    neighbourSession,
    file,
  };
}

describe.each(BACKENDS)("personal data on request, on %s", (backend) => {
  useTestDatabase(backend);

  it("finds an address's orders, contact messages and the conversations that mention it, in any case", async () => {
    const owner = await createTestAdmin(db(), { role: "super_admin" });
    const cookie = await sessionFor(owner);
    const data = await arrange();
    const page = await send(getRequest(`${PAGE}?email=${encodeURIComponent(` ${data.email.toUpperCase()} `)}`, cookie));
    expect(page.status).toBe(200);
    const { result } = page.loaderData["routes/admin/personal-data"] as {
      result: {
        email: string;
        summary: string;
        orders: { id: string }[];
        payments: { id: string }[];
        contactMessages: { id: string }[];
        conversations: { sessionId: string; messageCount: number }[];
      };
    };
    expect(result.email).toBe(data.email);
    expect(result.summary).toBe("2 orders, 1 message, 1 conversation");
    expect(result.orders.map((o) => o.id).sort()).toEqual([data.paid.id, data.pending.id].sort());
    expect(result.payments.map((p) => p.id)).toEqual([data.payment.id]);
    expect(result.contactMessages.map((m) => m.id)).toEqual([data.message.id]);
    expect(result.conversations).toEqual([{ sessionId: data.session, messageCount: 4, startedAt: expect.anything() }]);

    const invalid = await send(getRequest(`${PAGE}?email=not-an-address`, cookie));
    expect(invalid.loaderData["routes/admin/personal-data"]).toMatchObject({
      error: "Enter a valid email address.",
      result: null,
    });
  });

  it("exports it as a JSON attachment that no cache keeps", async () => {
    const owner = await createTestAdmin(db(), { role: "super_admin" });
    const cookie = await sessionFor(owner);
    const data = await arrange();
    const file = await download(`?email=${encodeURIComponent(data.email)}`, cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    const body = JSON.parse(await file.text());
    expect(body.email).toBe(data.email);
    expect(body.orders).toHaveLength(2);
    expect(body.orders[0]).toMatchObject({
      clientName: "Ada Lovelace",
      clientPhone: "+44 20 7946 0000",
      notes: "Ring after nine",
      totalPrice: 500,
      status: "paid",
    });
    expect(body.orders.find((o: { id: string }) => o.id === data.paid.id)).toMatchObject({
      providerCustomerId: data.paid.providerCustomerId,
    });
    expect(body.payments).toEqual([
      expect.objectContaining({
        id: data.payment.id,
        orderId: data.paid.id,
        amount: 500,
        currency: "USD",
        provider: "stripe",
        providerReference: data.payment.providerReference,
        note: "Paid by Ada's assistant",
      }),
    ]);
    expect(body.contactMessages).toEqual([
      expect.objectContaining({ name: "Ada Lovelace", message: "Please automate my invoices." }),
    ]);
    expect(body.chatConversations).toHaveLength(1);
    expect(body.chatConversations[0].sessionId).toBe(data.session);
    expect(body.chatConversations[0].messages.map((m: { from: string }) => m.from)).toEqual([
      "visitor",
      "assistant",
      "visitor",
      "visitor",
    ]);
    expect(JSON.stringify(body)).not.toContain(data.other);

    expect((await download("?email=nope", cookie)).status).toBe(400);
  });

  it("erases it in one go: orders keep their amounts, the rest is gone, counters stay right, the audit names no address", async () => {
    const owner = await createTestAdmin(db(), { role: "super_admin" });
    const cookie = await sessionFor(owner);
    const data = await arrange();
    const filePath = path.join(localMediaDir(), data.file.name);
    expect(existsSync(filePath)).toBe(true);

    // A quote names the client in the audit log too.
    const quote = { intent: "quote", orderId: data.pending.id, setupPrice: "120", monthlyPrice: "0" };
    expect((await send(postRequest(`/admin/orders?view=${data.pending.id}`, quote, cookie))).status).toBe(302);
    // A status change names the client in the audit log ("Ada L. (Test Automation)").
    const statusChange = { intent: "status", orderId: data.pending.id, status: "cancelled" };
    expect((await send(postRequest("/admin/orders", statusChange, cookie))).status).toBe(302);
    const [named, quoted] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details} ->> 'orderId' = ${data.pending.id}`)
      .orderBy(sql`${auditLog.action} = 'order.quote_changed'`);
    expect(quoted.target).toBe(`Ada L. (${data.pending.serviceName})`);
    expect(named.target).toBe(`Ada L. (${data.pending.serviceName})`);
    // A payment event names its order as order_id, with her details nested under `order`.
    await db()
      .insert(outboxEvents)
      .values({
        type: "payment.succeeded",
        data: { id: data.payment.id, order_id: data.paid.id, order: { client_email: data.email } },
      });
    // The events that carried her data: the status change, her payment, her conversation's start.
    expect((await eventsAbout(data.email, data.session)).map(({ type }) => type).sort()).toEqual([
      "chat.conversation_started",
      "order.status_changed",
      "payment.succeeded",
    ]);

    const answer = await send(postRequest(PAGE, { intent: "erase", email: data.email }, cookie));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${PAGE}?email=${encodeURIComponent(data.email)}`);
    expect(answer.toast).toMatchObject({
      message: "Personal data erased",
      description: "2 orders, 1 message, 1 conversation",
    });

    const kept = await db()
      .select()
      .from(orders)
      .where(inArray(orders.id, [data.paid.id, data.pending.id]));
    expect(kept).toHaveLength(2);
    for (const order of kept) {
      // The pending order was quoted 120 and no monthly fee, then cancelled.
      const before =
        order.id === data.paid.id
          ? data.paid
          : { ...data.pending, status: "cancelled", setupPrice: 120, monthlyPrice: 0, totalPrice: 120 };
      expect(order).toMatchObject({
        clientName: ERASED,
        clientEmail: ERASED,
        clientPhone: null,
        notes: null,
        providerCustomerId: null,
        serviceName: before.serviceName,
        setupPrice: before.setupPrice,
        monthlyPrice: before.monthlyPrice,
        totalPrice: before.totalPrice,
        status: before.status,
      });
      expect(order.orderDate).toEqual(before.orderDate);
      expect(order.createdAt).toEqual(before.createdAt);
    }
    // Her payment stays for the books, without its note; the neighbour's keeps everything.
    const [keptPayment] = await db().select().from(payments).where(eq(payments.id, data.payment.id));
    expect(keptPayment).toMatchObject({ orderId: data.paid.id, amount: 500, note: null });
    const [neighbourPayment] = await db().select().from(payments).where(eq(payments.id, data.neighbourPayment.id));
    expect(neighbourPayment.note).toBe("Xada paid in cash");
    expect(await db().select().from(contactMessages).where(eq(contactMessages.id, data.message.id))).toEqual([]);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, data.session))).toEqual([]);
    expect(await db().select().from(chatSessions).where(eq(chatSessions.sessionId, data.session))).toEqual([]);
    expect(await db().select().from(chatUploads).where(eq(chatUploads.name, data.file.name))).toEqual([]);
    expect(existsSync(filePath)).toBe(false);
    expect(await eventsAbout(data.email, data.session)).toEqual([]);

    // The neighbour, whose address contains hers, keeps everything.
    const [neighbourOrder] = await db().select().from(orders).where(eq(orders.id, data.neighbourOrder.id));
    expect(neighbourOrder.clientEmail).toBe(data.other);
    expect(
      await db().select().from(contactMessages).where(eq(contactMessages.id, data.neighbourMessage.id)),
    ).toHaveLength(1);
    expect(
      await db().select().from(chatSessions).where(eq(chatSessions.sessionId, data.neighbourSession)),
    ).toHaveLength(1);
    expect(await eventsAbout(data.other, data.neighbourSession)).toHaveLength(1);

    expect(await readCounters(COUNTER_NAMES)).toEqual(await recountedCounters());

    const [renamed] = await db().select().from(auditLog).where(eq(auditLog.id, named.id));
    expect(renamed).toMatchObject({
      action: "order.status_changed",
      target: `${ERASED} (${data.pending.serviceName})`,
    });
    const [renamedQuote] = await db().select().from(auditLog).where(eq(auditLog.id, quoted.id));
    expect(renamedQuote.target).toBe(`${ERASED} (${data.pending.serviceName})`);

    const entries = await db().select().from(auditLog).where(eq(auditLog.action, "personal_data.erased"));
    const entry = entries.find((e) => e.actorId === owner.id);
    expect(entry).toMatchObject({
      actorUsername: owner.username,
      details: { orders: 2, contactMessages: 1, conversations: 1, summary: "2 orders, 1 message, 1 conversation" },
    });
    expect(entry?.target).toMatch(/^a\*\*\*@e\*\*\*\.com$/);
    const written = JSON.stringify(entries);
    expect(written.toLowerCase()).not.toContain(data.email);
    expect(written).not.toContain("Ada");

    const after = await send(getRequest(`${PAGE}?email=${encodeURIComponent(data.email)}`, cookie));
    expect(after.loaderData["routes/admin/personal-data"]).toMatchObject({ result: { empty: true } });
  });

  it("keeps everything when the transaction fails: no half erasure and no audit entry", async () => {
    const owner = await createTestAdmin(db(), { role: "super_admin" });
    const cookie = await sessionFor(owner);
    const data = await arrange();
    const entriesBefore = await db().select().from(auditLog);
    // The audit entry is the transaction's last write: refusing it must undo the rest.
    await db().execute(
      sql.raw(`alter table audit_log add constraint audit_refused check (action <> 'personal_data.erased') not valid`),
    );
    try {
      const answer = await send(postRequest(PAGE, { intent: "erase", email: data.email }, cookie));
      expect(answer.status).toBe(302);
      expect(answer.toast?.message).toBe("Error erasing personal data");
    } finally {
      await db().execute(sql.raw("alter table audit_log drop constraint audit_refused"));
    }
    const [paid] = await db().select().from(orders).where(eq(orders.id, data.paid.id));
    expect(paid.clientName).toBe("Ada Lovelace");
    expect(await db().select().from(contactMessages).where(eq(contactMessages.id, data.message.id))).toHaveLength(1);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, data.session))).toHaveLength(4);
    expect(existsSync(path.join(localMediaDir(), data.file.name))).toBe(true);
    expect(await db().select().from(auditLog)).toHaveLength(entriesBefore.length);
  });

  it("refuses a plain admin the screen, the export and the erasure", async () => {
    const plain = await createTestAdmin(db(), { role: "admin" });
    const cookie = await sessionFor(plain);
    const data = await arrange();
    const query = `?email=${encodeURIComponent(data.email)}`;
    expect((await send(getRequest(`${PAGE}${query}`, cookie))).status).toBe(403);
    expect((await send(getRequest(`${PAGE}/export.json${query}`, cookie))).status).toBe(403);
    expect((await send(postRequest(PAGE, { intent: "erase", email: data.email }, cookie))).status).toBe(403);
    const [paid] = await db().select().from(orders).where(eq(orders.id, data.paid.id));
    expect(paid.clientEmail).toBe(data.email.toUpperCase());
    expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, data.session))).toHaveLength(4);
  });
});
