import { asc, desc, eq, sql } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { chatMessages, type ChatMessage } from "~/db/schema";

export type ChatMessageInput = Pick<
  typeof chatMessages.$inferInsert,
  "sessionId" | "message" | "isUserMessage" | "mediaUrl" | "mediaType" | "answeredBy"
>;

export async function saveChatMessage(input: ChatMessageInput): Promise<ChatMessage> {
  const [row] = await db().insert(chatMessages).values(input).returning();
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
