import { and, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";

import { db, withReadRetry } from "~/db/client.server";
import { keysetCursor, type KeysetPage, keysetPage } from "~/db/keyset.server";
import { chatMessages, chatMessageSearchText, type ChatSession, chatSessions } from "~/db/schema";
import { containsText } from "~/db/search.server";
import type { PageRequest } from "~/lib/keyset";

// chat_sessions is kept by a trigger on chat_messages (supabase/migrations/*_admin_scale.sql):
// this module only reads it.

/**
 * A conversation's id in a page cursor: any stored id, not only the chat's current form
 * (docs/product.md, Chat session id), so conversations stored under another form still page.
 */
export const ChatSessionIdSchema = z.string().min(1).max(200);

export type ChatSessionSummary = ChatSession;

/** A conversation's first message from the visitor; null when there is none (or no conversation). */
export async function getChatFirstMessage(sessionId: string): Promise<string | null> {
  const [row] = await withReadRetry(() =>
    db()
      .select({ firstMessage: chatSessions.firstMessage })
      .from(chatSessions)
      .where(eq(chatSessions.sessionId, sessionId)),
  );
  return row?.firstMessage ?? null;
}

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

/**
 * Searched text shorter than this has no trigram for chat_messages_search_idx to look up: the
 * search would read every message.
 */
export const CHAT_SEARCH_MIN_CHARS = 3;

export interface ChatSessionFilter {
  /** Text that any message of the conversation contains, in any case (CHAT_SEARCH_MIN_CHARS or more). */
  search?: string;
  /** Conversations whose last message was written at or after this instant... */
  from?: Date;
  /** ...and before this one. */
  before?: Date;
}

/**
 * Matching messages read at most by the search's first step. A text found in fewer messages than
 * this is a rare one: its conversations are listed from the trigram index's matches. A more common
 * one is left to the planner, whose statistics (a target of 1000 on the index's expression) tell
 * one in a thousand from one in ten; reading 10,000 matches to decide cost the common case 131 ms
 * on the embedded database at a million messages.
 */
export const CHAT_SEARCH_RARE_MESSAGES = 1_000;

/**
 * The conversations with a message containing `search`, when fewer than CHAT_SEARCH_RARE_MESSAGES
 * messages do; null for a common text. Postgres cannot tell one from the other ahead: walking the
 * conversations newest first and probing each one's messages, right for a common text (a page's
 * worth is found at once), read 15,000 conversations' messages for one in 300 of 100,000 (0.5 s).
 */
async function rareSearchSessionIds(search: string): Promise<string[] | null> {
  // The same expression as the trigram index's (chatMessageSearchText), or the index is not used.
  const rows = await db()
    .select({ sessionId: chatMessages.sessionId })
    .from(chatMessages)
    .where(containsText(chatMessageSearchText(chatMessages), search))
    .limit(CHAT_SEARCH_RARE_MESSAGES + 1);
  if (rows.length > CHAT_SEARCH_RARE_MESSAGES) return null;
  return [...new Set(rows.map((row) => row.sessionId))];
}

function filterConditions(filter: ChatSessionFilter, rareSessionIds: string[] | null): SQL[] {
  const conditions: SQL[] = [];
  if (filter.search && rareSessionIds) {
    // One parameter however many ids (a list of parameters has a limit), looked up by primary key.
    conditions.push(
      sql`${chatSessions.sessionId} in (select jsonb_array_elements_text(${JSON.stringify(rareSessionIds)}::jsonb))`,
    );
  } else if (filter.search) {
    const matching = db()
      .select({ sessionId: chatMessages.sessionId })
      .from(chatMessages)
      .where(containsText(chatMessageSearchText(chatMessages), filter.search));
    conditions.push(inArray(chatSessions.sessionId, matching));
  }
  // On the list's own order (chat_sessions_last_message_idx): a range of days is a range of the index.
  if (filter.from) conditions.push(gte(chatSessions.lastMessageAt, filter.from));
  if (filter.before) conditions.push(lt(chatSessions.lastMessageAt, filter.before));
  return conditions;
}

/** One page of the conversations, the most recently active first, of those `filter` lets through. */
export function listChatSessionPage(
  request: PageRequest,
  filter: ChatSessionFilter = {},
): Promise<KeysetPage<ChatSessionSummary & { answeredBy: string | null; cursor: string }>> {
  return withReadRetry(async () => {
    const conditions = filterConditions(filter, filter.search ? await rareSearchSessionIds(filter.search) : null);
    return keysetPage(request, keysetColumns, ({ where, orderBy, limit }) =>
      db()
        .select({
          ...getTableColumns(chatSessions),
          firstMessage: sql<string | null>`left(${chatSessions.firstMessage}, ${PREVIEW_CHARS})`,
          // Which webhook gave the latest reply: one index probe per listed conversation
          // (chat_messages_session_created_idx), not a column the trigger would have to keep.
          // Spelled with table names: drizzle writes a column in sql`` unqualified, so both sides of
          // the join would be chat_messages' own session_id and every card would get one answer.
          answeredBy: sql<string | null>`(
            select reply.answered_by from ${chatMessages} reply
            where reply.session_id = ${chatSessions}.session_id and not reply.is_user_message
            order by reply.created_at desc, reply.id desc limit 1
          )`,
          cursor: keysetCursor(keysetColumns),
        })
        .from(chatSessions)
        .where(and(...conditions, where))
        .orderBy(...orderBy)
        .limit(limit),
    );
  });
}
