import { signedCookieOptions } from "~/lib/cookie-options.server";
import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { listActiveWebhooks } from "~/models/webhooks.server";
import { saveChatMessage, type ChatMessageInput } from "~/models/chat-messages.server";
import { DEFAULT_SITE_SETTINGS, getSiteSettings } from "~/models/site-settings.server";
import { CHAT_ERROR, CHAT_SESSION_ID_PATTERN, CHAT_TEXT, type ChatLimits, type ChatMessageView } from "~/lib/chat";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { detectMediaType } from "~/lib/media-type.server";
import type { MediaFile } from "./media-storage.server";
import type { ChatMessage } from "~/db/schema";
import type { ChatMediaType } from "~/lib/domain";
import {
  CHAT_WEBHOOK_TIMEOUT_MS,
  chatPayload,
  sendWebhook,
  type ChatPayload,
  type WebhookTarget,
} from "./webhooks.server";

// The chat's server side: the only place a visitor's message leaves for the outside world.

export function chatLimits(env = getEnv()): ChatLimits {
  return {
    maxMessageChars: env.CHAT_MAX_MESSAGE_CHARS,
    maxImageBytes: env.MAX_IMAGE_BYTES,
    maxVoiceBytes: env.MAX_VOICE_BYTES,
  };
}

/** The largest chat post we read: one file at its limit plus the text and multipart overhead. */
export function maxChatRequestBytes(limits: ChatLimits): number {
  return Math.max(limits.maxImageBytes, limits.maxVoiceBytes) + limits.maxMessageChars * 4 + 64 * 1024;
}

/**
 * Reads a multipart (or url-encoded) post, refusing it once it is larger than `maxBytes`:
 * request.formData() alone would buffer whatever a client sends.
 */
export async function readChatForm(request: Request, maxBytes: number): Promise<FormData | "too-large" | "malformed"> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return "too-large";
  let received = 0;
  const body = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new Error("request body too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body,
      duplex: "half",
    } as RequestInit).formData();
  } catch {
    return received > maxBytes ? "too-large" : "malformed";
  }
}

/** The file's bytes if they are what the form field says (checked by content, not by name). */
export async function inspectUpload(
  file: File,
  expected: ChatMediaType,
): Promise<{ media: MediaFile } | { error: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = detectMediaType(bytes);
  if (!detected || detected.kind !== expected) {
    return { error: expected === "image" ? CHAT_ERROR.notImage : CHAT_ERROR.notWav };
  }
  return { media: { bytes, contentType: detected.contentType, extension: detected.extension } };
}

export interface ChatReply {
  text: string;
  /** chat_messages.answered_by: the webhook's name, "settings" or "canned". */
  answeredBy: string;
}

/**
 * The reply text of a webhook's answer: `response`, else `message`, else `output` (what n8n's AI
 * agent and Chat Trigger answer with, also inside a one-element array), else the spec's default.
 */
export function replyText(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return CHAT_TEXT.defaultReply;
  }
  const answer = Array.isArray(parsed) ? parsed[0] : parsed;
  if (answer && typeof answer === "object") {
    for (const field of ["response", "message", "output"]) {
      const value = (answer as Record<string, unknown>)[field];
      if (typeof value === "string" && value.trim()) return value;
    }
  }
  return CHAT_TEXT.defaultReply;
}

/** The spec's keyword replies, checked in the spec's order, when no webhook answered. */
export function cannedReply(message: string, mediaType: ChatMediaType | null, workflowToolName: string): string {
  const text = message.toLowerCase();
  const tool = workflowToolName.trim();
  if (text.includes("price") || text.includes("cost")) {
    return `Our ${tool} automation packages range from $199 for basic setups to $599 for custom integrations, with optional monthly support. Tell me what you would like to automate and we will suggest the right package.`;
  }
  if (text.includes("automation") || (tool && text.includes(tool.toLowerCase()))) {
    return `${tool} is a workflow automation tool: it connects your apps and runs repetitive tasks for you, from lead capture to invoicing and reporting. We design, build and maintain these workflows. Which process would you like to automate first?`;
  }
  if (text.includes("webhook") || text.includes("integration")) {
    return `We connect ${tool} to the tools you already use through webhooks and APIs: CRMs, shops, email, spreadsheets, messaging apps and more. Which systems would you like to integrate?`;
  }
  if (mediaType === "voice") {
    return "Thanks for your voice message! Our team will listen to it and get back to you. Meanwhile, feel free to type your question here.";
  }
  if (mediaType === "image") {
    return `Thanks for the image! We will look at it and suggest how ${tool} automation could help. Could you tell me a little more about what you want to achieve?`;
  }
  return `Hello! I can help you with ${tool} automation, our pricing and integrations. What would you like to know?`;
}

/** Custom headers as stored by staff; anything that is not a plain value is left out. */
function headerValues(headers: unknown): Record<string, string> {
  if (!headers || typeof headers !== "object" || Array.isArray(headers)) return {};
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([, value]) => typeof value === "string" || typeof value === "number")
      .map(([name, value]) => [name, String(value)]),
  );
}

async function ask(
  name: string,
  target: WebhookTarget,
  payload: ChatPayload,
  options: { timeoutMs: number; origin?: string },
): Promise<string | null> {
  try {
    const answer = await sendWebhook(target, payload, options);
    if (answer.ok) return answer.body;
    log.warn("chat webhook answered with an error, trying the next", { webhook: name, status: answer.status });
  } catch (error) {
    log.warn("chat webhook failed, trying the next", { webhook: name, error: (error as Error).message });
  }
  return null;
}

/**
 * The spec's fan-out: the active webhooks in list order, each with its own method and headers;
 * the first OK answer wins. Then the settings' chat_webhook_url, then a canned reply.
 */
export async function fanOut(
  payload: ChatPayload,
  options: { mediaType: ChatMediaType | null; origin?: string; timeoutMs?: number },
): Promise<ChatReply> {
  const send = { timeoutMs: options.timeoutMs ?? CHAT_WEBHOOK_TIMEOUT_MS, origin: options.origin };
  for (const webhook of await listActiveWebhooks()) {
    const target = { url: webhook.url, method: webhook.method, headers: headerValues(webhook.headers) };
    const body = await ask(webhook.name, target, payload, send);
    if (body !== null) return { text: replyText(body), answeredBy: webhook.name };
  }
  const settings = await getSiteSettings().catch((error: unknown) => {
    log.error("reading site settings for the chat failed", { error });
    return DEFAULT_SITE_SETTINGS;
  });
  if (settings.chatWebhookUrl) {
    const body = await ask("settings", { url: settings.chatWebhookUrl, method: "POST" }, payload, send);
    if (body !== null) return { text: replyText(body), answeredBy: "settings" };
  }
  return { text: cannedReply(payload.message, options.mediaType, settings.workflowToolName), answeredBy: "canned" };
}

export function toChatMessageView(
  row: Pick<ChatMessage, "id" | "message" | "isUserMessage" | "mediaUrl" | "mediaType">,
): ChatMessageView {
  return {
    id: row.id,
    message: row.message,
    isUserMessage: row.isUserMessage,
    mediaUrl: row.mediaUrl,
    mediaType: row.mediaType,
  };
}

/** The spec: a failure to store a message is only logged; the conversation goes on. */
async function saveQuietly(input: ChatMessageInput): Promise<ChatMessageView> {
  try {
    return toChatMessageView(await saveChatMessage(input));
  } catch (error) {
    log.error("storing a chat message failed", {
      error,
      sessionId: input.sessionId,
      isUserMessage: input.isUserMessage,
    });
    return toChatMessageView({
      id: randomUUID(),
      message: input.message,
      isUserMessage: input.isUserMessage,
      mediaUrl: input.mediaUrl ?? null,
      mediaType: input.mediaType ?? null,
    });
  }
}

export interface ChatExchange {
  user: ChatMessageView;
  bot: ChatMessageView;
}

/**
 * Stores the visitor's message, asks the webhooks for a reply and stores that too. `message` is
 * the final text (the spec's default text already in place for media without text); `mediaUrl`
 * is where the file was stored, made absolute for the webhooks.
 */
export async function handleChatMessage(input: {
  sessionId: string;
  message: string;
  media: { url: string; type: ChatMediaType } | null;
  origin: string;
  timeoutMs?: number;
}): Promise<ChatExchange & { answeredBy: string }> {
  const { sessionId, message, media, origin } = input;
  const user = await saveQuietly({
    sessionId,
    message,
    isUserMessage: true,
    mediaUrl: media?.url ?? null,
    mediaType: media?.type ?? null,
  });
  const reply = await fanOut(
    chatPayload({ sessionId, message, mediaUrl: media ? new URL(media.url, origin).href : null }),
    { mediaType: media?.type ?? null, origin, timeoutMs: input.timeoutMs },
  );
  const bot = await saveQuietly({ sessionId, message: reply.text, isUserMessage: false, answeredBy: reply.answeredBy });
  return { user, bot, answeredBy: reply.answeredBy };
}

// The /chat page (no JavaScript) keeps its conversation in a signed cookie, so nobody can read
// another visitor's conversation by choosing its id.
let pageCookie: ReturnType<typeof createCookie> | undefined;
function chatPageCookie() {
  pageCookie ??= createCookie("chat_session", { ...signedCookieOptions(), maxAge: 30 * 24 * 60 * 60 });
  return pageCookie;
}

export async function readChatPageSession(request: Request): Promise<string | null> {
  const value: unknown = await chatPageCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && CHAT_SESSION_ID_PATTERN.test(value) ? value : null;
}

export function serializeChatPageSession(sessionId: string): Promise<string> {
  return chatPageCookie().serialize(sessionId);
}

/** Server-made session ids follow the spec's format with a stronger random part. */
export function newPageSessionId(now = Date.now()): string {
  const random = BigInt(`0x${randomBytes(12).toString("hex")}`).toString(36);
  return `session_${now}_${random.padStart(6, "0")}`;
}
