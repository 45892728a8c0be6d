import type { ChatLimits } from "~/lib/chat";
import { getEnv } from "~/lib/env.server";
import { hitRateLimit } from "~/models/rate-limits.server";

// How much the chat accepts: text and file sizes from the environment, messages per visitor.

const RATE_WINDOW_MS = 60_000;

export function chatLimits(env = getEnv()): ChatLimits {
  return {
    maxMessageChars: env.CHAT_MAX_MESSAGE_CHARS,
    maxImageBytes: env.MAX_IMAGE_BYTES,
    maxVoiceBytes: env.MAX_VOICE_BYTES,
  };
}

/** The largest file a visitor may send, image or voice. */
export function maxChatFileBytes(limits: ChatLimits): number {
  return Math.max(limits.maxImageBytes, limits.maxVoiceBytes);
}

/** The largest chat post we read: one file at its limit plus the text and multipart overhead. */
export function maxChatRequestBytes(limits: ChatLimits): number {
  return maxChatFileBytes(limits) + limits.maxMessageChars * 4 + 64 * 1024;
}

/** Counts one message from this address, so nobody can flood the agency's webhooks through us. */
export function countChatMessage(clientIp: string, env = getEnv()) {
  return hitRateLimit(`chat:${clientIp}`, env.CHAT_MESSAGES_PER_MINUTE, RATE_WINDOW_MS);
}
