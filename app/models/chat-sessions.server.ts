import { desc, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { db, withReadRetry } from "~/db/client.server";
import { keysetCursor, keysetPage, type KeysetPage } from "~/db/keyset.server";
import { chatMessages, chatSessions, type ChatSession } from "~/db/schema";
import type { PageRequest } from "~/lib/keyset";

// chat_sessions is kept by a trigger on chat_messages (supabase/migrations/*_admin_scale.sql):
// this module only reads it.

/**
 * A conversation's id in a page cursor: any stored id, not only the chat's current form
 * (docs/product.md, Chat session id), so conversations stored under another form still page.
 */
export const ChatSessionIdSchema = z.string().min(1).max(200);

export type ChatSessionSummary = ChatSession;

/** Conversations, the most recently active first (the dashboard's latest chats). */
export function listChatSessions(limit = 50): Promise<ChatSessionSummary[]> {
  return withReadRetry(() =>
    db()
      .select()
      .from(chatSessions)
      .orderBy(desc(chatSessions.lastMessageAt), desc(chatSessions.sessionId))
      .limit(limit),
  );
}

const keysetColumns = { at: chatSessions.lastMessageAt, id: chatSessions.sessionId };

// The list shows the first message as a one-line preview: a page need not carry 50 whole
// messages of up to CHAT_MAX_MESSAGE_CHARS each.
const PREVIEW_CHARS = 160;

/** One page of the conversations, the most recently active first. */
export function listChatSessionPage(
  request: PageRequest,
): Promise<KeysetPage<ChatSessionSummary & { answeredBy: string | null; cursor: string }>> {
  return withReadRetry(() =>
    keysetPage(request, keysetColumns, ({ where, orderBy, limit }) =>
      db()
        .select({
          ...getTableColumns(chatSessions),
          firstMessage: sql<string | null>`left(${chatSessions.firstMessage}, ${PREVIEW_CHARS})`,
          // Which webhook gave the latest reply: one index probe per listed conversation
          // (chat_messages_session_created_idx), not a column the trigger would have to keep.
          answeredBy: sql<string | null>`(
            select ${chatMessages.answeredBy} from ${chatMessages}
            where ${chatMessages.sessionId} = ${chatSessions.sessionId} and not ${chatMessages.isUserMessage}
            order by ${chatMessages.createdAt} desc, ${chatMessages.id} desc limit 1
          )`,
          cursor: keysetCursor(keysetColumns),
        })
        .from(chatSessions)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    ),
  );
}
