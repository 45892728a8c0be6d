import { asc, desc, eq, sql } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { chatMessages, webhooks, type ChatMessage, type Webhook } from "~/db/schema";

export type ChatMessageInput = Pick<
  typeof chatMessages.$inferInsert,
  "sessionId" | "message" | "isUserMessage" | "mediaUrl" | "mediaType" | "answeredBy"
>;

export async function saveChatMessage(input: ChatMessageInput): Promise<ChatMessage> {
  const [row] = await db().insert(chatMessages).values(input).returning();
  return row;
}

/**
 * Stores the visitor's message and reads the active webhooks to ask, in list order, in one
 * statement: the chat waits on the database once before its webhook call instead of twice
 * (issue #11's chat overhead). The webhooks stay read on every message, so an admin's change,
 * through any instance, counts from the next message. Either both happen or the call fails.
 */
export async function saveChatMessageAndListActiveWebhooks(
  input: ChatMessageInput,
): Promise<{ message: ChatMessage; activeWebhooks: Webhook[] }> {
  const saved = db().$with("saved").as(db().insert(chatMessages).values(input).returning());
  const rows = await db()
    .with(saved)
    .select({ message: saved._.selectedFields, webhook: webhooks })
    .from(saved)
    .leftJoin(webhooks, eq(webhooks.isActive, true))
    .orderBy(asc(webhooks.position));
  return {
    message: rows[0].message,
    activeWebhooks: rows.flatMap((row) => (row.webhook ? [row.webhook] : [])),
  };
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

export interface ChatSessionSummary {
  sessionId: string;
  messageCount: number;
  startedAt: Date;
  lastMessageAt: Date;
}

/** Conversations, the most recently active first. */
export function listChatSessions(limit = 50): Promise<ChatSessionSummary[]> {
  const lastMessageAt = sql<Date>`max(${chatMessages.createdAt})`;
  return withReadRetry(async () => {
    const rows = await db()
      .select({
        sessionId: chatMessages.sessionId,
        messageCount: sql<number>`count(*)::int`,
        startedAt: sql<string>`min(${chatMessages.createdAt})`,
        lastMessageAt: sql<string>`max(${chatMessages.createdAt})`,
      })
      .from(chatMessages)
      .groupBy(chatMessages.sessionId)
      .orderBy(desc(lastMessageAt))
      .limit(limit);
    return rows.map((row) => ({
      ...row,
      startedAt: new Date(row.startedAt),
      lastMessageAt: new Date(row.lastMessageAt),
    }));
  });
}
