import { and, eq, inArray, like, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chatMessages, integrations, orders, payments, providerEvents, visitCounts } from "~/db/schema";
import { formatPrice } from "~/lib/pricing";

import { type AppUnderTest, type Instance, OWNER, startAppUnderTest } from "../support/app-under-test";
import type { RunningServer } from "../support/built-server";
import { createTestAdmin, createTestOrder, createTestService, unique } from "../support/factories";
import { reportFault } from "../support/fault-report";
import { toastOn } from "../support/http-visitor";
import { productText } from "../support/product-text";
import { checkoutCompleted, newWebhookSecret, signedDelivery } from "../support/stripe-events";
import { echoWebhook, startTestServer } from "../support/webhook-server";

// Two instances of the app on one Postgres, behind one address, behave as one site.
// A limit counts what reached either of them, a session started on one is good (and ended) on
// both, and what an admin changes through one shows on the other's public pages within a second.
// tests/production/page-cache.test.ts ("two instances on one Postgres") shows a new service, a
// change written straight to the database, and a dropped notification connection.

const ORDERS_PER_HOUR = 3;
const LOGIN_MAX_FAILURES = 3;
const CHAT_MESSAGES_PER_MINUTE = 20;

let app: AppUnderTest;
let other: Instance;
beforeAll(async () => {
  app = await startAppUnderTest({
    ORDERS_PER_HOUR: String(ORDERS_PER_HOUR),
    LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
    CHAT_MESSAGES_PER_MINUTE: String(CHAT_MESSAGES_PER_MINUTE),
    // The chat's limit is counted per address: each test of it comes from an address of its own.
    TRUST_PROXY: "true",
  });
  other = await app.startAnother();
});
afterAll(async () => {
  await other?.stop();
  await app?.stop();
});

/** The two instances, taking turns: the first for even numbers, the other for odd ones. */
const instance = (turn: number): Instance => (turn % 2 === 0 ? app : other);

describe("limits", () => {
  it(`refuses orders past ORDERS_PER_HOUR (${ORDERS_PER_HOUR}) counted across both, sent at once`, async () => {
    const service = await createTestService(app.db, { isActive: true });
    const client = unique("Shared limit client");
    const placeOrder = (turn: number) =>
      instance(turn)
        .visitor()
        .post("/order", {
          clientName: `${client} ${turn}`,
          clientEmail: "client@example.com",
          serviceId: service.id,
          terms: "on",
        });

    const burst = await Promise.all(Array.from({ length: 8 }, (_, turn) => placeOrder(turn)));
    const statuses = burst.map((answer) => answer.status).sort();
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429, 429, 429]);
    for (const turn of [8, 9]) {
      const refused = await placeOrder(turn);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const stored = await app.db
      .select({ id: orders.id })
      .from(orders)
      .where(like(orders.clientName, `${client} %`));
    const acknowledged = burst.filter((answer) => answer.status === 302).length;
    const lost = reportFault("order limit across two instances", {
      sent: burst.length + 2,
      acknowledged,
      found: stored.length,
    });
    expect(lost).toBe(0);
    expect(stored).toHaveLength(ORDERS_PER_HOUR);
  });

  it(`refuses chat messages past CHAT_MESSAGES_PER_MINUTE (${CHAT_MESSAGES_PER_MINUTE}) counted across both`, async () => {
    // Each instance takes hits from the shared counter a few at a time (app/services/rate-limit-lease.server.ts).
    const send = (from: string, turn: number) =>
      instance(turn)
        .visitor()
        .post("/chat/messages", { message: `Message ${turn}` }, { "X-Forwarded-For": from });
    const taking = async (answers: Promise<{ status: number }>[]) =>
      (await Promise.all(answers)).filter((answer) => answer.status === 200).length;

    const one = "198.51.100.21";
    let sequential = 0;
    for (let turn = 0; turn < 30; turn++) sequential += await taking([send(one, turn)]);
    const burst = await taking(Array.from({ length: 30 }, (_, turn) => send("198.51.100.22", turn)));
    console.log(
      `two instances: chat messages accepted of 30 from one address: ${sequential} one by one, ${burst} at once`,
    );
    for (const accepted of [sequential, burst]) {
      expect(accepted).toBeLessThanOrEqual(CHAT_MESSAGES_PER_MINUTE);
      // What the other holds unused is lost to a visitor: a block (a quarter of the limit, 5 at most) each.
      expect(accepted).toBeGreaterThanOrEqual(CHAT_MESSAGES_PER_MINUTE - 10);
    }
    const refused = await send(one, 30);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it(`refuses sign-in after LOGIN_MAX_FAILURES (${LOGIN_MAX_FAILURES}) failures counted across both`, async () => {
    const admin = await createTestAdmin(app.db);
    const attempt = (turn: number, password: string) =>
      instance(turn).visitor().post("/admin/login", {
        username: admin.username,
        password,
      });
    for (let turn = 0; turn < LOGIN_MAX_FAILURES; turn++) {
      expect((await attempt(turn, "a-wrong-password")).status).toBe(401);
    }
    // The right password no longer helps, on either.
    for (const turn of [0, 1]) expect((await attempt(turn, admin.password)).status).toBe(429);
  });
});

describe("sessions", () => {
  it("accepts an admin signed in on one on the other, until signing out on the first ends it there too", async () => {
    const onFirst = await app.signedIn();
    // The same browser's cookie, its next request reaching the other instance.
    const onOther = onFirst.withCookiesAt(other.url);
    expect((await onOther.get("/admin")).status).toBe(200);

    expect((await onFirst.post("/admin/logout", {})).status).toBe(302);
    const after = await onOther.get("/admin");
    expect(after.status).toBe(302);
    expect(after.location).toBe("/admin/login");
  });

  it("takes a visitor's cookies from one on the other: the toast after a post, the chat's conversation", async () => {
    const visitor = app.visitor();
    const sent = await visitor.post("/?index", {
      name: "Casey",
      email: "casey@example.com",
      message: unique("Two instances"),
    });
    expect(sent.status).toBe(302);
    const next = await visitor.withCookiesAt(other.url).get(sent.location!);
    expect(toastOn(next.html)?.message).toBe(productText("Message sent!"));

    const chatter = other.visitor();
    const [first, second] = [unique("First"), unique("Second")];
    expect((await chatter.post("/chat", { message: first })).status).toBe(302);
    const onFirst = chatter.withCookiesAt(app.url);
    expect((await onFirst.post("/chat", { message: second })).status).toBe(302);
    const conversation = await onFirst.get("/chat");
    expect(conversation.html).toContain(first);
    expect(conversation.html).toContain(second);
    const sessions = await app.db
      .selectDistinct({ sessionId: chatMessages.sessionId })
      .from(chatMessages)
      .where(inArray(chatMessages.message, [first, second]));
    expect(sessions).toHaveLength(1);
  });
});

describe("an admin's change through one, on the other's cached pages", () => {
  /** Loads a page until the page cache answers it (it is stored in the background after the first render). */
  async function cached(server: RunningServer, pathname: string) {
    await expect
      .poll(async () => {
        const response = await fetch(server.url + pathname);
        await response.arrayBuffer();
        return response.headers.get("x-cache");
      })
      .toBe("hit");
  }

  /** Milliseconds from `since` until `server`'s `pathname` shows `text`, checked every 20 ms. */
  async function msUntilShown(server: RunningServer, pathname: string, text: string, since: number) {
    for (;;) {
      const html = await (await fetch(server.url + pathname)).text();
      if (html.includes(text)) return performance.now() - since;
      if (performance.now() - since > 5000) throw new Error(`${text} not shown on ${pathname} after 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("shows a service's new price on the other's order form within a second", async () => {
    const service = await createTestService(app.db, { isActive: true });
    await cached(other, "/order");
    const admin = await app.signedIn();
    const newPrice = 4321;
    const at = performance.now();
    const edited = await admin.post(`/admin/services/${service.id}/edit`, {
      name: service.name,
      category: service.category,
      description: service.description,
      setupPrice: String(newPrice),
      monthlyPrice: String(service.monthlyPrice),
      isActive: "on",
    });
    expect(edited.status).toBe(302);
    const ms = await msUntilShown(other, "/order", `${service.name} - ${formatPrice(newPrice, "USD")}`, at);
    console.log(
      `two instances: a price changed through one shown on the other's order form after ${Math.round(ms)} ms`,
    );
    expect(ms).toBeLessThan(1000);
  });

  it("shows new site settings on the other's home page within a second", async () => {
    await cached(other, "/");
    const admin = await app.signedIn();
    const headline = unique("Automations that never sleep");
    const at = performance.now();
    const saved = await admin.post("/admin/settings", {
      companyName: "FlowForge Automation",
      workflowToolName: "n8n",
      homepageHeadline: headline,
      homepageSubtext: "We automate.",
      supportEmail: "hello@flowforge.example",
    });
    expect(saved.status).toBe(302);
    const ms = await msUntilShown(other, "/", headline, at);
    console.log(`two instances: settings saved through one shown on the other's home page after ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it("sends the other's chat messages to a chat webhook added through one within a second", async () => {
    const echo = await startTestServer(echoWebhook);
    try {
      const chatter = other.visitor();
      const say = async (message: string) => (await chatter.post("/chat/messages", { message })).html;
      // The other has read the chat's webhooks (none yet) and keeps them until it hears of a change.
      expect(await say(unique("Before"))).not.toContain("Echo:");
      const admin = await app.signedIn();
      const at = performance.now();
      const added = await admin.post("/admin/webhooks/new", {
        name: unique("Echo"),
        url: `${echo.url}/echo`,
        method: "POST",
        isActive: "on",
      });
      expect(added.status).toBe(302);
      let ms: number | undefined;
      while (ms === undefined) {
        const message = unique("After");
        if ((await say(message)).includes(`Echo: ${message}`)) ms = performance.now() - at;
        else if (performance.now() - at > 5000) throw new Error("The other never asked the new webhook in 5 s");
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      console.log(
        `two instances: a chat webhook added through one answered the other's chat after ${Math.round(ms)} ms`,
      );
      expect(ms).toBeLessThan(1000);
    } finally {
      await echo.close();
    }
  });
});

describe("payments", () => {
  it("handles one Stripe event delivered to both at once exactly once", async () => {
    const secret = newWebhookSecret();
    // Plain, as a value from before encryption existed reads: this process has not the servers' SECRETS_KEY.
    await app.db
      .insert(integrations)
      .values({ id: 1, stripeWebhookSecret: secret })
      .onConflictDoUpdate({ target: integrations.id, set: { stripeWebhookSecret: secret } });
    const order = await createTestOrder(app.db);
    const event = checkoutCompleted(order.id, { amountTotal: 17_800, currency: "usd" });
    const { body, signature } = signedDelivery(event, secret);
    const deliver = (turn: number) =>
      fetch(`${instance(turn).url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body,
      }).then((response) => response.status);

    expect(await Promise.all(Array.from({ length: 6 }, (_, turn) => deliver(turn)))).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    expect(await app.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect(await app.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id))).toHaveLength(1);
    const [paid] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid.status).toBe("paid");
  });
});

describe("the live chat", () => {
  it("sends a staff reply posted through one to the visitor's stream on the other, uncompressed, at once", async () => {
    const handedOver = await fetch(`${app.url}/chat/handoff`, {
      method: "POST",
      body: new URLSearchParams(),
      headers: { "X-Forwarded-For": "10.77.0.1" },
      redirect: "manual",
    });
    expect(handedOver.status).toBe(303);
    const cookie = handedOver.headers.getSetCookie()[0].split(";")[0];
    const [{ sessionId }] = await app.db
      .selectDistinct({ sessionId: chatMessages.sessionId })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, cookieSession(cookie)));

    const controller = new AbortController();
    const stream = await fetch(`${other.url}/chat/stream`, {
      headers: { Cookie: cookie, "Accept-Encoding": "gzip, deflate, br" },
      signal: controller.signal,
    });
    try {
      expect(stream.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
      expect(stream.headers.get("Content-Encoding")).toBeNull();
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let received = "";
      const until = async (text: string) => {
        while (!received.includes(text)) received += (await reader.read()).value ?? "";
      };
      await until('"status":"waiting"');

      const reply = unique("Staff reply across instances");
      const admin = await app.signedIn();
      const at = performance.now();
      const sent = await admin.post(`/admin/chats?session=${sessionId}`, {
        intent: "reply",
        sessionId,
        message: reply,
      });
      expect(sent.status).toBe(302);
      await until(reply);
      const ms = performance.now() - at;
      console.log(
        `two instances: a staff reply through one reached the visitor's stream on the other in ${Math.round(ms)} ms`,
      );
      expect(received).toContain(`"staffName":"${OWNER.username}"`);
    } finally {
      controller.abort();
    }
  });
});

/** The conversation a signed chat cookie names (its value is base64 JSON, then the signature). */
function cookieSession(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return (JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString()) as { id: string }).id;
}

describe("visits", () => {
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

  async function viewsOf(path: string): Promise<number> {
    const [row] = await app.db
      .select({ views: sum(visitCounts.views).mapWith(Number) })
      .from(visitCounts)
      .where(and(eq(visitCounts.dimension, "page"), eq(visitCounts.value, path)));
    return row.views ?? 0;
  }

  it("counts page views on both, rendered and from the page cache, and adds them up", async () => {
    const before = await viewsOf("/services");
    const answered: Array<string | null> = [];
    for (const server of [app, other]) {
      const fromCache = () => answered.at(-1) === "hit";
      // Rendered first; then, once stored, answered by the page cache.
      do {
        const answer = await fetch(`${server.url}/services`, { headers: { "User-Agent": BROWSER } });
        await answer.arrayBuffer();
        expect(answer.status).toBe(200);
        answered.push(answer.headers.get("x-cache"));
      } while (!fromCache());
    }
    expect(answered[0]).not.toBe("hit");
    // Each instance adds its counts every few seconds.
    await expect.poll(() => viewsOf("/services"), { timeout: 15_000 }).toBe(before + answered.length);
  });
});
