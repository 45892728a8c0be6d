import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type AppDatabase, type Db, openDatabase } from "~/db/client.server";
import { chatMessages, contactMessages, orders, services } from "~/db/schema";
import { firstMonthTotal } from "~/lib/pricing";

import { OWNER, startAppUnderTest } from "../support/app-under-test";
import { startBuiltServer, stopBuiltServer } from "../support/built-server";
import { unique } from "../support/factories";
import { reportFault } from "../support/fault-report";
import { type Answer, HttpVisitor, toastOn, visibleText } from "../support/http-visitor";
import { productText } from "../support/product-text";
import { type Backend, BACKENDS } from "../support/test-database";
import { echoWebhook, startTestServer, type TestServer } from "../support/webhook-server";

// Nothing lost under load: visitors' writes (orders, contact messages, chat messages)
// sent many at once, on each database. Every write the site acknowledged must be in the database
// afterwards, nothing may fail with a 5xx, and an order's prices are the catalogue's whatever the
// form carried. On the embedded database the rows are read after the server stopped, so they must
// also have survived its shutdown.

const SENT = 200;
const AT_ONCE = 50;

// Every post comes from 127.0.0.1, one visitor address for the rate limits: raised above SENT.
const RAISED_LIMITS = {
  ORDERS_PER_HOUR: String(SENT * 2),
  CONTACT_MESSAGES_PER_HOUR: String(SENT * 2),
  CHAT_MESSAGES_PER_MINUTE: String(SENT * 2),
};

interface Site {
  url: string;
  /** The server's database once the writes are done: on the embedded one, after the server stopped. */
  settle: () => Promise<Db>;
  close: () => Promise<void>;
}

async function startSite(backend: Backend): Promise<Site> {
  if (backend === "postgres") {
    const app = await startAppUnderTest(RAISED_LIMITS);
    return { url: app.url, settle: async () => app.db, close: app.stop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "agency-writes-"));
  const server = await startBuiltServer({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    ...RAISED_LIMITS,
  });
  let stopped = false;
  let database: AppDatabase | undefined;
  return {
    url: server.url,
    async settle() {
      await stopBuiltServer(server);
      stopped = true;
      database = await openDatabase({ dataDir });
      return database.db;
    },
    async close() {
      if (!stopped) await stopBuiltServer(server);
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Sent {
  acknowledged: number;
  /** Every status the site answered with: the posts' and the pages they led to. */
  statuses: number[];
}

/**
 * Sends SENT posts from AT_ONCE visitors at once, each visitor posting its share one after the
 * other with its own cookies (so a chat visitor stays in one conversation).
 */
async function sendAll(
  site: Site,
  send: (visitor: HttpVisitor, index: number) => Promise<{ acknowledged: boolean; answers: Answer[] }>,
): Promise<Sent> {
  const perVisitor = SENT / AT_ONCE;
  const results = await Promise.all(
    Array.from({ length: AT_ONCE }, async (_, visitorIndex) => {
      const visitor = new HttpVisitor(site.url);
      const answered = [];
      for (let post = 0; post < perVisitor; post++)
        answered.push(await send(visitor, visitorIndex * perVisitor + post));
      return answered;
    }),
  ).then((perVisitorResults) => perVisitorResults.flat());
  return {
    acknowledged: results.filter((result) => result.acknowledged).length,
    statuses: results.flatMap((result) => result.answers.map((answer) => answer.status)),
  };
}

/** The active services' ids, as the order form offers them. */
async function offeredServiceIds(url: string): Promise<string[]> {
  const page = await new HttpVisitor(url).get("/order");
  return [...page.html.matchAll(/<option value="([0-9a-f-]{36})"/g)].map((match) => match[1]);
}

/** Adds an active chat webhook through the admin, as staff would. */
async function addChatWebhook(siteUrl: string, webhookUrl: string): Promise<void> {
  const admin = new HttpVisitor(siteUrl);
  await admin.signIn(OWNER.username, OWNER.password);
  const added = await admin.post("/admin/webhooks/new", {
    name: unique("Load hook"),
    url: `${webhookUrl}/chat`,
    method: "POST",
    isActive: "on",
  });
  if (added.status !== 302) throw new Error(`adding the chat webhook failed with status ${added.status}`);
}

const serverErrors = (statuses: number[]) => statuses.filter((status) => status >= 500);

describe.each(BACKENDS)(`${AT_ONCE} visitors writing at once on %s`, (backend) => {
  const marker = { order: unique("Load client"), contact: unique("Load message"), chat: unique("Load chat") };
  let webhook: TestServer | undefined;
  let site: Site | undefined;
  let sent: Record<keyof typeof marker, Sent>;
  let db: Db;

  // The three floods one after the other on one server, then its database for the tests to read.
  beforeAll(async () => {
    webhook = await startTestServer(echoWebhook);
    site = await startSite(backend);
    const serviceIds = await offeredServiceIds(site.url);
    if (serviceIds.length < 2) throw new Error("the order form offers fewer than two services");
    await addChatWebhook(site.url, webhook.url);

    const order = await sendAll(site, async (visitor, index) => {
      const answer = await visitor.submit("/order", {
        clientName: `${marker.order} ${index}`,
        clientEmail: `client${index}@example.com`,
        serviceId: serviceIds[index % serviceIds.length],
        notes: "Sent under load.",
        terms: "on",
        // What a tampered form could add: the server must take none of it.
        setupPrice: "0.01",
        monthlyPrice: "0",
        totalPrice: "0.01",
        serviceName: "Tampered service",
        status: "paid",
      });
      const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(answer.html)?.[1] ?? "";
      const shown = answer.posted.location === "/order/submitted" && visibleText(heading) === "Order Submitted!";
      return { acknowledged: shown, answers: [answer.posted, answer] };
    });
    const contact = await sendAll(site, async (visitor, index) => {
      const answer = await visitor.submit("/?index", {
        name: "Casey",
        email: `casey${index}@example.com`,
        message: `${marker.contact} ${index}`,
      });
      const shown = answer.posted.status === 302 && toastOn(answer.html)?.message === productText("Message sent!");
      return { acknowledged: shown, answers: [answer.posted, answer] };
    });
    const chat = await sendAll(site, async (visitor, index) => {
      const posted = await visitor.post("/chat", { message: `${marker.chat} ${index}` });
      return { acknowledged: posted.status === 302 && posted.location === "/chat#chat-form", answers: [posted] };
    });
    sent = { order, contact, chat };
    db = await site.settle();
  }, 300_000);
  afterAll(async () => {
    await site?.close();
    await webhook?.close();
  });

  it(`keeps every acknowledged order of ${SENT}, priced from the catalogue`, async () => {
    const stored = await db
      .select({ order: orders, service: services })
      .from(orders)
      .innerJoin(services, eq(services.id, orders.serviceId))
      .where(like(orders.clientName, `${marker.order} %`));
    const { acknowledged, statuses } = sent.order;
    const lost = reportFault(`orders on ${backend}`, { sent: SENT, acknowledged, found: stored.length });

    expect(serverErrors(statuses)).toEqual([]);
    expect(lost).toBe(0);
    expect(acknowledged).toBe(SENT);
    expect(stored).toHaveLength(acknowledged);
    for (const { order, service } of stored) {
      expect(order).toMatchObject({
        serviceName: service.name,
        setupPrice: service.setupPrice,
        monthlyPrice: service.monthlyPrice,
        totalPrice: firstMonthTotal(service.setupPrice, service.monthlyPrice),
        status: "pending",
      });
    }
  });

  it(`keeps every acknowledged contact message of ${SENT}`, async () => {
    const stored = await db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(like(contactMessages.message, `${marker.contact} %`));
    const { acknowledged, statuses } = sent.contact;
    const lost = reportFault(`contact messages on ${backend}`, { sent: SENT, acknowledged, found: stored.length });

    expect(serverErrors(statuses)).toEqual([]);
    expect(lost).toBe(0);
    expect(acknowledged).toBe(SENT);
    expect(stored).toHaveLength(acknowledged);
  });

  it(`keeps every acknowledged chat message of ${SENT}, and the webhook's reply to each`, async () => {
    const visitorMessages = await db
      .select({ sessionId: chatMessages.sessionId })
      .from(chatMessages)
      .where(and(eq(chatMessages.isUserMessage, true), like(chatMessages.message, `${marker.chat} %`)));
    const { acknowledged, statuses } = sent.chat;
    const found = visitorMessages.length;
    const lost = reportFault(`chat messages on ${backend}`, { sent: SENT, acknowledged, found });

    expect(serverErrors(statuses)).toEqual([]);
    expect(lost).toBe(0);
    expect(acknowledged).toBe(SENT);
    expect(found).toBe(acknowledged);
    // One conversation a visitor, its later messages kept by its cookie.
    expect(new Set(visitorMessages.map((row) => row.sessionId)).size).toBe(AT_ONCE);
    const replies = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.isUserMessage, false), like(chatMessages.message, `Echo: ${marker.chat} %`)));
    expect(replies).toHaveLength(acknowledged);
  });
});
