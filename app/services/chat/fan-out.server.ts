import type { Webhook } from "~/db/schema";
import { CircuitBreaker } from "~/lib/circuit-breaker";
import type { ChatMediaType } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { DEFAULT_SITE_SETTINGS, getSiteSettings } from "~/models/site-settings.server";
import { listActiveWebhooks } from "~/models/webhooks.server";
import { CHAT_WEBHOOK_TIMEOUT_MS, sendWebhook, type ChatPayload, type WebhookTarget } from "~/services/webhooks.server";
import { cannedReply } from "./canned-replies.server";
import { replyText } from "./reply.server";

// The only place a visitor's message leaves for the outside world.

export interface ChatReply {
  text: string;
  /** chat_messages.answered_by: the webhook's name, "settings" or "canned". */
  answeredBy: string;
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

const globalBreaker = globalThis as typeof globalThis & { __webhookBreaker?: CircuitBreaker };

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
  origin?: string;
  timeoutMs: number;
  /** Date.now() by which the whole reply must be decided. */
  deadline: number;
  breaker: CircuitBreaker;
}

async function ask(name: string, key: string, target: WebhookTarget, attempt: Attempt): Promise<string | null> {
  const left = attempt.deadline - Date.now();
  if (left <= 0) return null;
  if (!attempt.breaker.allow(key)) {
    log.warn("chat webhook skipped after failing repeatedly", { webhook: name });
    return null;
  }
  const timeoutMs = Math.min(attempt.timeoutMs, left);
  try {
    const answer = await sendWebhook(target, attempt.payload, { timeoutMs, origin: attempt.origin });
    if (answer.ok) {
      attempt.breaker.succeeded(key);
      return answer.body;
    }
    log.warn("chat webhook answered with an error, trying the next", { webhook: name, status: answer.status });
  } catch (error) {
    log.warn("chat webhook failed, trying the next", { webhook: name, error: (error as Error).message });
  }
  attempt.breaker.failed(key);
  return null;
}

/**
 * docs/product.md §7's fan-out: the active webhooks in list order, each with its own method
 * and headers; the first OK answer wins. Then the settings' chat_webhook_url, then a canned reply.
 * All of it within one deadline (CHAT_REPLY_DEADLINE_SECONDS): hanging webhooks must not hold a
 * visitor's message for a time-out each. A webhook that keeps failing is skipped for a while.
 * `activeWebhooks` is the list when the caller already read it (with the visitor's message).
 */
export async function fanOut(
  payload: ChatPayload,
  options: {
    mediaType: ChatMediaType | null;
    origin?: string;
    timeoutMs?: number;
    deadlineMs?: number;
    breaker?: CircuitBreaker;
    activeWebhooks?: Webhook[];
  },
): Promise<ChatReply> {
  const started = Date.now();
  const attempt: Attempt = {
    payload,
    origin: options.origin,
    timeoutMs: options.timeoutMs ?? CHAT_WEBHOOK_TIMEOUT_MS,
    deadline: started + (options.deadlineMs ?? getEnv().CHAT_REPLY_DEADLINE_SECONDS * 1000),
    breaker: options.breaker ?? webhookBreaker(),
  };
  for (const webhook of options.activeWebhooks ?? (await listActiveWebhooks())) {
    const target = { url: webhook.url, method: webhook.method, headers: headerValues(webhook.headers) };
    const body = await ask(webhook.name, `${webhook.id} ${webhook.url}`, target, attempt);
    if (body !== null) return { text: replyText(body), answeredBy: webhook.name };
  }
  const settings = await getSiteSettings().catch((error: unknown) => {
    log.error("reading site settings for the chat failed", { error });
    return DEFAULT_SITE_SETTINGS;
  });
  if (settings.chatWebhookUrl) {
    const target = { url: settings.chatWebhookUrl, method: "POST" } as const;
    const body = await ask("settings", `settings ${settings.chatWebhookUrl}`, target, attempt);
    if (body !== null) return { text: replyText(body), answeredBy: "settings" };
  }
  if (Date.now() >= attempt.deadline) {
    log.warn("chat reply deadline reached, answering with a canned reply", { elapsedMs: Date.now() - started });
  }
  return { text: cannedReply(payload.message, options.mediaType, settings.workflowToolName), answeredBy: "canned" };
}
