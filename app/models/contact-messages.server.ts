import { count, desc, eq } from "drizzle-orm";
import { db, withReadRetry } from "~/db/client.server";
import { contactMessages, type ContactMessage } from "~/db/schema";

export type ContactMessageInput = Pick<ContactMessage, "name" | "email" | "message">;

export async function createContactMessage(input: ContactMessageInput): Promise<ContactMessage> {
  const [row] = await db().insert(contactMessages).values(input).returning();
  return row;
}

export function listContactMessages(limit?: number): Promise<ContactMessage[]> {
  return withReadRetry(() => {
    const query = db().select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
    return limit ? query.limit(limit) : query;
  });
}

export async function setContactMessageRead(id: string, isRead: boolean): Promise<boolean> {
  const rows = await db()
    .update(contactMessages)
    .set({ isRead })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

export async function deleteContactMessage(id: string): Promise<boolean> {
  const rows = await db()
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

export async function countUnreadContactMessages(): Promise<number> {
  const [row] = await withReadRetry(() =>
    db().select({ n: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
  );
  return row.n;
}
