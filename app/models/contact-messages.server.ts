import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import { keysetCursor, type KeysetPage, keysetPage } from "~/db/keyset.server";
import { type ContactMessage, contactMessages, contactMessageSearchText } from "~/db/schema";
import { containsText } from "~/db/search.server";
import type { PageRequest } from "~/lib/keyset";

import { readCounters } from "./counters.server";
import { contactEventData } from "./event-data.server";
import { recordEvent } from "./outbox.server";

export type ContactMessageInput = Pick<ContactMessage, "name" | "email" | "message"> &
  Partial<Pick<ContactMessage, "chatSessionId">>;

/** Shorter searches match too much for the trigram index to help, so they are ignored. */
export const CONTACT_SEARCH_MIN_CHARS = 2;

/** A message from the contact form, or an address left in the chat: an event in the same transaction. */
export async function createContactMessage(input: ContactMessageInput): Promise<ContactMessage> {
  return db().transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning();
    await recordEvent(tx, row.chatSessionId ? "chat.lead_captured" : "contact.created", contactEventData(row));
    return row;
  });
}

/** Whether a visitor left their address in this conversation (the offline fallback). */
export async function hasChatContactMessage(chatSessionId: string): Promise<boolean> {
  const rows = await withReadRetry(() =>
    db()
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.chatSessionId, chatSessionId))
      .limit(1),
  );
  return rows.length > 0;
}

/** The newest messages, for the dashboard. */
export function listContactMessages(limit?: number): Promise<ContactMessage[]> {
  return withReadRetry(() => {
    const query = db().select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
    return limit ? query.limit(limit) : query;
  });
}

const keysetColumns = { at: contactMessages.createdAt, id: contactMessages.id };

/**
 * One page of the messages, newest first, optionally only those matching `search` (at least
 * CONTACT_SEARCH_MIN_CHARS characters; the caller says when a shorter one is ignored).
 */
export function listContactMessagePage(
  request: PageRequest,
  search: string | null,
): Promise<KeysetPage<ContactMessage & { cursor: string }>> {
  const match =
    search && search.length >= CONTACT_SEARCH_MIN_CHARS
      ? containsText(contactMessageSearchText(contactMessages), search)
      : undefined;
  return withReadRetry(() =>
    keysetPage(request, keysetColumns, ({ where, orderBy, limit }) =>
      db()
        .select({ ...getTableColumns(contactMessages), cursor: keysetCursor(keysetColumns) })
        .from(contactMessages)
        .where(and(match, where))
        .orderBy(...orderBy)
        .limit(limit),
    ),
  );
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

/** The sidebar's badge on every admin screen: the trigger-kept counter, not a count of the table. */
export async function countUnreadContactMessages(): Promise<number> {
  return (await readCounters(["contact_messages_unread"])).contact_messages_unread;
}

/** Deletes up to `limit` contact messages received more than `months` ago; answers how many. */
export async function deleteContactMessagesOlderThan(months: number, limit: number): Promise<number> {
  const expired = db()
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(sql`${contactMessages.createdAt} < now() - make_interval(months => ${months}::int)`)
    .limit(limit);
  const rows = await db()
    .delete(contactMessages)
    .where(inArray(contactMessages.id, expired))
    .returning({ id: contactMessages.id });
  return rows.length;
}
