import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Webhook } from "~/db/schema";
import type { ChatReplyEvent } from "~/lib/chat";
import type { WebhookPayloadFormat } from "~/lib/domain";
import { requestContext } from "~/lib/request-context.server";
import { listSessionMessages } from "~/models/chat-messages.server";
import { createWebhook } from "~/models/webhooks.server";
import * as widgetRoute from "~/routes/public/chat-messages";
import { handleChatMessage } from "~/services/chat/conversation.server";
import { conversationWritten } from "~/services/chat/conversation-writes.server";
import { fanOut } from "~/services/chat/fan-out.server";
import { type ChatMetadata, chatPayload } from "~/services/webhooks.server";

import { productText } from "../support/product-text";
import { useTestDatabase } from "../support/test-database";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";

// A chat webhook in the "n8n Chat Trigger" format gets what n8n's own widget sends, and
// any webhook may answer in n8n's streaming format. Against a real HTTP server on 127.0.0.1.

const DEFAULT_REPLY = productText("Thank you for your message! Our AI is processing your request.");
const APOLOGY = productText(
  "I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to contact us directly via WhatsApp for immediate assistance.",
);

/** n8n's chunk as its streaming response writes it. */
function chunk(type: string, content?: string, nodeId = "agent"): string {
  const metadata = { nodeId, nodeName: nodeId, timestamp: 1_763_900_000_000, runIndex: 0, itemIndex: 0 };
  return `${JSON.stringify(content === undefined ? { type, metadata } : { type, content, metadata })}\n`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `body` in pieces of `size` bytes with a pause between them, as n8n flushes tokens. */
async function stream(response: ServerResponse, body: string, size: number, end = true) {
  // n8n says JSON even though the body is NDJSON.
  response.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
  const bytes = Buffer.from(body);
  for (let at = 0; at < bytes.length; at += size) {
    response.write(bytes.subarray(at, at + size));
    await pause(5);
  }
  if (end) response.end();
}

const TWO_BLOCKS =
  chunk("begin") +
  chunk("item", "Grüße! ") +
  chunk("item", "We automate 🚀 invoices.") +
  chunk("end") +
  chunk("begin", undefined, "respond") +
  chunk("item", "Anything else?", "respond") +
  chunk("end", undefined, "respond");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const behaviour = request.path.split("/")[1];
    if (behaviour === "stream") return void stream(response, TWO_BLOCKS, 7);
    if (behaviour === "error")
      return void stream(response, chunk("begin") + chunk("item", "Let me") + chunk("error", "x"), 9);
    // A workflow that starts answering, then stalls past every deadline.
    if (behaviour === "stall")
      return void stream(response, chunk("begin") + chunk("item", "Half an answer"), 11, false);
    if (behaviour === "hang") return;
    if (behaviour === "raw") return answerJson(response, 200, { executionStarted: true, executionId: "42" });
    answerJson(response, 200, { output: "Plain JSON reply" });
  });
});
afterAll(() => server.close());

function hook(path: string, payloadFormat: WebhookPayloadFormat = "n8n-chat-trigger"): Webhook {
  return {
    id: randomUUID(),
    name: `Hook ${path}`,
    url: `${server.url}${path}`,
    method: "POST",
    headers: {},
    payloadFormat,
    timeoutSeconds: 15,
    isActive: true,
    position: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

function requestTo(path: string) {
  const found = server.received.filter((request) => request.path === path);
  expect(found).toHaveLength(1);
  return found[0];
}

const METADATA: ChatMetadata = {
  page: "/order?service=4f0c1a52-7c51-4c57-9d0f-1b7c8f0f6f11",
  service: { id: "4f0c1a52-7c51-4c57-9d0f-1b7c8f0f6f11", name: "Invoice Automation" },
  utm: { source: "newsletter", campaign: "spring" },
  language: "de-DE",
};

describe("the n8n Chat Trigger format", () => {
  useTestDatabase("pglite");

  it("sends n8n's JSON: action, sessionId, chatInput and the metadata, asking for text", async () => {
    const payload = chatPayload({ sessionId: "session_1_abcdef", message: "Hi n8n", metadata: METADATA });
    const reply = await fanOut(payload, { mediaType: null, activeWebhooks: [hook("/json-text")] });

    expect(reply).toMatchObject({
      text: "Plain JSON reply",
      field: "output",
      streamed: false,
      answeredBy: "Hook /json-text",
    });
    const request = requestTo("/json-text");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.accept).toBe("text/plain");
    expect(request.body.toString("utf8")).toBe(
      '{"action":"sendMessage","sessionId":"session_1_abcdef","chatInput":"Hi n8n","metadata":{"page":' +
        '"/order?service=4f0c1a52-7c51-4c57-9d0f-1b7c8f0f6f11","service":{"id":"4f0c1a52-7c51-4c57-9d0f-1b7c8f0f6f11",' +
        '"name":"Invoice Automation"},"utm":{"source":"newsletter","campaign":"spring"},"language":"de-DE"}}',
    );
  });

  it("sends a file as multipart: the fields, the metadata as a JSON string and the file as `files`", async () => {
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const payload = chatPayload({
      sessionId: "session_2_abcdef",
      message: "What is in this?",
      mediaUrl: "https://agency.example/uploads/invoice.png",
      metadata: { page: "/services" },
    });
    await fanOut(payload, {
      mediaType: "image",
      file: new File([image], "invoice.png", { type: "image/png" }),
      activeWebhooks: [hook("/multipart")],
    });

    const request = requestTo("/multipart");
    const contentType = String(request.headers["content-type"]);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
    expect(boundary).toBeTruthy();
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const expected = Buffer.concat([
      Buffer.from(
        part("action", "sendMessage") +
          part("sessionId", "session_2_abcdef") +
          part("chatInput", "What is in this?") +
          part("metadata", '{"page":"/services","mediaUrl":"https://agency.example/uploads/invoice.png"}') +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="invoice.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(request.body.equals(expected), request.body.toString("latin1")).toBe(true);
  });

  it("sends the Website format with the metadata added, and reads its fields in the spec's order", async () => {
    const payload = chatPayload({ sessionId: "session_3_abcdef", message: "Hello", metadata: METADATA });
    const reply = await fanOut(payload, { mediaType: null, activeWebhooks: [hook("/website", "website")] });
    expect(reply).toMatchObject({ text: "Plain JSON reply", field: "output" });
    const request = requestTo("/website");
    expect(request.headers.accept).toBe("application/json, text/plain, */*");
    expect(request.json).toEqual({ ...payload, metadata: METADATA });
  });
});

describe("a streamed answer", () => {
  useTestDatabase("pglite");
  const ask = (path: string, format: WebhookPayloadFormat = "n8n-chat-trigger", deadlineMs?: number) =>
    fanOut(chatPayload({ sessionId: "session_4_abcdef", message: "Stream please" }), {
      mediaType: null,
      deadlineMs,
      activeWebhooks: [hook(path, format)],
    });

  it("is read block by block, with lines and UTF-8 characters cut between chunks", async () => {
    for (const format of ["n8n-chat-trigger", "website"] as const) {
      expect(await ask(`/stream/${format}`, format)).toMatchObject({
        text: "Grüße! We automate 🚀 invoices.\n\nAnything else?",
        streamed: true,
        answeredBy: `Hook /stream/${format}`,
      });
    }
  });

  it("ends a block with the apology at an error chunk", async () => {
    expect((await ask("/error")).text).toBe(`Let me\n\n${APOLOGY}`);
  });

  it("that stalls past the deadline keeps what came; one that says nothing gives way to the next", async () => {
    const started = Date.now();
    const stalled = await ask("/stall", "n8n-chat-trigger", 1000);
    expect(stalled).toMatchObject({ text: "Half an answer", streamed: true, answeredBy: "Hook /stall" });
    expect(Date.now() - started).toBeLessThan(3000);

    const reply = await fanOut(chatPayload({ sessionId: "session_5_abcdef", message: "Anyone?" }), {
      mediaType: null,
      timeoutMs: 800,
      activeWebhooks: [hook("/hang"), hook("/json-next")],
    });
    expect(reply).toMatchObject({ text: "Plain JSON reply", answeredBy: "Hook /json-next" });
  });

  it("never shows raw JSON: an answer without a reply field gives the default reply", async () => {
    expect(await ask("/raw")).toMatchObject({ text: DEFAULT_REPLY, field: null, streamed: false });
  });

  it("is stored whole, with how long it took and that it was streamed", async () => {
    await createWebhook({
      name: "Streaming n8n",
      url: `${server.url}/stream/stored`,
      method: "POST",
      headers: {},
      payloadFormat: "n8n-chat-trigger",
      isActive: true,
    });
    const sessionId = `session_${Date.now()}_stored123`;
    await handleChatMessage({ sessionId, message: "Stream please", media: null, origin: null });
    await conversationWritten(sessionId);
    const [, bot] = await listSessionMessages(sessionId);
    expect(bot).toMatchObject({
      message: "Grüße! We automate 🚀 invoices.\n\nAnything else?",
      answeredBy: "Streaming n8n",
      streamed: true,
    });
    expect(bot.replyMs).toBeGreaterThan(0);
  });

  it("reaches the widget through /chat/messages piece by piece as it arrives, then whole as stored", async () => {
    await createWebhook({
      name: "Streaming to the widget",
      url: `${server.url}/stream/widget`,
      method: "POST",
      headers: {},
      payloadFormat: "n8n-chat-trigger",
      isActive: true,
    });
    const form = new FormData();
    form.set("message", "Stream please");
    const response = await widgetRoute.action({
      request: new Request("http://localhost/chat/messages", { method: "POST", body: form }),
      context: requestContext({ clientIp: "198.51.100.7", cspNonce: "" }),
      params: {},
    } as unknown as Parameters<typeof widgetRoute.action>[0]);
    expect(response.headers.get("Content-Type")).toBe("application/x-ndjson; charset=utf-8");

    // Each event with when it came: the webhook takes about half a second to stream its answer.
    const events: { event: ChatReplyEvent; at: number }[] = [];
    let buffered = "";
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffered += read.value;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) events.push({ event: JSON.parse(line) as ChatReplyEvent, at: Date.now() });
    }
    const deltas = events.flatMap(({ event }) => (event.type === "delta" ? [event.text] : []));
    const done = events.at(-1)!;
    // A piece for each item, the second block set off as a paragraph of its own.
    expect(deltas).toEqual(["Grüße! ", "We automate 🚀 invoices.", "\n\nAnything else?"]);
    expect(done.event).toMatchObject({
      type: "done",
      user: { message: "Stream please", isUserMessage: true },
      bot: { message: "Grüße! We automate 🚀 invoices.\n\nAnything else?", isUserMessage: false },
    });
    expect(done.at - events[0].at).toBeGreaterThan(100);
  });
});
