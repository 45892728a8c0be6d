import type { Webhook } from "~/db/schema";
import type { ChatMediaType } from "~/lib/domain";
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
 * docs/product.md §7's fan-out: the active webhooks in list order, each with its own method
 * and headers; the first OK answer wins. Then the settings' chat_webhook_url, then a canned reply.
 * `activeWebhooks` is the list when the caller already read it (with the visitor's message).
 */
export async function fanOut(
  payload: ChatPayload,
  options: { mediaType: ChatMediaType | null; origin?: string; timeoutMs?: number; activeWebhooks?: Webhook[] },
): Promise<ChatReply> {
  const send = { timeoutMs: options.timeoutMs ?? CHAT_WEBHOOK_TIMEOUT_MS, origin: options.origin };
  for (const webhook of options.activeWebhooks ?? (await listActiveWebhooks())) {
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
