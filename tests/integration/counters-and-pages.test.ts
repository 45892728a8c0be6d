import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { keysetCursor, keysetPage, type KeysetSlice } from "~/db/keyset.server";
import { chatMessages, chatSessions, contactMessages, orders } from "~/db/schema";
import { formatCursor, type PageRequest, parseCursor } from "~/lib/keyset";
import * as contactModel from "~/models/contact-messages.server";
import { COUNTER_NAMES, readCounters } from "~/models/counters.server";
import * as ordersModel from "~/models/orders.server";
import * as servicesModel from "~/models/services.server";

import { createTestChatMessage } from "../support/factories";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

describe.each(BACKENDS)("counters and keyset pages on %s", (backend) => {
  const database = useTestDatabase(backend);
  const query = <Row>(text: string) => database().transaction((tx) => tx.query<Row>(text));

  /** The totals counted the slow way, to hold the triggers' counters against. */
  async function countedTotals(): Promise<Record<(typeof COUNTER_NAMES)[number], number>> {
    const [row] = await query<Record<string, string>>(`
      select
        (select count(*) from orders) as orders,
        (select count(*) from orders where status = 'pending') as orders_pending,
        (select count(*) from orders where status = 'paid') as orders_paid,
        (select count(*) from orders where status = 'cancelled') as orders_cancelled,
        (select coalesce(sum(total_price), 0) from orders where status = 'paid') as orders_revenue_paid,
        (select count(*) from contact_messages) as contact_messages,
        (select count(*) from contact_messages where not is_read) as contact_messages_unread,
        (select count(distinct session_id) from chat_messages) as chat_sessions,
        (select count(*) from chat_messages) as chat_messages`);
    return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)])) as never;
  }

  async function expectCountersExact() {
    expect(await readCounters(COUNTER_NAMES)).toEqual(await countedTotals());
  }

  /** chat_sessions as it should be, computed from the messages. */
  const derivedSessions = () =>
    query(`
      select session_id, count(*)::int as message_count,
        to_char(min(created_at), 'YYYY-MM-DD HH24:MI:SS.US') as started_at,
        to_char(max(created_at), 'YYYY-MM-DD HH24:MI:SS.US') as last_message_at,
        (array_agg(message order by created_at, id) filter (where is_user_message))[1] as first_message
      from chat_messages group by session_id order by session_id`);

  const keptSessions = () =>
    query(`
      select session_id, message_count,
        to_char(started_at, 'YYYY-MM-DD HH24:MI:SS.US') as started_at,
        to_char(last_message_at, 'YYYY-MM-DD HH24:MI:SS.US') as last_message_at, first_message
      from chat_sessions order by session_id`);

  it("keeps the order counters exact under concurrent orders and status changes back and forth", async () => {
    const service = await servicesModel.createService({
      name: uniqueName("Counted"),
      description: "Counted service",
      category: "ai-automation",
      setupPrice: 100,
      monthlyPrice: 25.5,
    });
    const request = { clientName: "Ada", clientEmail: "ada@example.com", serviceId: service.id };
    const created = await Promise.all(Array.from({ length: 30 }, () => ordersModel.createOrder(request)));
    await expectCountersExact();

    // Every order walks pending → paid → cancelled → paid → pending, all at the same time.
    const walk = ["paid", "cancelled", "paid", "pending"] as const;
    for (const status of walk) {
      await Promise.all(created.map((order) => ordersModel.updateOrderStatus(order.id, status)));
      await expectCountersExact();
    }
    await Promise.all(
      created.map((order, index) => ordersModel.updateOrderStatus(order.id, index % 3 ? "paid" : "cancelled")),
    );
    const counters = await readCounters(["orders", "orders_paid", "orders_revenue_paid"]);
    expect(counters).toEqual({ orders: 30, orders_paid: 20, orders_revenue_paid: 20 * 125.5 });
    await expectCountersExact();

    // A bulk statement is counted once, whatever its size; deletes and truncation count down.
    await query(`
      insert into orders (client_name, client_email, service_name, setup_price, total_price, status)
      select 'Bulk ' || i, 'bulk@example.com', 'Bulk', 10, 10, (array['pending','paid','cancelled'])[1 + i % 3]::order_status
      from generate_series(1, 300) i`);
    await expectCountersExact();
    await db().delete(orders).where(eq(orders.clientEmail, "bulk@example.com"));
    await expectCountersExact();
    await query(`truncate orders cascade`);
    await expectCountersExact();
    expect((await readCounters(["orders"])).orders).toBe(0);
  });

  it("keeps the unread count exact as messages arrive, are read, unread and deleted", async () => {
    const messages = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        contactModel.createContactMessage({ name: `Visitor ${i}`, email: "v@example.com", message: "Hello there" }),
      ),
    );
    await expectCountersExact();
    await Promise.all(messages.map((m, i) => contactModel.setContactMessageRead(m.id, i % 2 === 0)));
    await Promise.all(messages.map((m, i) => contactModel.setContactMessageRead(m.id, i % 4 === 0)));
    await expectCountersExact();
    expect((await readCounters(["contact_messages_unread"])).contact_messages_unread).toBe(15);
    await Promise.all(messages.slice(0, 7).map((m) => contactModel.deleteContactMessage(m.id)));
    await expectCountersExact();
  });

  it("keeps one chat_sessions row per conversation, in step with its messages", async () => {
    const sessions = ["s-a", "s-b", "s-c"];
    await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        createTestChatMessage(db(), { sessionId: sessions[i % 3], message: `m${i}`, isUserMessage: i % 2 === 0 }),
      ),
    );
    // A conversation that only has the assistant's words yet has no first message.
    await createTestChatMessage(db(), { sessionId: "s-quiet", message: "Hi!", isUserMessage: false });
    await query(`
      insert into chat_messages (session_id, message, is_user_message, created_at)
      select 'bulk-' || (i % 10), 'bulk ' || i, true, now() - (i || ' seconds')::interval
      from generate_series(1, 200) i`);
    expect(await keptSessions()).toEqual(await derivedSessions());
    expect((await db().select().from(chatSessions).where(eq(chatSessions.sessionId, "s-quiet")))[0].firstMessage).toBe(
      null,
    );
    await expectCountersExact();

    // Deleting a conversation's first message moves its preview; deleting all of it removes the row.
    const [first] = await db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, "bulk-3"))
      .orderBy(chatMessages.createdAt)
      .limit(1);
    await db().delete(chatMessages).where(eq(chatMessages.id, first.id));
    await db().delete(chatMessages).where(eq(chatMessages.sessionId, "s-b"));
    await db().update(chatMessages).set({ isUserMessage: false }).where(eq(chatMessages.sessionId, "s-c"));
    expect(await keptSessions()).toEqual(await derivedSessions());
    await expectCountersExact();

    await query(`truncate chat_messages`);
    expect(await keptSessions()).toEqual([]);
    await expectCountersExact();
  });

  it("keeps the visitor's earliest message as the preview when an earlier write commits last", async () => {
    // Three writes of one conversation, committed in this order but written at these times.
    const at = (seconds: number) => `now() - interval '${60 - seconds} seconds'`;
    await query(`insert into chat_messages (session_id, message, is_user_message, created_at)
      values ('s-late', 'third', true, ${at(5)})`);
    await query(`insert into chat_messages (session_id, message, is_user_message, created_at)
      values ('s-late', 'Hello!', false, ${at(2)})`);
    await query(`insert into chat_messages (session_id, message, is_user_message, created_at)
      values ('s-late', 'second', true, ${at(4)})`);
    expect(await keptSessions()).toEqual(await derivedSessions());
    expect((await db().select().from(chatSessions).where(eq(chatSessions.sessionId, "s-late")))[0].firstMessage).toBe(
      "second",
    );
    await query(`delete from chat_messages where session_id = 's-late'`);
  });

  describe("keyset pages", () => {
    const columns = { at: contactMessages.createdAt, id: contactMessages.id };
    const fetch = ({ where, orderBy, limit }: KeysetSlice) =>
      db()
        .select({ id: contactMessages.id, cursor: keysetCursor(columns) })
        .from(contactMessages)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit);
    const read = (request: PageRequest) => keysetPage(request, columns, fetch, 10);

    it("walks every row once, forwards and backwards, with many rows in the same microsecond", async () => {
      await query(`truncate contact_messages cascade`);
      // 37 rows: runs of rows sharing one timestamp, so only the id tells them apart.
      await query(`
        insert into contact_messages (name, email, message, created_at)
        select 'n' || i, 'e@example.com', 'm', timestamptz '2026-11-01 10:00:00.123456+00' + ((i / 6) || ' ms')::interval
        from generate_series(1, 37) i`);
      const expected = (
        await db()
          .select({ id: contactMessages.id })
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      ).map((row) => row.id);

      const forwards: string[] = [];
      let page = await read({ kind: "first" });
      expect(page.hasNewer).toBe(false);
      for (;;) {
        forwards.push(...page.rows.map((row) => row.id));
        if (!page.hasOlder) break;
        page = await read({ kind: "older", cursor: parseCursor(page.oldestCursor!)! });
        expect(page.hasNewer).toBe(true);
      }
      expect(forwards).toEqual(expected);

      // The last page is the oldest ten; walking back from it covers the rest without a repeat
      // until the first page, which is always the newest ten.
      page = await read({ kind: "last" });
      expect(page.rows.map((row) => row.id)).toEqual(expected.slice(-10));
      expect(page).toMatchObject({ hasOlder: false, hasNewer: true });
      const backwards = [page.rows.map((row) => row.id)];
      while (page.hasNewer) {
        page = await read({ kind: "newer", cursor: parseCursor(page.newestCursor!)! });
        backwards.unshift(page.rows.map((row) => row.id));
      }
      expect(backwards[0]).toEqual(expected.slice(0, 10));
      expect(new Set(backwards.flat())).toEqual(new Set(expected));
    });

    it("sends a cursor past the end to the last page, and keeps a cursor's microseconds", async () => {
      const past = await read({
        kind: "older",
        cursor: { at: "2000-01-01T00:00:00.000000Z", id: crypto.randomUUID() },
      });
      expect(past.hasOlder).toBe(false);
      expect(past.rows).toHaveLength(10);
      const [row] = await fetch({ where: undefined, orderBy: [desc(columns.at), desc(columns.id)], limit: 1 });
      expect(row.cursor).toMatch(/^2026-11-01T10:00:00\.1294\d\dZ~/);
      expect(formatCursor(parseCursor(row.cursor)!)).toBe(row.cursor);
    });
  });
});
