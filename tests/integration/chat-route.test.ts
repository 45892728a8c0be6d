import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { encodeWav } from "~/components/chat/wav";
import { db } from "~/db/client.server";
import { chatMessages } from "~/db/schema";
import type { ChatReplyEvent } from "~/lib/chat";
import { newChatSessionId } from "~/lib/chat";
import { getEnv } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context.server";
import { listSessionMessages } from "~/models/chat-messages.server";
import { createWebhook, deleteWebhook } from "~/models/webhooks.server";
import type { loader } from "~/routes/public/chat";
import * as widgetRoute from "~/routes/public/chat-messages";
import * as newConversationRoute from "~/routes/public/chat-new";
import { loader as uploadsLoader } from "~/routes/uploads";
import { conversationWritten } from "~/services/chat/conversation-writes.server";
import { chatLimits, maxChatRequestBytes } from "~/services/chat/limits.server";
import { renewChatSession } from "~/services/chat/session-cookie.server";
import { localMediaDir } from "~/services/media-storage.server";

import { createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { type Answer, getRequest, send, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";
import { echoWebhook, startTestServer, type TestServer } from "../support/webhook-server";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const WAV = Buffer.from(encodeWav([new Float32Array(1600).map((_, i) => Math.sin(i / 4))], 16_000));

type ChatReply = { result: { status?: string; error?: Record<string, string[] | null> } };
type ChatPage = Awaited<ReturnType<typeof loader>>;

function chatForm(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** The /chat page's form, posted without JavaScript. */
function postChat(body: FormData, options: { ip?: string; cookie?: string } = {}): Promise<Answer> {
  const request = new Request(`${TEST_ORIGIN}/chat`, {
    method: "POST",
    headers: options.cookie ? { Cookie: options.cookie } : {},
    body,
  });
  return send(request, { ip: options.ip ?? randomIp() });
}

function randomIp(): string {
  return `10.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
}

/** A conversation of its own, as the visitor's cookie carries it. */
async function freshSession(): Promise<{ sessionId: string; cookie: string }> {
  const sessionId = newChatSessionId();
  return { sessionId, cookie: (await renewChatSession(sessionId, 24)).split(";")[0] };
}

interface WidgetAnswer {
  status: number;
  headers: Headers;
  /** The streamed events of an accepted message. */
  events: ChatReplyEvent[];
  /** The refusal of one that was not. */
  refusal?: ChatReply;
}

/** The widget's post to /chat/messages: multipart, or a raw body of the given type. */
async function postWidget(
  body: FormData | { raw: BodyInit; contentType: string },
  options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<WidgetAnswer> {
  const headers = new Headers({ ...options.headers, ...(options.cookie ? { Cookie: options.cookie } : {}) });
  if (!(body instanceof FormData)) headers.set("Content-Type", body.contentType);
  const request = new Request(`${TEST_ORIGIN}/chat/messages`, {
    method: "POST",
    headers,
    body: body instanceof FormData ? body : body.raw,
    duplex: "half",
  } as RequestInit);
  const answer = await widgetRoute.action({
    request,
    context: requestContext({ clientIp: options.ip ?? randomIp(), cspNonce: "" }),
    params: {},
  } as unknown as Parameters<typeof widgetRoute.action>[0]);
  if (!answer.headers.get("Content-Type")?.startsWith("application/x-ndjson")) {
    return { status: answer.status, headers: answer.headers, events: [], refusal: (await answer.json()) as ChatReply };
  }
  const text = await answer.text();
  const events = text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatReplyEvent);
  return { status: answer.status, headers: answer.headers, events };
}

function exchangeOf(answer: WidgetAnswer) {
  const done = answer.events.at(-1);
  if (done?.type !== "done" || !done.bot) throw new Error(`no exchange in ${JSON.stringify(answer)}`);
  return { ...done, bot: done.bot };
}

function widgetErrors(answer: WidgetAnswer): Record<string, string[] | null> {
  return answer.refusal?.result.error ?? {};
}

function reply(answer: Answer): ChatReply | undefined {
  return answer.actionData as ChatReply | undefined;
}

async function loadChat(cookie?: string): Promise<ChatPage> {
  const answer = await send(getRequest("/chat", cookie));
  expect(answer.status).toBe(200);
  return answer.loaderData["routes/public/chat"] as ChatPage;
}

function fieldErrors(answer: Answer): Record<string, string[] | null> {
  return reply(answer)?.result.error ?? {};
}

/** GET /uploads/<name> through the route's loader, with these request headers. */
function getUpload(name: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${TEST_ORIGIN}/uploads/${encodeURIComponent(name)}`, { headers });
  return uploadsLoader({ request, params: { name } } as unknown as Parameters<typeof uploadsLoader>[0]);
}

let echo: TestServer;
/** While set, the echo webhook holds its answers until `size` requests wait, then gives them all at once. */
let heldBurst: { size: number; answers: (() => void)[] } | undefined;
beforeAll(async () => {
  echo = await startTestServer((request, response) => {
    const burst = heldBurst;
    if (!burst) return echoWebhook(request, response);
    burst.answers.push(() => echoWebhook(request, response));
    if (burst.answers.length === burst.size) burst.answers.forEach((answer) => answer());
  });
});
afterAll(() => echo.close());

describe.each(BACKENDS)("the chat action on %s", (backend) => {
  useTestDatabase(backend);
  let webhookId: string;
  beforeAll(async () => {
    webhookId = (
      await createWebhook({
        name: uniqueName("Echo"),
        url: `${echo.url}/echo`,
        method: "POST",
        headers: { "X-Secret": "hidden-header-value" },
        isActive: true,
      })
    ).id;
  });
  afterAll(() => deleteWebhook(webhookId));

  it("answers the widget with the stored exchange and nothing about the webhook", async () => {
    const { sessionId, cookie } = await freshSession();
    const result = await postWidget(chatForm({ message: "  Hello from the widget  " }), { cookie });

    expect(result.status).toBe(200);
    expect(result.headers.get("Cache-Control")).toBe("no-store, no-transform");
    expect(exchangeOf(result)).toMatchObject({
      user: { message: "Hello from the widget", isUserMessage: true, mediaUrl: null, mediaType: null },
      bot: {
        message: "Echo: Hello from the widget",
        isUserMessage: false,
        html: "<p>Echo: Hello from the widget</p>\n",
      },
    });
    const serialized = JSON.stringify(result.events);
    expect(serialized).not.toContain(echo.url);
    expect(serialized).not.toContain("hidden-header-value");
    expect(serialized).not.toContain("answeredBy");
    // Stored once the visitor has the answer, under the ids the widget was given.
    await conversationWritten(sessionId);
    const stored = await listSessionMessages(sessionId);
    expect(stored.map((m) => [m.id, m.message, m.answeredBy !== null])).toEqual([
      [exchangeOf(result).user.id, "Hello from the widget", false],
      [exchangeOf(result).bot.id, "Echo: Hello from the widget", true],
    ]);
  });

  it("stores the exchanges of a burst in fewer statements than exchanges, every message kept", async () => {
    // Counts the statements that insert into chat_messages, whoever makes them.
    await db().execute(sql`create table chat_insert_statements (at timestamptz default now())`);
    await db().execute(
      sql.raw(`create function count_chat_insert() returns trigger language plpgsql as $$
        begin insert into chat_insert_statements default values; return null; end $$`),
    );
    await db().execute(
      sql`create trigger count_chat_insert after insert on chat_messages for each statement execute function count_chat_insert()`,
    );
    try {
      const sessions = await Promise.all(Array.from({ length: 5 }, () => freshSession()));
      // The webhook answers the five together, as in a burst: on a busy machine, answers a few
      // round trips apart could fall in separate batches.
      heldBurst = { size: 5, answers: [] };
      const answers = await Promise.all(
        sessions.map(({ cookie }, i) => postWidget(chatForm({ message: `Burst ${i}` }), { cookie })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      await Promise.all(sessions.map(({ sessionId }) => conversationWritten(sessionId)));
      for (const [i, { sessionId }] of sessions.entries()) {
        expect((await listSessionMessages(sessionId)).map((m) => m.message)).toEqual([
          `Burst ${i}`,
          `Echo: Burst ${i}`,
        ]);
      }
      const [{ count }] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(sql`chat_insert_statements`);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(5);
    } finally {
      heldBurst = undefined;
      await db().execute(sql`drop trigger count_chat_insert on chat_messages`);
      await db().execute(sql`drop function count_chat_insert()`);
      await db().execute(sql`drop table chat_insert_statements`);
    }
  });

  it("tells the webhooks the page, the service it offers, the visit's UTM and the language, never the address", async () => {
    const service = await createTestService(db(), { isActive: true });
    const form = chatForm({ message: "How much is it?" });
    form.set("page", `/order?service=${service.id}`);
    form.set("utm.source", "newsletter");
    form.set("utm.campaign", "spring");
    const answer = await postWidget(form, {
      ip: "203.0.113.9",
      headers: { "Accept-Language": "de-CH,de;q=0.9,en;q=0.8" },
    });
    expect(answer.status).toBe(200);

    const sent = echo.received.at(-1)!.json as Record<string, unknown>;
    expect(sent.metadata).toEqual({
      page: `/order?service=${service.id}`,
      service: { id: service.id, name: service.name },
      utm: { source: "newsletter", campaign: "spring" },
      language: "de-CH",
    });
    expect(JSON.stringify(sent)).not.toContain("203.0.113.9");

    // A page that is not this site's is not passed on; without it, the page is /chat's.
    const elsewhere = chatForm({ message: "Hi", page: "https://evil.example/x" });
    await postWidget(elsewhere);
    expect((echo.received.at(-1)!.json as Record<string, unknown>).metadata).toEqual({ page: "/chat" });
  });

  it("stores a sent image, checked by its content, and serves it back", async () => {
    const { sessionId, cookie } = await freshSession();
    const result = await postWidget(chatForm({ image: new File([PNG], "holiday.jpeg", { type: "image/jpeg" }) }), {
      cookie,
    });

    expect(result.status).toBe(200);
    const { user } = exchangeOf(result);
    expect(user).toMatchObject({ message: productText("📷 Image sent"), mediaType: "image" });
    const name = String(user.mediaUrl).replace(/^\/uploads\//, "");
    expect(name).toMatch(/^\d+-[0-9a-f-]{36}\.png$/);
    expect(readFileSync(path.join(localMediaDir(), name))).toEqual(PNG);
    const payload = echo.received.find((r) => (r.json as { session_id?: string }).session_id === sessionId)!.json;
    expect(payload).toMatchObject({
      message: productText("📷 Image sent"),
      // Without SITE_URL the link stays relative: the request's host is the client's word.
      media_url: `/uploads/${name}`,
    });

    const served = await getUpload(name);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it("stores a voice message as WAV with the default text", async () => {
    const { sessionId, cookie } = await freshSession();
    const result = await postWidget(chatForm({ voice: new File([WAV], "voice.wav", { type: "audio/wav" }) }), {
      cookie,
    });

    expect(result.status).toBe(200);
    await conversationWritten(sessionId);
    const [user, bot] = await listSessionMessages(sessionId);
    expect(user).toMatchObject({ message: productText("🎤 Voice message"), mediaType: "voice" });
    expect(user.mediaUrl).toMatch(/^\/uploads\/\d+-[0-9a-f-]{36}\.wav$/);
    expect(bot).toMatchObject({ message: `Echo: ${productText("🎤 Voice message")}`, isUserMessage: false });
  });

  it.each([
    [
      "a renamed non-image",
      "image",
      new File(["<svg onload=alert(1)>"], "cat.png", { type: "image/png" }),
      productText("Only PNG, JPEG, GIF or WebP images can be sent."),
    ],
    [
      "a WAV sent as an image",
      "image",
      new File([WAV], "cat.png", { type: "image/png" }),
      productText("Only PNG, JPEG, GIF or WebP images can be sent."),
    ],
    [
      "an image sent as voice",
      "voice",
      new File([PNG], "voice.wav", { type: "audio/wav" }),
      productText("Voice messages must be WAV audio."),
    ],
  ])("refuses %s", async (_label, field, file, message) => {
    const { sessionId, cookie } = await freshSession();
    const result = await postWidget(chatForm({ message: "look", [field]: file }), { cookie });
    expect(result.status).toBe(400);
    expect(widgetErrors(result)[field]).toEqual([message]);
    expect(await listSessionMessages(sessionId)).toEqual([]);
  });

  it("refuses an oversize image with a message naming the limit", async () => {
    const limit = getEnv().MAX_IMAGE_BYTES;
    const big = Buffer.alloc(limit + 1);
    PNG.copy(big);
    const result = await postWidget(chatForm({ image: new File([big], "big.png") }));
    expect(result.status).toBe(400);
    expect(widgetErrors(result).image).toEqual([productText.pattern("Images can be up to {size}.", "5 MB")]);
  });

  it("refuses an oversize voice message with a message naming the limit", async () => {
    const limit = getEnv().MAX_VOICE_BYTES;
    const big = Buffer.alloc(limit + 1);
    WAV.copy(big);
    const { sessionId, cookie } = await freshSession();
    const result = await postWidget(chatForm({ voice: new File([big], "long.wav", { type: "audio/wav" }) }), {
      cookie,
    });
    expect(result.status).toBe(400);
    expect(widgetErrors(result).voice).toEqual([productText.pattern("Voice messages can be up to {size}.", "10 MB")]);
    expect(await listSessionMessages(sessionId)).toEqual([]);
  });

  it("gives each webhook the spec's 15 seconds to answer", async () => {
    // The time-out's value, seen where it is made, rather than waiting 15 s for a hanging webhook.
    const timeouts = vi.spyOn(AbortSignal, "timeout");
    try {
      const result = await postWidget(chatForm({ message: "How long do you wait?" }));
      expect(exchangeOf(result).bot.message).toBe("Echo: How long do you wait?");
      expect(timeouts.mock.calls).toEqual([[15_000]]);
    } finally {
      timeouts.mockRestore();
    }
  });

  it("refuses a request larger than any allowed file before reading it all", async () => {
    const max = maxChatRequestBytes(chatLimits());
    const boundary = "----chat-test";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="voice"; filename="v.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      Buffer.alloc(max + 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const result = await postWidget({ raw: body, contentType: `multipart/form-data; boundary=${boundary}` });
    expect(result.status).toBe(413);
    expect(widgetErrors(result)[""]).toEqual([productText.pattern("Files can be up to {size}.", "10 MB")]);

    // The same without a declared length: counted while reading.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(body));
        controller.close();
      },
    });
    const streamed = await postWidget({ raw: stream, contentType: `multipart/form-data; boundary=${boundary}` });
    expect(streamed.status).toBe(413);
  });

  it.each([
    ["an empty message", { message: "   " }, "message", productText("Type a message or attach a photo.")],
    [
      "a message over the length limit",
      { message: "x".repeat(2001) },
      "message",
      productText.pattern("Messages can be up to {n} characters.", "2000"),
    ],
  ])("refuses %s, on the page and to the widget", async (_label, fields, field, message) => {
    const result = await postChat(chatForm(fields));
    expect(result.status).toBe(400);
    expect(fieldErrors(result)[field]).toEqual([message]);
    const widget = await postWidget(chatForm(fields));
    expect(widget.status).toBe(400);
    expect(widgetErrors(widget)[field]).toEqual([message]);
  });

  it("limits messages per visitor address and minute", async () => {
    const ip = `192.0.2.${randomBytes(1)[0]}`;
    const limit = getEnv().CHAT_MESSAGES_PER_MINUTE;
    for (let i = 0; i < limit; i++) {
      expect((await postChat(chatForm({ message: "" }), { ip })).status).toBe(400);
    }
    const refused = await postWidget(chatForm({ message: "one too many" }), { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(widgetErrors(refused)[""]).toEqual([
      productText("You are sending messages too quickly. Please wait a minute and try again."),
    ]);
    expect((await postWidget(chatForm({ message: "another visitor" }))).status).toBe(200);
  });

  it("keeps the /chat page's conversation in a signed cookie across posts", async () => {
    const first = await postChat(chatForm({ message: "First from the page" }));
    expect(first.status).toBe(302);
    expect(first.location).toBe("/chat#chat-form");
    const cookie = first.headers.get("Set-Cookie")!.split(";")[0];
    expect(first.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(first.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);

    const second = await postChat(chatForm({ message: "Second from the page" }), { cookie });
    expect(second.status).toBe(302);

    const page = await loadChat(cookie);
    expect(page.messages.map((m) => m.message)).toEqual([
      "First from the page",
      "Echo: First from the page",
      "Second from the page",
      "Echo: Second from the page",
    ]);
    expect(page.limits).toEqual(chatLimits());
    expect(JSON.stringify(page)).not.toContain("answeredBy");

    const tampered = cookie.replace(/=.*/, `=${Buffer.from(JSON.stringify(newChatSessionId())).toString("base64")}`);
    expect((await loadChat(tampered)).messages).toEqual([]);
    expect((await loadChat()).messages).toEqual([]);
  });

  it("keeps one conversation for the widget and the page, reads it back to its visitor only, and ends it on request", async () => {
    const first = await postWidget(chatForm({ message: "From the widget" }));
    const setCookie = first.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^chat_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    // The conversation lasts a day after the visitor's last message.
    expect(setCookie).toMatch(/Max-Age=86400/);
    const cookie = setCookie.split(";")[0];
    expect((await postChat(chatForm({ message: "From the page" }), { cookie })).status).toBe(302);

    const history = async (withCookie?: string) => {
      const response = await widgetRoute.loader({
        request: getRequest("/chat/messages", withCookie),
      } as unknown as Parameters<typeof widgetRoute.loader>[0]);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      return ((await response.json()) as { messages: Record<string, unknown>[] }).messages;
    };
    const messages = await history(cookie);
    expect(messages.map((m) => m.message)).toEqual([
      "From the widget",
      "Echo: From the widget",
      "From the page",
      "Echo: From the page",
    ]);
    expect(messages[1].html).toBe("<p>Echo: From the widget</p>\n");
    expect(JSON.stringify(messages)).not.toContain("answeredBy");
    expect(await history()).toEqual([]);
    expect((await loadChat(cookie)).messages.map((m) => m.message)).toHaveLength(4);

    const ended = await newConversationRoute.action();
    expect(ended.status).toBe(302);
    expect(ended.headers.get("Location")).toBe("/chat");
    expect(ended.headers.get("Set-Cookie")).toMatch(/^chat_session=;.*Max-Age=0/);
  });
});

describe("the uploads route", () => {
  it.each([
    "../session-secret",
    "..%2Fsession-secret",
    "x.svg",
    "1-abc.png",
    `${Date.now()}-00000000-0000-0000-0000-000000000000.png`,
  ])("answers 404 for %s", async (name) => {
    try {
      await getUpload(name);
      throw new Error("expected a 404");
    } catch (error) {
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(404);
    }
  });
});

// Files are streamed from disk, with validators and byte ranges.
describe("the uploads route streaming a stored file", () => {
  const name = `${Date.now()}-00000000-0000-4000-8000-${randomBytes(6).toString("hex")}.wav`;
  const body = Buffer.concat([WAV, randomBytes(4096)]);
  beforeAll(() => {
    mkdirSync(localMediaDir(), { recursive: true });
    writeFileSync(path.join(localMediaDir(), name), body);
  });
  afterAll(() => rmSync(path.join(localMediaDir(), name), { force: true }));

  it("answers with a stream, an ETag and Last-Modified, keeping its safety headers", async () => {
    const served = await getUpload(name);
    expect(served.status).toBe(200);
    expect(served.body).toBeInstanceOf(ReadableStream);
    expect(served.headers.get("ETag")).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(served.headers.get("Last-Modified")).toBe(statSync(path.join(localMediaDir(), name)).mtime.toUTCString());
    expect(served.headers.get("Accept-Ranges")).toBe("bytes");
    expect(served.headers.get("Content-Length")).toBe(String(body.length));
    expect(served.headers.get("Content-Type")).toBe("audio/wav");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(body);
  });

  it("answers 304 while the browser's copy is current", async () => {
    const { headers } = await getUpload(name);
    const byTag = await getUpload(name, { "If-None-Match": headers.get("ETag")! });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toBeNull();
    expect((await getUpload(name, { "If-Modified-Since": headers.get("Last-Modified")! })).status).toBe(304);
    expect((await getUpload(name, { "If-None-Match": 'W/"0-0"' })).status).toBe(200);
  });

  it("answers a byte range with 206 and an unsatisfiable one with 416", async () => {
    const part = await getUpload(name, { Range: "bytes=10-19" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 10-19/${body.length}`);
    expect(part.headers.get("Content-Length")).toBe("10");
    expect(Buffer.from(await part.arrayBuffer())).toEqual(body.subarray(10, 20));

    const tail = await getUpload(name, { Range: "bytes=-5" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(body.subarray(body.length - 5));

    const beyond = await getUpload(name, { Range: `bytes=${body.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${body.length}`);

    // A Range for an older version of the file (If-Range no longer matches): the whole file.
    const stale = await getUpload(name, { Range: "bytes=0-9", "If-Range": 'W/"0-0"' });
    expect(stale.status).toBe(200);
    expect(Number(stale.headers.get("Content-Length"))).toBe(body.length);
  });
});

// Two connections at once: only a real server has them.
describe("the chat action on postgres, while another session holds the messages' table", () => {
  useTestDatabase("postgres");
  beforeAll(async () => {
    await createWebhook({ name: "Echo", url: `${echo.url}/echo`, method: "POST", headers: {}, isActive: true });
  });

  it("answers without waiting for the database to store the exchange, and stores it in order after", async () => {
    const { sessionId, cookie } = await freshSession();
    await db().transaction(async (tx) => {
      // Another session holds the table against writes, as a migration would: the answers come all the same.
      await tx.execute(sql`lock table chat_messages in exclusive mode`);
      for (const message of ["First", "Second"]) {
        const answer = await postWidget(chatForm({ message }), { cookie });
        expect(exchangeOf(answer).bot.message).toBe(`Echo: ${message}`);
      }
      expect(await tx.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId))).toEqual([]);
    });
    await conversationWritten(sessionId);
    expect((await listSessionMessages(sessionId)).map((m) => m.message)).toEqual([
      "First",
      "Echo: First",
      "Second",
      "Echo: Second",
    ]);
  });
});
