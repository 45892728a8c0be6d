import type { Webhook } from "~/db/schema";
import { CircuitBreaker } from "~/lib/circuit-breaker";
import type { ChatMediaType, WebhookPayloadFormat } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings.server";
import { listActiveWebhooks } from "~/models/webhooks.server";
import { keptUntilChanged } from "~/services/page-cache/kept.server";
import { currentSiteSettings } from "~/services/site-settings.server";
import {
  CHAT_WEBHOOK_TIMEOUT_MS,
  type ChatPayload,
  chatTriggerBody,
  sendWebhook,
  WebhookError,
  type WebhookTarget,
} from "~/services/webhooks.server";

import { cannedReply } from "./canned-replies.server";
import { type Reply, REPLY_FIELDS, ReplyReader } from "./reply.server";

// The only place a visitor's message leaves for the outside world.

export interface ChatReply extends Reply {
  /** chat_messages.answered_by: the webhook's name, "settings" or "canned". */
  answeredBy: string;
  /** From the message to the decided reply, webhooks that failed included. */
  replyMs: number;
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

// Read again only after an admin changed something visitors get, not on every message
// (docs/performance.md): the webhooks' table tells every instance when it changes, as the site settings' does.
const keptActiveWebhooks = keptUntilChanged(listActiveWebhooks);

/** The webhooks to ask, in list order; on any failure the spec wants an empty list, not an error. */
async function activeWebhooks(): Promise<Webhook[]> {
  try {
    return await keptActiveWebhooks();
  } catch (error) {
    log.error("listing active webhooks failed", { error });
    return [];
  }
}

const globalBreaker = globalThis as typeof globalThis & { __webhookBreaker?: CircuitBreaker };

/** The breaker's name for a webhook: a changed URL starts with a clean slate. */
export function breakerKey(webhook: Pick<Webhook, "id" | "url">): string {
  return `${webhook.id} ${webhook.url}`;
}

/** The instance's breaker for chat webhooks, configured from the environment. */
export function webhookBreaker(): CircuitBreaker {
  globalBreaker.__webhookBreaker ??= new CircuitBreaker({
    failures: getEnv().WEBHOOK_BREAKER_FAILURES,
    openMs: getEnv().WEBHOOK_BREAKER_OPEN_SECONDS * 1000,
  });
  return globalBreaker.__webhookBreaker;
}

interface Attempt {
  payload: ChatPayload;
  /** The visitor's image or voice recording, sent as a file to a Chat Trigger. */
  file: File | null;
  origin?: string;
  /** The wait for a webhook without a time-out of its own (chat_webhook_url), or for every one in a test. */
  timeoutMs: number;
  /** Every webhook's wait, whatever its own time-out says (the tests' short waits). */
  timeoutOverride: boolean;
  /** Date.now() by which the whole reply must be decided. */
  deadline: number;
  breaker: CircuitBreaker;
  /** Called with each piece of a streamed reply's text as it arrives. */
  onDelta?: (text: string) => void;
}

/** The request a webhook of `format` gets. */
function requestBody(format: WebhookPayloadFormat, attempt: Attempt) {
  if (format === "website") return attempt.payload;
  const { session_id, message, media_url, metadata } = attempt.payload;
  return chatTriggerBody({
    sessionId: session_id,
    message,
    metadata: { ...metadata, ...(media_url ? { mediaUrl: media_url } : {}) },
    file: attempt.file,
  });
}

async function ask(
  name: string,
  key: string,
  target: WebhookTarget & { format: WebhookPayloadFormat; timeoutMs: number },
  attempt: Attempt,
): Promise<Reply | null> {
  const left = attempt.deadline - Date.now();
  if (left <= 0) return null;
  if (!attempt.breaker.allow(key)) {
    log.warn("chat webhook skipped after failing or timing out", { webhook: name });
    return null;
  }
  const timeoutMs = Math.min(target.timeoutMs, left);
  const reader = new ReplyReader(REPLY_FIELDS[target.format]);
  let passedOn = 0;
  const passOn = () => {
    const text = reader.streamedText;
    if (text.length > passedOn && attempt.onDelta) attempt.onDelta(text.slice(passedOn));
    passedOn = text.length;
  };
  try {
    const answer = await sendWebhook(target, await requestBody(target.format, attempt), {
      timeoutMs,
      origin: attempt.origin,
      accept: target.format === "n8n-chat-trigger" ? "text/plain" : undefined,
      onChunk: (chunk) => {
        reader.push(chunk);
        passOn();
      },
    });
    if (answer.ok) {
      attempt.breaker.succeeded(key);
      const reply = reader.finish();
      // The last line of a stream may come without its line break.
      if (reply.streamed) passOn();
      return reply;
    }
    log.warn("chat webhook answered with an error, trying the next", { webhook: name, status: answer.status });
  } catch (error) {
    // A stream cut off by the deadline still said something: the visitor gets that much.
    if (reader.streamedText) {
      log.warn("chat webhook's stream cut off, keeping what it sent", {
        webhook: name,
        error: (error as Error).message,
      });
      return { text: reader.streamedText, field: null, streamed: true };
    }
    log.warn("chat webhook failed, trying the next", { webhook: name, error: (error as Error).message });
    // Its own time-out, not the reply's deadline cutting it short: the next visitor would wait as long.
    if (error instanceof WebhookError && error.failure === "timeout" && timeoutMs === target.timeoutMs) {
      attempt.breaker.failed(key, { timedOut: true });
      return null;
    }
  }
  attempt.breaker.failed(key);
  return null;
}

/**
 * docs/product.md §7's fan-out: the active webhooks in list order, each with its own method,
 * headers and payload format; the first OK answer wins. Then the settings' chat_webhook_url, then a canned reply.
 * All of it within one deadline (the settings' chat reply deadline): hanging webhooks must not hold a
 * visitor's message for a time-out each. A webhook that keeps failing is skipped for a while.
 */
export async function fanOut(
  payload: ChatPayload,
  options: {
    mediaType: ChatMediaType | null;
    file?: File | null;
    origin?: string;
    timeoutMs?: number;
    deadlineMs?: number;
    breaker?: CircuitBreaker;
    /** The webhooks to ask, in order; by default the active ones of the Webhooks screen. */
    activeWebhooks?: Webhook[];
    /** Called with each piece of a streamed reply's text as it arrives. */
    onDelta?: (text: string) => void;
  },
): Promise<ChatReply> {
  const started = Date.now();
  const settings = await currentSiteSettings().catch((error: unknown) => {
    log.error("reading site settings for the chat failed", { error });
    return DEFAULT_SITE_SETTINGS;
  });
  const attempt: Attempt = {
    payload,
    file: options.file ?? null,
    origin: options.origin,
    timeoutMs: options.timeoutMs ?? CHAT_WEBHOOK_TIMEOUT_MS,
    timeoutOverride: options.timeoutMs !== undefined,
    deadline: started + (options.deadlineMs ?? settings.chatReplyDeadlineSeconds * 1000),
    breaker: options.breaker ?? webhookBreaker(),
    onDelta: options.onDelta,
  };
  for (const webhook of options.activeWebhooks ?? (await activeWebhooks())) {
    const target = {
      url: webhook.url,
      method: webhook.method,
      headers: headerValues(webhook.headers),
      format: webhook.payloadFormat,
      timeoutMs: attempt.timeoutOverride ? attempt.timeoutMs : webhook.timeoutSeconds * 1000,
    };
    const reply = await ask(webhook.name, breakerKey(webhook), target, attempt);
    if (reply) return { ...reply, answeredBy: webhook.name, replyMs: Date.now() - started };
  }
  if (settings.chatWebhookUrl) {
    const target = {
      url: settings.chatWebhookUrl,
      method: "POST",
      format: "website",
      timeoutMs: attempt.timeoutMs,
    } as const;
    const reply = await ask("settings", `settings ${settings.chatWebhookUrl}`, target, attempt);
    if (reply) return { ...reply, answeredBy: "settings", replyMs: Date.now() - started };
  }
  if (Date.now() >= attempt.deadline) {
    log.warn("chat reply deadline reached, answering with a canned reply", { elapsedMs: Date.now() - started });
  }
  return {
    text: cannedReply(payload.message, options.mediaType, settings.workflowToolName),
    field: null,
    streamed: false,
    answeredBy: "canned",
    replyMs: Date.now() - started,
  };
}
