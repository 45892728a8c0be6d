import { CHAT_TEXT } from "~/copy/chat";
import type { ChatMediaType } from "~/lib/domain";

// The chat's session ids, limits and message shape, shared by the widget, the /chat page, the
// server and the tests. Its texts are in ~/copy/chat. The form schema is ~/lib/chat-schema, so
// that the widget's panel, which does not validate, loads no zod.

// docs/product.md §3: the session id is "a prefix plus the time plus a random string".
export const CHAT_SESSION_ID_PATTERN = /^session_\d{1,16}_[a-z0-9]{6,32}$/;

/** 36^19 > 2^96: every 96-bit random part fits in 19 base-36 digits. */
const RANDOM_PART_DIGITS = 19;

/**
 * A new conversation's session id, made on the server and kept in the visitor's cookie
 * (app/services/chat/session-cookie.server.ts). Random enough that nobody can guess one.
 */
export function newChatSessionId(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `session_${now}_${BigInt(`0x${hex}`).toString(36).padStart(RANDOM_PART_DIGITS, "0")}`;
}

/** The visit's UTM parameters (utm_<key> in the landing page's address), sent with each message. */
export const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;

/** The server's default text limit (CHAT_MAX_MESSAGE_CHARS), for a widget drawn without its loader. */
export const DEFAULT_CHAT_MAX_MESSAGE_CHARS = 2000;

// The admin's chat settings. The deadline covers every webhook in turn (each has 15 s,
// CHAT_WEBHOOK_TIMEOUT_MS): under 5 s an AI agent rarely answers; past 60 s a visitor has left,
// and proxies commonly cut off a request that long (the /chat page without JavaScript waits for it).
export const CHAT_SETTINGS_LIMITS = {
  conversationHours: { min: 1, max: 720 },
  replyDeadlineSeconds: { min: 5, max: 60 },
  starterPrompts: 4,
  starterPromptChars: 80,
} as const;

export interface ChatLimits {
  maxMessageChars: number;
  maxImageBytes: number;
  maxVoiceBytes: number;
}

/** One message as the browser sees it: never which webhook answered, nor its address. */
export interface ChatMessageView {
  id: string;
  message: string;
  isUserMessage: boolean;
  mediaUrl: string | null;
  mediaType: ChatMediaType | null;
  /**
   * A bot reply's markdown as HTML, rendered and sanitized on the server
   * (app/lib/markdown.server.ts). The visitor's own messages have none: they show as plain text.
   */
  html?: string;
  /**
   * A reply given when no webhook answered (stored as answered by "canned"): the chat offers to
   * leave an email address after it (app/components/chat/offline-email-form.tsx).
   */
  offline?: true;
  /** A staff member's reply: the name they go by (their display name, else their username). */
  staffName?: string;
  /** A line the site wrote on a handover (stored as answered by "system"): it comes live, as staff replies do. */
  system?: true;
}

/**
 * Who answers the conversation (docs/product.md §12.1): the webhooks ("assistant"), nobody yet
 * ("waiting": staff were asked), or staff ("staff": a staff member replied since).
 */
export interface HandoffView {
  status: "assistant" | "waiting" | "staff";
  /** While staff hold it: the name of the latest staff member who replied. */
  staffName?: string;
  /** The line telling the visitor the team was told and when to expect an answer. */
  notice?: string;
  /** The team is away (outside live-chat hours, or nobody has the admin open): offer the email form. */
  away?: true;
}

/**
 * One line of the widget's answer from /chat/messages: pieces of the reply's text while a
 * webhook streams it, then the exchange as stored (the reply's markdown rendered).
 */
export type ChatReplyEvent =
  | { type: "delta"; text: string }
  // No `bot` while staff hold the conversation: the message went to them, not to a webhook.
  | { type: "done"; user: ChatMessageView; bot?: ChatMessageView; handoff?: HandoffView };

/** docs/product.md §5: empty text with media gets a default text naming the media. */
export function defaultMediaText(mediaType: ChatMediaType): string {
  return mediaType === "voice" ? CHAT_TEXT.voiceDefault : CHAT_TEXT.imageDefault;
}
