import { and, asc, desc, eq, sql } from "drizzle-orm";

import { db, getDatabase } from "~/db/client.server";
import { type ChatMessage, chatMessages } from "~/db/schema";

// The live chat's reads (app/services/chat/live.server.ts): what a stream has not sent yet, and
// the notifications that say when to look.

// Written by the database itself: see supabase/migrations/*_chat_activity_notify.sql.
const CHANNEL = "chat_activity";

/** The most one read sends; a stream that had more reads again at once. */
export const STREAM_BATCH = 100;

/** The message a stream goes on after: `id` when it is one of this conversation's, else the latest. */
export async function streamStart(sessionId: string, id: string | null): Promise<string | null> {
  if (id) {
    const [known] = await db()
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.id, id)));
    if (known) return known.id;
  }
  const [latest] = await db()
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1);
  return latest?.id ?? null;
}

/**
 * The conversation's messages after `afterId` (all of them for null), oldest first, in the order
 * the conversation is read (created_at, then id; chat_messages_session_created_idx).
 */
export function messagesAfter(sessionId: string, afterId: string | null): Promise<ChatMessage[]> {
  const after = afterId
    ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) > (select m.created_at, m.id from ${chatMessages} m where m.id = ${afterId} and m.session_id = ${sessionId})`
    : undefined;
  return db()
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), after))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(STREAM_BATCH);
}

/** Asks every instance listening (this one too) to answer with `payload`: a round trip of the channel. */
export async function pingChatActivity(payload: string): Promise<void> {
  await db().execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

/**
 * Calls onActivity with a conversation's session id after each committed change to it (a message,
 * a handoff), from any instance; onListen each time the subscription is made or remade after a
 * lost connection. Returns the unsubscribe.
 */
export function listenForChatActivity(
  onActivity: (payload: string) => void,
  onListen: () => void,
): Promise<() => Promise<void>> {
  return getDatabase().listen(CHANNEL, onActivity, onListen);
}
