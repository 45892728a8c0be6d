import { randomUUID } from "node:crypto";

import type { ChatMessage, SiteSettings } from "~/db/schema";
import type { ChatMessageView } from "~/lib/chat";
import type { ChatMediaType } from "~/lib/domain";
import { log } from "~/lib/log.server";
import { renderChatReplyMarkdown } from "~/lib/markdown.server";
import { webhookIp } from "~/lib/visitor-ip.server";
import { type ChatExchangeInput, listRecentSessionMessages } from "~/models/chat-messages.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings.server";
import { currentSiteSettings } from "~/services/site-settings.server";
import { type ChatMetadata, chatPayload } from "~/services/webhooks.server";

import { conversationWritten, exchangeTime, queueExchange } from "./conversation-writes.server";
import { fanOut } from "./fan-out.server";
import { chatSessionFor, readChatSession } from "./session-cookie.server";

// One exchange of the conversation: the reply asked for, then the visitor's message and the reply stored.

export function toChatMessageView(
  row: Pick<ChatMessage, Exclude<keyof ChatMessageView, "html" | "offline">> & {
    answeredBy?: ChatMessage["answeredBy"];
  },
): ChatMessageView {
  return {
    id: row.id,
    message: row.message,
    isUserMessage: row.isUserMessage,
    mediaUrl: row.mediaUrl,
    mediaType: row.mediaType,
    // Rendered here, so the browser loads no markdown code and the page looks the same without
    // JavaScript. Only the bot's replies: a visitor's message is shown as they typed it.
    ...(row.isUserMessage ? {} : { html: renderChatReplyMarkdown(row.message) }),
    // No webhook answered: the chat offers to leave an email after it.
    ...(row.answeredBy === "canned" ? { offline: true as const } : {}),
  };
}

/** The site settings the chat runs on; a failed read leaves the chat working on the defaults. */
export function chatSettings(): Promise<SiteSettings> {
  return currentSiteSettings().catch((error: unknown) => {
    log.error("reading site settings for the chat failed", { error });
    return DEFAULT_SITE_SETTINGS;
  });
}

/** How long a conversation lasts after the visitor's last message. */
export function conversationLifetimeHours(settings: SiteSettings): number {
  return settings.chatConversationHours;
}

/** The visitor's conversation (a new one when they have none) and the settings it runs on. */
export async function visitorConversation(
  request: Request,
): Promise<{ sessionId: string; lifetimeHours: number; settings: SiteSettings }> {
  const settings = await chatSettings();
  const lifetimeHours = conversationLifetimeHours(settings);
  return { sessionId: await chatSessionFor(request, lifetimeHours), lifetimeHours, settings };
}

/** A returning visitor's conversation so far; no session and no messages without a live cookie. */
export async function visitorHistory(request: Request) {
  const sessionId = await readChatSession(request, conversationLifetimeHours(await chatSettings()));
  return { sessionId, messages: sessionId ? await conversationHistory(sessionId) : [] };
}

/** The most a returning visitor is shown of their conversation: its latest messages. */
const HISTORY_MESSAGES = 100;

/** The conversation so far, oldest first, as the widget and the /chat page show it. */
async function conversationHistory(sessionId: string): Promise<ChatMessageView[]> {
  await conversationWritten(sessionId);
  return (await listRecentSessionMessages(sessionId, HISTORY_MESSAGES)).map(toChatMessageView);
}

export interface ChatExchange {
  user: ChatMessageView;
  bot: ChatMessageView;
}

/**
 * Asks the webhooks for a reply to the visitor's message and stores both; the writes go on after
 * this returns (conversationWritten waits for them). `message` is the final text (docs/product.md
 * §5's default text already in place for media without text); `mediaUrl` is where the file was
 * stored, made absolute for the webhooks.
 */
export async function handleChatMessage(input: {
  sessionId: string;
  message: string;
  media: { url: string; type: ChatMediaType; file: File } | null;
  metadata?: ChatMetadata;
  /** SITE_URL's origin; null leaves the media link relative (app/lib/site-url.server.ts). */
  origin: string | null;
  /** The visitor's address: the webhooks get what the site settings allow of it. */
  visitorIp?: string | null;
  timeoutMs?: number;
  /** The site settings when the caller already read them. */
  settings?: SiteSettings;
  /** Called with each piece of a streamed reply's text as it arrives. */
  onDelta?: (text: string) => void;
}): Promise<ChatExchange & { answeredBy: string }> {
  const { sessionId, message, media, origin } = input;
  const arrivedAt = exchangeTime();
  const { webhookIpMode } = input.settings ?? (await chatSettings());
  const reply = await fanOut(
    chatPayload({
      sessionId,
      message,
      mediaUrl: media ? (origin ? new URL(media.url, origin).href : media.url) : null,
      ip: webhookIp(input.visitorIp, webhookIpMode),
      metadata: input.metadata,
    }),
    {
      mediaType: media?.type ?? null,
      file: media?.file,
      origin: origin ?? undefined,
      timeoutMs: input.timeoutMs,
      onDelta: input.onDelta,
    },
  );
  // Both stored once the reply is decided (app/services/chat/conversation-writes.server.ts): the
  // embedded database works on this thread, and a write during the webhook's call would hold its
  // answer back. docs/product.md §8: a failure to store is only logged; the conversation goes on.
  const exchange: ChatExchangeInput = {
    sessionId,
    user: { id: randomUUID(), message, mediaUrl: media?.url ?? null, mediaType: media?.type ?? null, at: arrivedAt },
    bot: {
      id: randomUUID(),
      message: reply.text,
      answeredBy: reply.answeredBy,
      replyMs: reply.replyMs,
      streamed: reply.streamed,
      at: exchangeTime(),
    },
  };
  queueExchange(exchange);
  const user = toChatMessageView({ ...exchange.user, isUserMessage: true });
  const bot = toChatMessageView({ ...exchange.bot, isUserMessage: false, mediaUrl: null, mediaType: null });
  return { user, bot, answeredBy: reply.answeredBy };
}
