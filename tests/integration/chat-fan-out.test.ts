import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/db/client.server";
import { siteSettings, webhooks } from "~/db/schema";
import { CircuitBreaker } from "~/lib/circuit-breaker";
import { listSessionMessages } from "~/models/chat-messages.server";
import { saveSiteSettings } from "~/models/site-settings.server";
import { createWebhook, type WebhookInput } from "~/models/webhooks.server";
import { cannedReply } from "~/services/chat/canned-replies.server";
import { handleChatMessage } from "~/services/chat/conversation.server";
import { conversationWritten } from "~/services/chat/conversation-writes.server";
import { breakerKey, fanOut } from "~/services/chat/fan-out.server";
import { chatPayload } from "~/services/webhooks.server";

import { productText } from "../support/product-text";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";

// Long enough for a loaded machine to answer, short enough for the hanging cases.
const SHORT_TIMEOUT_MS = 1500;

let server: TestServer;
beforeAll(async () => {
  // One server, many webhooks: the path says how each one answers.
  server = await startTestServer((request, response) => {
    const [, behaviour, name = ""] = request.path.split("/");
    if (behaviour === "hang") return;
    if (behaviour === "fail") return answerJson(response, 503, { response: "must not be used" });
    if (behaviour === "text") return response.writeHead(200, { "Content-Type": "text/plain" }).end("plain words");
    if (behaviour === "field") return answerJson(response, 200, JSON.parse(decodeURIComponent(name)));
    answerJson(response, 200, { response: `reply from ${name}` });
  });
});
afterAll(() => server.close());

function requestsTo(path: string) {
  return server.received.filter((request) => request.path === path);
}

function payload(message = "Hello there", sessionId = `session_${Date.now()}_abcdef123`) {
  return chatPayload({ sessionId, message });
}

describe.each(BACKENDS)("chat fan-out on %s", (backend) => {
  useTestDatabase(backend);

  async function addWebhook(path: string, overrides: Partial<WebhookInput> = {}) {
    // List order is creation time; PGlite's clock can give two quick inserts the same instant.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return createWebhook({
      name: uniqueName("Hook"),
      url: `${server.url}${path}`,
      method: "POST",
      headers: {},
      isActive: true,
      ...overrides,
    });
  }

  beforeEach(async () => {
    await db().delete(webhooks);
    await db().delete(siteSettings);
  });

  it("asks the active webhooks in list order and stops at the first OK answer", async () => {
    const tag = uniqueName("order").replace(" ", "-");
    await addWebhook(`/ok/${tag}-inactive`, { isActive: false });
    const first = await addWebhook(`/ok/${tag}-first`);
    await addWebhook(`/ok/${tag}-second`);

    const reply = await fanOut(payload(), { mediaType: null, timeoutMs: SHORT_TIMEOUT_MS });

    expect(reply).toMatchObject({
      text: `reply from ${tag}-first`,
      answeredBy: first.name,
      field: "response",
      streamed: false,
    });
    expect(requestsTo(`/ok/${tag}-inactive`)).toHaveLength(0);
    expect(requestsTo(`/ok/${tag}-first`)).toHaveLength(1);
    expect(requestsTo(`/ok/${tag}-second`)).toHaveLength(0);
  });

  it("reads the webhooks with the visitor's message: active ones in list order, an edit counting at once", async () => {
    const tag = uniqueName("with-message").replace(" ", "-");
    await addWebhook(`/ok/${tag}-inactive`, { isActive: false });
    const failing = await addWebhook(`/fail/${tag}`);
    const second = await addWebhook(`/ok/${tag}-second`);
    const send = (message: string) =>
      handleChatMessage({
        sessionId: `session_${Date.now()}_withmsg${Math.random().toString(36).slice(2, 8)}`,
        message,
        media: null,
        origin: "https://agency.example",
        timeoutMs: SHORT_TIMEOUT_MS,
      });

    expect((await send("first")).answeredBy).toBe(second.name);
    expect(requestsTo(`/ok/${tag}-inactive`)).toHaveLength(0);
    expect(requestsTo(`/fail/${tag}`)).toHaveLength(1);

    await db()
      .update(webhooks)
      .set({ url: `${server.url}/ok/${tag}-fixed` })
      .where(eq(webhooks.id, failing.id));
    expect((await send("second")).answeredBy).toBe(failing.name);
    expect(requestsTo(`/ok/${tag}-fixed`)).toHaveLength(1);
  });

  it("skips webhooks that answer non-OK, fail to connect or hang past the time-out", async () => {
    const tag = uniqueName("skip").replace(" ", "-");
    await addWebhook(`/fail/${tag}`);
    const closed = await startTestServer(() => {});
    await closed.close();
    await addWebhook("/ok/refused", { url: `${closed.url}/refused` });
    await addWebhook(`/hang/${tag}`);
    const answering = await addWebhook(`/ok/${tag}-last`);

    const started = Date.now();
    const reply = await fanOut(payload(), { mediaType: null, timeoutMs: SHORT_TIMEOUT_MS });

    expect(reply).toMatchObject({ text: `reply from ${tag}-last`, answeredBy: answering.name });
    expect(requestsTo(`/fail/${tag}`)).toHaveLength(1);
    expect(requestsTo(`/hang/${tag}`)).toHaveLength(1);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(SHORT_TIMEOUT_MS * 5);
  });

  it("sends each webhook's method, JSON and accept headers, its custom headers and the spec's payload", async () => {
    const tag = uniqueName("headers").replace(" ", "-");
    await addWebhook(`/ok/${tag}`, {
      method: "PATCH",
      headers: { "X-Api-Key": "secret-123", Authorization: "Bearer t0k3n" },
    });
    const sent = chatPayload({
      sessionId: "session_1767225600000_k3j4h5g6f",
      message: "What does it cost?",
      mediaUrl: "https://agency.example/uploads/1-image.png",
      now: new Date("2026-01-01T00:00:00Z"),
    });

    await fanOut(sent, { mediaType: "image", origin: "https://agency.example", timeoutMs: SHORT_TIMEOUT_MS });

    const [received] = requestsTo(`/ok/${tag}`);
    expect(received.method).toBe("PATCH");
    expect(received.headers["content-type"]).toBe("application/json");
    expect(received.headers.accept).toContain("application/json");
    expect(received.headers.origin).toBe("https://agency.example");
    expect(received.headers["x-api-key"]).toBe("secret-123");
    expect(received.headers.authorization).toBe("Bearer t0k3n");
    expect(received.json).toEqual({
      session_id: "session_1767225600000_k3j4h5g6f",
      message: "What does it cost?",
      media_url: "https://agency.example/uploads/1-image.png",
      timestamp: "2026-01-01T00:00:00.000Z",
      user_info: { platform: "website", ip: "unknown" },
    });
  });

  it("falls back to the settings' chat_webhook_url with a POST and no custom headers", async () => {
    const tag = uniqueName("settings").replace(" ", "-");
    await addWebhook(`/fail/${tag}`, { headers: { "X-Api-Key": "only-for-the-webhook" } });
    await saveSiteSettings({
      companyName: "Test Co",
      homepageHeadline: "Headline",
      homepageSubtext: "Subtext",
      supportEmail: "test@example.com",
      chatWebhookUrl: `${server.url}/ok/${tag}-settings`,
    });

    const reply = await fanOut(payload("hi"), { mediaType: null, timeoutMs: SHORT_TIMEOUT_MS });

    expect(reply).toMatchObject({ text: `reply from ${tag}-settings`, answeredBy: "settings" });
    const [received] = requestsTo(`/ok/${tag}-settings`);
    expect(received.method).toBe("POST");
    expect(received.headers["x-api-key"]).toBeUndefined();
    expect(received.json).toMatchObject({ message: "hi", user_info: { platform: "website", ip: "unknown" } });
  });

  it("answers with a canned reply when nothing answers", async () => {
    const tag = uniqueName("canned").replace(" ", "-");
    await addWebhook(`/fail/${tag}`);
    await saveSiteSettings({
      companyName: "Test Co",
      workflowToolName: "Zapflow",
      homepageHeadline: "Headline",
      homepageSubtext: "Subtext",
      supportEmail: "test@example.com",
      chatWebhookUrl: `${server.url}/hang/${tag}-settings`,
    });

    const reply = await fanOut(payload("What does it cost?"), { mediaType: null, timeoutMs: SHORT_TIMEOUT_MS });

    expect(reply.answeredBy).toBe("canned");
    expect(reply.text).toBe(cannedReply("What does it cost?", null, "Zapflow"));
    expect(reply.text).toContain("$199");
    expect(requestsTo(`/hang/${tag}-settings`)).toHaveLength(1);
  });

  it("reads the reply from response, else message, else output, else the default text", async () => {
    const cases: Array<[unknown, string]> = [
      [{ response: "from response", message: "no", output: "no" }, "from response"],
      [{ message: "from message", output: "no" }, "from message"],
      [{ output: "from output" }, "from output"],
      [[{ output: "n8n agent answer" }], "n8n agent answer"],
      [{ success: true }, productText("Thank you for your message! Our AI is processing your request.")],
    ];
    for (const [answer, expected] of cases) {
      await db().delete(webhooks);
      await addWebhook(`/field/${encodeURIComponent(JSON.stringify(answer))}`);
      const reply = await fanOut(payload(), { mediaType: null, timeoutMs: SHORT_TIMEOUT_MS });
      expect(reply.text).toBe(expected);
    }
    await db().delete(webhooks);
    await addWebhook("/text/plain");
    expect((await fanOut(payload(), { mediaType: null, timeoutMs: SHORT_TIMEOUT_MS })).text).toBe(
      productText("Thank you for your message! Our AI is processing your request."),
    );
  });

  it("stores the visitor's message with its media and the reply with who answered", async () => {
    const tag = uniqueName("store").replace(" ", "-");
    const hook = await addWebhook(`/ok/${tag}`);
    const sessionId = `session_${Date.now()}_store${Math.random().toString(36).slice(2, 8)}`;

    const exchange = await handleChatMessage({
      sessionId,
      message: productText("📷 Image sent"),
      media: {
        url: "/uploads/123-image.png",
        type: "image",
        file: new File(["png"], "invoice.png", { type: "image/png" }),
      },
      origin: "https://agency.example",
      timeoutMs: SHORT_TIMEOUT_MS,
    });

    expect(exchange.answeredBy).toBe(hook.name);
    expect(requestsTo(`/ok/${tag}`)[0].json).toMatchObject({
      session_id: sessionId,
      message: productText("📷 Image sent"),
      media_url: "https://agency.example/uploads/123-image.png",
    });
    await conversationWritten(sessionId);
    const stored = await listSessionMessages(sessionId);
    expect(stored.map((m) => [m.isUserMessage, m.message, m.mediaUrl, m.mediaType, m.answeredBy])).toEqual([
      [true, productText("📷 Image sent"), "/uploads/123-image.png", "image", null],
      [false, `reply from ${tag}`, null, null, hook.name],
    ]);
    expect(exchange.bot).toEqual({
      id: stored[1].id,
      message: `reply from ${tag}`,
      isUserMessage: false,
      mediaUrl: null,
      mediaType: null,
      html: `<p>reply from ${tag}</p>\n`,
    });
    expect(exchange.user).not.toHaveProperty("html");
  });

  it("logs a message it cannot store and still answers", async () => {
    const tag = uniqueName("unstored").replace(" ", "-");
    await addWebhook(`/ok/${tag}`);
    const sessionId = `session_${Date.now()}_unstored${Math.random().toString(36).slice(2, 8)}`;
    // The database itself refuses every new chat message, as a full disk or a lost grant would.
    await db().execute(sql`alter table chat_messages add constraint refuse_chat_messages check (false) not valid`);
    const logged: string[] = [];
    const stderr = vi.spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));
    try {
      const exchange = await handleChatMessage({
        sessionId,
        message: "Is anyone there?",
        media: null,
        origin: "https://agency.example",
        timeoutMs: SHORT_TIMEOUT_MS,
      });

      expect(exchange.bot).toMatchObject({ message: `reply from ${tag}`, isUserMessage: false });
      expect(exchange.user).toMatchObject({ message: "Is anyone there?", isUserMessage: true });
      expect(requestsTo(`/ok/${tag}`)[0].json).toMatchObject({ session_id: sessionId, message: "Is anyone there?" });
      await conversationWritten(sessionId);
      const failures = logged
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter(
          (entry) =>
            entry.msg === "storing chat exchanges failed" && (entry.sessionIds as string[]).includes(sessionId),
        );
      expect(failures.map((entry) => entry.level)).toEqual(["error"]);
    } finally {
      stderr.mockRestore();
      await db().execute(sql`alter table chat_messages drop constraint refuse_chat_messages`);
    }
    expect(await listSessionMessages(sessionId)).toEqual([]);
  });

  it("answers within one deadline for the whole reply: three hanging webhooks, then the canned reply", async () => {
    const tag = uniqueName("deadline").replace(" ", "-");
    for (const name of ["a", "b", "c"]) await addWebhook(`/hang/${tag}-${name}`);
    await saveSiteSettings({
      companyName: "Test Co",
      homepageHeadline: "Headline",
      homepageSubtext: "Subtext",
      supportEmail: "test@example.com",
      chatWebhookUrl: `${server.url}/hang/${tag}-settings`,
    });
    const started = Date.now();
    // Each webhook alone would get 10 s; the reply as a whole gets 1.5 s.
    const reply = await fanOut(payload("hi"), { mediaType: null, timeoutMs: 10_000, deadlineMs: 1500 });
    const elapsed = Date.now() - started;
    expect(reply.answeredBy).toBe("canned");
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(2500);
    // The first took the whole deadline; the others were not even asked.
    expect(requestsTo(`/hang/${tag}-a`)).toHaveLength(1);
    expect(requestsTo(`/hang/${tag}-b`)).toHaveLength(0);
    expect(requestsTo(`/hang/${tag}-settings`)).toHaveLength(0);
  });

  it("skips a webhook that keeps failing while its breaker is open, and tries it again after", async () => {
    const tag = uniqueName("breaker").replace(" ", "-");
    await addWebhook(`/fail/${tag}`);
    await addWebhook(`/ok/${tag}-next`);
    const breaker = new CircuitBreaker({ failures: 3, openMs: 1000 });
    const ask = () => fanOut(payload(), { mediaType: null, timeoutMs: SHORT_TIMEOUT_MS, breaker });
    for (let i = 0; i < 3; i++) expect((await ask()).text).toBe(`reply from ${tag}-next`);
    expect(requestsTo(`/fail/${tag}`)).toHaveLength(3);
    // Open: the failing webhook hears nothing, the next one still answers.
    for (let i = 0; i < 5; i++) expect((await ask()).text).toBe(`reply from ${tag}-next`);
    expect(requestsTo(`/fail/${tag}`)).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await ask();
    expect(requestsTo(`/fail/${tag}`)).toHaveLength(4);
    // The probe failed: open again.
    await ask();
    expect(requestsTo(`/fail/${tag}`)).toHaveLength(4);
  });

  it("waits for a hanging webhook its own time-out, once: the next visitor's message does not wait for it", async () => {
    const tag = uniqueName("hanging").replace(" ", "-");
    const hanging = await addWebhook(`/hang/${tag}`, { timeoutSeconds: 1 });
    const next = await addWebhook(`/ok/${tag}-next`);
    const breaker = new CircuitBreaker({ failures: 3, openMs: 60_000 });
    // No time-out given: each webhook's own, as in production.
    const ask = () => fanOut(payload(), { mediaType: null, breaker });

    const first = await ask();
    expect(first).toMatchObject({ answeredBy: next.name });
    expect(first.replyMs).toBeGreaterThanOrEqual(950);
    expect(first.replyMs).toBeLessThan(5000);
    expect(breaker.state(breakerKey(hanging))).toMatchObject({ open: true, failures: 1, reason: "timeout" });

    const second = await ask();
    expect(second).toMatchObject({ answeredBy: next.name });
    expect(second.replyMs).toBeLessThan(500);
    expect(requestsTo(`/hang/${tag}`)).toHaveLength(1);
    expect(requestsTo(`/ok/${tag}-next`)).toHaveLength(2);
  });
});
