import { randomUUID } from "node:crypto";

import type { ChatMessage, SiteSettings } from "~/db/schema";
import type { ChatMessageView, HandoffView } from "~/lib/chat";
import type { ChatMediaType } from "~/lib/domain";
import { handoffStatus } from "~/lib/handoff";
import { log } from "~/lib/log.server";
import { renderChatReplyMarkdown } from "~/lib/markdown.server";
import { webhookIp } from "~/lib/visitor-ip.server";
import {
  type HandoffFacts,
  handoffViewOf,
  messagesSinceAssistant,
  readHandoffFacts,
  saveHeldVisitorMessage,
} from "~/models/chat-handoff.server";
import { type ChatExchangeInput, listRecentSessionMessages } from "~/models/chat-messages.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings.server";
import { currentSiteSettings } from "~/services/site-settings.server";
import { type ChatMetadata, chatPayload, type StaffConversationLine } from "~/services/webhooks.server";

import { conversationWritten, exchangeTime, queueExchange } from "./conversation-writes.server";
import { fanOut } from "./fan-out.server";
import { handOver } from "./handoff.server";
import { chatSessionFor, readChatSession } from "./session-cookie.server";

// One exchange of the conversation: the reply asked for, then the visitor's message and the reply stored.

export function toChatMessageView(
  row: Pick<ChatMessage, Exclude<keyof ChatMessageView, "html" | "offline" | "staffName" | "system">> & {
    answeredBy?: ChatMessage["answeredBy"];
    staffName?: ChatMessage["staffName"];
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
    // A staff reply goes through the same markdown as the assistant's, and names who wrote it.
    ...(row.answeredBy === "staff" && row.staffName ? { staffName: row.staffName } : {}),
    // The widget's polling shows these as they come, not only the visitor's own exchanges.
    ...(row.answeredBy === "system" ? { system: true as const } : {}),
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
  /** None while staff hold the conversation: the message went to them. */
  bot?: ChatMessageView;
  /** Who answers next, when the message changed it or staff hold the conversation. */
  handoff?: HandoffView;
}

/** Who answers: a failed read leaves the conversation with the assistant (docs/product.md §8: the chat goes on). */
async function handoffFacts(sessionId: string): Promise<HandoffFacts | null> {
  try {
    return await readHandoffFacts(sessionId);
  } catch (error) {
    log.error("reading the chat's handoff failed", { error, sessionId });
    return null;
  }
}

/**
 * What was said since the assistant last answered, when staff wrote in it: the webhooks get it
 * with the next message (metadata.staffConversation), so the assistant knows.
 */
async function staffConversation(sessionId: string, facts: HandoffFacts | null): Promise<StaffConversationLine[]> {
  if (!facts?.state.staffRepliedAt) return [];
  try {
    return (await messagesSinceAssistant(sessionId)).map((row) => ({
      from: row.isUserMessage
        ? ("visitor" as const)
        : row.answeredBy === "staff"
          ? ("staff" as const)
          : ("site" as const),
      ...(row.staffName ? { name: row.staffName } : {}),
      text: row.message,
      at: row.createdAt.toISOString(),
    }));
  } catch (error) {
    log.error("reading the staff's part of the chat failed", { error, sessionId });
    return [];
  }
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
}): Promise<ChatExchange & { answeredBy: string | null }> {
  const { sessionId, message, media, origin } = input;
  const arrivedAt = exchangeTime();
  const settings = input.settings ?? (await chatSettings());
  const { webhookIpMode } = settings;
  const facts = await handoffFacts(sessionId);
  if (facts && handoffStatus(facts.state, new Date(), facts.handBackMinutes) !== "assistant") {
    // docs/product.md §12.1: while staff hold the conversation the message is theirs, for no webhook.
    const user = {
      id: randomUUID(),
      message,
      mediaUrl: media?.url ?? null,
      mediaType: media?.type ?? null,
      at: arrivedAt,
    };
    await saveHeldVisitorMessage({ ...user, sessionId });
    return {
      user: toChatMessageView({ ...user, isUserMessage: true }),
      handoff: handoffViewOf(facts),
      answeredBy: null,
    };
  }
  const missed = await staffConversation(sessionId, facts);
  const metadata = missed.length > 0 ? { ...input.metadata, staffConversation: missed } : input.metadata;
  const reply = await fanOut(
    chatPayload({
      sessionId,
      message,
      mediaUrl: media ? (origin ? new URL(media.url, origin).href : media.url) : null,
      ip: webhookIp(input.visitorIp, webhookIpMode),
      metadata,
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
  // `"handoff": true` beside the reply: shown first, then the conversation goes to staff.
  const handoff = reply.handoff ? await handOver(sessionId, "assistant", settings) : undefined;
  return { user, bot, answeredBy: reply.answeredBy, ...(handoff ? { handoff } : {}) };
}
