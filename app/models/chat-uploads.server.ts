import { and, asc, inArray, isNotNull, lt, sql } from "drizzle-orm";

import { db } from "~/db/client.server";
import { chatMessages, chatUploads } from "~/db/schema";

export type ChatUpload = typeof chatUploads.$inferSelect;

const olderThanDays = (days: number) => sql`now() - make_interval(days => ${days})`;

export async function recordChatUpload(upload: Pick<ChatUpload, "name" | "store" | "bytes">): Promise<void> {
  await db().insert(chatUploads).values(upload);
}

/** Bytes of every stored chat file, wherever it is kept. */
export async function totalChatUploadBytes(): Promise<number> {
  const [row] = await db()
    .select({ total: sql<number>`coalesce(sum(${chatUploads.bytes}), 0)::float8` })
    .from(chatUploads);
  return row.total;
}

/** The oldest files stored more than `days` ago, at most `limit` of them. */
export async function listExpiredChatUploads(days: number, limit: number): Promise<ChatUpload[]> {
  return db()
    .select()
    .from(chatUploads)
    .where(lt(chatUploads.createdAt, olderThanDays(days)))
    .orderBy(asc(chatUploads.createdAt))
    .limit(limit);
}

export async function forgetChatUploads(names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db().delete(chatUploads).where(inArray(chatUploads.name, names));
}

/**
 * Clears the media address of chat messages older than `days`, whose files retention deletes:
 * the Chats screen can then say the file was deleted instead of showing a broken image. Old data
 * URLs (kept in messages before chat_uploads existed) go too. Here rather than in chat-messages.server.ts
 * because only retention writes it.
 */
export async function forgetExpiredChatMedia(days: number): Promise<number> {
  const cleared = await db()
    .update(chatMessages)
    .set({ mediaUrl: null })
    .where(and(lt(chatMessages.createdAt, olderThanDays(days)), isNotNull(chatMessages.mediaUrl)))
    .returning({ id: chatMessages.id });
  return cleared.length;
}
