import { rateLimitAddress } from "~/lib/address-key";
import type { ChatLimits } from "~/lib/chat";
import { chatMessageSchema } from "~/lib/chat-schema";
import { type Env, getEnv } from "~/lib/env.server";
import { hitLeasedRateLimit } from "~/services/rate-limit-lease.server";

// How much the chat accepts: text and file sizes from the environment, messages per visitor.

const RATE_WINDOW_MS = 60_000;

export function chatLimits(env = getEnv()): ChatLimits {
  return {
    maxMessageChars: env.CHAT_MAX_MESSAGE_CHARS,
    maxImageBytes: env.MAX_IMAGE_BYTES,
    maxVoiceBytes: env.MAX_VOICE_BYTES,
  };
}

// Built once per environment: a zod schema built anew for each message cost more than parsing
// with it (docs/performance.md).
const messageSchemas = new WeakMap<Env, ReturnType<typeof chatMessageSchema>>();

/** The schema a posted chat message is checked with, for this environment's limits. */
export function chatMessageSchemaFor(env = getEnv()): ReturnType<typeof chatMessageSchema> {
  let schema = messageSchemas.get(env);
  if (!schema) {
    schema = chatMessageSchema(chatLimits(env));
    messageSchemas.set(env, schema);
  }
  return schema;
}

/** The largest file a visitor may send, image or voice. */
export function maxChatFileBytes(limits: ChatLimits): number {
  return Math.max(limits.maxImageBytes, limits.maxVoiceBytes);
}

/** The largest chat post we read: one file at its limit plus the text and multipart overhead. */
export function maxChatRequestBytes(limits: ChatLimits): number {
  return maxChatFileBytes(limits) + limits.maxMessageChars * 4 + 64 * 1024;
}

/**
 * Counts one message from this address, so nobody can flood the agency's webhooks through us;
 * without waiting on the database while this instance holds hits for the address.
 */
export function countChatMessage(clientIp: string, env = getEnv()) {
  return hitLeasedRateLimit(`chat:${rateLimitAddress(clientIp)}`, env.CHAT_MESSAGES_PER_MINUTE, RATE_WINDOW_MS);
}
