import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared.server";
import { keysetCursor, keysetPage, type KeysetPage } from "~/db/keyset.server";
import { chatMessages, chatSessions, type ChatMessage } from "~/db/schema";
import type { PageRequest } from "~/lib/keyset";

/** A visitor's message and the reply to it, stored together once the reply is decided. */
export interface ChatExchangeInput {
  sessionId: string;
  user: Pick<ChatMessage, "id" | "message" | "mediaUrl" | "mediaType">;
  bot: Pick<ChatMessage, "id" | "message"> & { answeredBy: string; replyMs: number; streamed: boolean };
}

// Both rows in one statement, built once (app/db/prepared.server.ts): on the embedded database each
// statement, and each run of chat_messages' triggers, takes a millisecond or more of the thread
// that answers visitors (issue #11's chat overhead). The visitor's message is dated when it came,
// replyMs before the statement (1 ms at least), yet after everything the conversation already
// holds (written a moment ago, its reply may be dated later than this message came); the reply
// after it. A conversation is read in the order of created_at.
const saveExchangeStatement = preparedStatement((database) => {
  const value = (name: string) => sql.placeholder(name);
  const latest = sql`(select max(created_at) from chat_messages where session_id = ${value("sessionId")})`;
  const messageAt = sql`greatest(now() - make_interval(secs => greatest(${value("replyMs")}::float8, 1) / 1000), ${latest} + interval '1 microsecond')`;
  return database
    .insert(chatMessages)
    .values([
      {
        id: value("userId"),
        sessionId: value("sessionId"),
        message: value("userMessage"),
        isUserMessage: true,
        mediaUrl: value("mediaUrl"),
        mediaType: value("mediaType"),
        createdAt: messageAt,
      },
      {
        id: value("botId"),
        sessionId: value("sessionId"),
        message: value("botMessage"),
        isUserMessage: false,
        answeredBy: value("answeredBy"),
        replyMs: value("replyMs"),
        streamed: value("streamed"),
        createdAt: sql`greatest(now(), ${messageAt} + interval '1 microsecond')`,
      },
    ])
    .prepare("save_chat_exchange");
});

export async function saveChatExchange({ sessionId, user, bot }: ChatExchangeInput): Promise<void> {
  await saveExchangeStatement().execute({
    sessionId,
    userId: user.id,
    userMessage: user.message,
    mediaUrl: user.mediaUrl,
    mediaType: user.mediaType,
    botId: bot.id,
    botMessage: bot.message,
    answeredBy: bot.answeredBy,
    replyMs: bot.replyMs,
    streamed: bot.streamed,
  });
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
