import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared.server";
import { keysetCursor, keysetPage, type KeysetPage } from "~/db/keyset.server";
import { chatMessages, chatSessions, type ChatMessage } from "~/db/schema";
import type { PageRequest } from "~/lib/keyset";

export type ChatMessageInput = Pick<
  typeof chatMessages.$inferInsert,
  "id" | "sessionId" | "message" | "isUserMessage" | "mediaUrl" | "mediaType" | "answeredBy" | "replyMs" | "streamed"
>;

// The id comes from the chat, which answers the visitor before the row is written
// (app/services/chat/conversation-writes.server.ts).
const inputPlaceholders = {
  id: sql.placeholder("id"),
  sessionId: sql.placeholder("sessionId"),
  message: sql.placeholder("message"),
  isUserMessage: sql.placeholder("isUserMessage"),
  mediaUrl: sql.placeholder("mediaUrl"),
  mediaType: sql.placeholder("mediaType"),
  answeredBy: sql.placeholder("answeredBy"),
  replyMs: sql.placeholder("replyMs"),
  streamed: sql.placeholder("streamed"),
};

function placeholderValues(input: ChatMessageInput): Record<keyof typeof inputPlaceholders, unknown> {
  return {
    id: input.id ?? randomUUID(),
    sessionId: input.sessionId,
    message: input.message,
    isUserMessage: input.isUserMessage,
    mediaUrl: input.mediaUrl ?? null,
    mediaType: input.mediaType ?? null,
    answeredBy: input.answeredBy ?? null,
    replyMs: input.replyMs ?? null,
    streamed: input.streamed ?? null,
  };
}

const saveStatement = preparedStatement((database) =>
  database.insert(chatMessages).values(inputPlaceholders).returning().prepare("save_chat_message"),
);

export async function saveChatMessage(input: ChatMessageInput): Promise<ChatMessage> {
  const [row] = await saveStatement().execute(placeholderValues(input));
  return row;
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
