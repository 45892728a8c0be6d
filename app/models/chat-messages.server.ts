import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { keysetCursor, type KeysetPage, keysetPage } from "~/db/keyset.server";
import { type ChatMessage, chatMessages, chatSessions } from "~/db/schema";
import type { PageRequest } from "~/lib/keyset";

/**
 * A visitor's message and the reply to it, stored together once the reply is decided. `at`: when
 * each happened, in milliseconds since the epoch to the microsecond (a conversation is read in
 * the order of created_at, and a reply can come within the millisecond of its message).
 */
export interface ChatExchangeInput {
  sessionId: string;
  user: Pick<ChatMessage, "id" | "message" | "mediaUrl" | "mediaType"> & { at: number };
  bot: Pick<ChatMessage, "id" | "message"> & { answeredBy: string; replyMs: number; streamed: boolean; at: number };
}

const createdAt = (at: number) => sql`to_timestamp(${at / 1000})`;

/**
 * Several exchanges in one statement: on the embedded database each statement, and each run of
 * chat_messages' triggers, takes a millisecond or more of the thread that answers visitors
 * (docs/performance.md).
 */
export async function saveChatExchanges(exchanges: ChatExchangeInput[]): Promise<void> {
  await db()
    .insert(chatMessages)
    .values(
      exchanges.flatMap(({ sessionId, user, bot }) => [
        {
          id: user.id,
          sessionId,
          message: user.message,
          isUserMessage: true,
          mediaUrl: user.mediaUrl,
          mediaType: user.mediaType,
          createdAt: createdAt(user.at),
        },
        {
          id: bot.id,
          sessionId,
          message: bot.message,
          isUserMessage: false,
          answeredBy: bot.answeredBy,
          replyMs: bot.replyMs,
          streamed: bot.streamed,
          createdAt: createdAt(bot.at),
        },
      ]),
    );
}

export function listSessionMessages(sessionId: string): Promise<ChatMessage[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)),
  );
}

/** A conversation's latest `limit` messages, oldest first. */
export async function listRecentSessionMessages(sessionId: string, limit: number): Promise<ChatMessage[]> {
  const latest = await withReadRetry(() =>
    db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit),
  );
  return latest.reverse();
}

// The dashboard and older callers read the conversations from here; they live in chat_sessions.

const keysetColumns = { at: chatMessages.createdAt, id: chatMessages.id };

/**
 * One page of a conversation's messages, the newest first like every keyset page (the admin
 * shows them in reading order), served by chat_messages_session_created_idx.
 */
export function listSessionMessagePage(
  sessionId: string,
  request: PageRequest,
): Promise<KeysetPage<ChatMessage & { cursor: string }>> {
  return withReadRetry(() =>
    keysetPage(request, keysetColumns, ({ where, orderBy, limit }) =>
      db()
        .select({ ...getTableColumns(chatMessages), cursor: keysetCursor(keysetColumns) })
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), where))
        .orderBy(...orderBy)
        .limit(limit),
    ),
  );
}

/**
 * Deletes up to `limit` conversations whose last message is more than `months` old, all their
 * messages at once; the triggers on chat_messages drop their chat_sessions rows and counters in
 * the same statement. Answers how many conversations went.
 */
export async function deleteConversationsIdleFor(months: number, limit: number): Promise<number> {
  const expired = db()
    .select({ sessionId: chatSessions.sessionId })
    .from(chatSessions)
    .where(sql`${chatSessions.lastMessageAt} < now() - make_interval(months => ${months}::int)`)
    .limit(limit);
  const rows = await db()
    .delete(chatMessages)
    .where(inArray(chatMessages.sessionId, expired))
    .returning({ sessionId: chatMessages.sessionId });
  return new Set(rows.map((row) => row.sessionId)).size;
}
