import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { type Db, db, withReadRetry } from "~/db/client.server";
import {
  type Booking,
  bookings,
  type ChatMessage,
  chatMessages,
  chatMessageSearchText,
  chatUploads,
  type ContactMessage,
  contactMessages,
  contactMessageSearchText,
  type Order,
  orders,
  orderSearchText,
  outboxEvents,
  type Payment,
  payments,
  type StaffEmail,
  staffEmails,
  type StaffNote,
  staffNotes,
} from "~/db/schema";
import { containsText } from "~/db/search.server";
import { mentionsEmail } from "~/lib/personal-data";

import { type AuditEntryInput, eraseOrderClientsFromAudit, writeAuditEntry } from "./audit-log.server";
import type { ChatUpload } from "./chat-uploads.server";

// Everything stored about one email address: the orders
// and contact messages that carry it, and the chat conversations in which it was written. Chats
// have no email column; a conversation belongs to the address when any of its messages mentions it,
// or when the address was left in it (a contact message's chat_session_id).

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

export interface Conversation {
  sessionId: string;
  messages: ChatMessage[];
}

export interface PersonalData {
  orders: Order[];
  /** The payments of those orders, oldest first. */
  payments: Payment[];
  contactMessages: ContactMessage[];
  conversations: Conversation[];
  /** Staff's notes and emails about those orders and messages, oldest first. */
  staffNotes: StaffNote[];
  staffEmails: StaffEmail[];
  /** Calls booked with the address, or attached to those orders and messages. */
  bookings: Booking[];
}

/** What an erased order keeps in its name and email columns, which may not be null. */
export const ERASED_TEXT = "[erased]";

// `email` is lower-cased by the caller. The trigram indexes of the admin searches narrow the rows
// first (containsText repeats their expression); the equality then keeps exact matches only.
function ordersOf(database: Queryable, email: string) {
  return database
    .select()
    .from(orders)
    .where(and(containsText(orderSearchText(orders), email), eq(sql`lower(${orders.clientEmail})`, email)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

function contactMessagesOf(database: Queryable, email: string) {
  return database
    .select()
    .from(contactMessages)
    .where(
      and(
        containsText(contactMessageSearchText(contactMessages), email),
        eq(sql`lower(${contactMessages.email})`, email),
      ),
    )
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
}

function paymentsOf(database: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return database
    .select()
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}

// A LIKE on the Chats search's expression finds the candidates through its trigram index
// (chat_messages_search_idx), and mentionsEmail drops "xalice@example.com" or
// "alice@example.com.au" when looking for alice@example.com.
async function conversationsOf(database: Queryable, email: string, linked: string[]): Promise<Conversation[]> {
  const candidates = await database
    .selectDistinct({ sessionId: chatMessages.sessionId, message: chatMessages.message })
    .from(chatMessages)
    .where(containsText(chatMessageSearchText(chatMessages), email));
  const sessionIds = [
    ...new Set([
      ...candidates.filter((row) => mentionsEmail(row.message, email)).map((row) => row.sessionId),
      ...linked,
    ]),
  ].sort();
  if (sessionIds.length === 0) return [];
  const messages = await database
    .select()
    .from(chatMessages)
    .where(inArray(chatMessages.sessionId, sessionIds))
    .orderBy(asc(chatMessages.sessionId), asc(chatMessages.createdAt), asc(chatMessages.id));
  // A linked conversation may have been deleted meanwhile (retention): only those still stored.
  return sessionIds
    .map((sessionId) => ({ sessionId, messages: messages.filter((message) => message.sessionId === sessionId) }))
    .filter((conversation) => conversation.messages.length > 0);
}

/** The rows of `table` about these orders or contact messages. */
function aboutRecords(
  table: { orderId: AnyPgColumn; contactMessageId: AnyPgColumn },
  orderIds: string[],
  messageIds: string[],
): SQL | undefined {
  const conditions = [
    orderIds.length > 0 ? inArray(table.orderId, orderIds) : undefined,
    messageIds.length > 0 ? inArray(table.contactMessageId, messageIds) : undefined,
  ].filter(Boolean);
  return conditions.length > 0 ? or(...conditions) : undefined;
}

async function staffRecordsOf(database: Queryable, email: string, orderIds: string[], messageIds: string[]) {
  const about = aboutRecords(staffNotes, orderIds, messageIds);
  const aboutEmails = aboutRecords(staffEmails, orderIds, messageIds);
  const aboutBookings = aboutRecords(bookings, orderIds, messageIds);
  return {
    staffNotes: about
      ? await database.select().from(staffNotes).where(about).orderBy(asc(staffNotes.createdAt), asc(staffNotes.id))
      : [],
    staffEmails: aboutEmails
      ? await database
          .select()
          .from(staffEmails)
          .where(aboutEmails)
          .orderBy(asc(staffEmails.createdAt), asc(staffEmails.id))
      : [],
    bookings: await database
      .select()
      .from(bookings)
      .where(or(eq(sql`lower(${bookings.attendeeEmail})`, email), aboutBookings))
      .orderBy(asc(bookings.createdAt), asc(bookings.id)),
  };
}

async function collect(database: Queryable, email: string): Promise<PersonalData> {
  const found = await contactMessagesOf(database, email);
  const linked = found.flatMap((message) => (message.chatSessionId ? [message.chatSessionId] : []));
  const orderRows = await ordersOf(database, email);
  const staff = await staffRecordsOf(
    database,
    email,
    orderRows.map((order) => order.id),
    found.map((message) => message.id),
  );
  return {
    ...staff,
    orders: orderRows,
    payments: await paymentsOf(
      database,
      orderRows.map((order) => order.id),
    ),
    contactMessages: found,
    conversations: await conversationsOf(database, email, linked),
  };
}

/** Everything stored about `email` (lower-cased), oldest first. */
export function findPersonalData(email: string): Promise<PersonalData> {
  return withReadRetry(() => collect(db(), email));
}

export interface ErasedPersonalData {
  orders: number;
  contactMessages: number;
  conversations: number;
  staffNotes: number;
  staffEmails: number;
  bookings: number;
  /** The stored chat files of the deleted conversations, for the caller to delete after commit. */
  uploads: ChatUpload[];
  /** Media addresses of the deleted messages that no chat_uploads row records (older files). */
  untrackedMediaUrls: string[];
}

/**
 * Erases what is stored about `email` (lower-cased) in one transaction, with the audit entry that
 * `audit` makes of the counts: orders keep their service, amounts, status and dates for the books,
 * with the person's fields blanked (in the audit log's entries about them too, and the provider's
 * customer id); their payments keep their amounts and lose their notes; contact messages
 * and the conversations go. The triggers of
 * supabase/migrations/*_admin_scale.sql keep the counters and chat_sessions right in the same
 * transaction. Files cannot be part of a transaction: the caller deletes them afterwards.
 */
export async function erasePersonalData(
  email: string,
  audit: (counts: Omit<ErasedPersonalData, "uploads" | "untrackedMediaUrls">) => AuditEntryInput,
): Promise<ErasedPersonalData> {
  return db().transaction(async (tx) => {
    const found = await collect(tx, email);
    const orderIds = found.orders.map((order) => order.id);
    const messageIds = found.contactMessages.map((message) => message.id);
    const sessionIds = found.conversations.map((conversation) => conversation.sessionId);
    if (orderIds.length > 0) {
      await tx
        .update(orders)
        .set({
          clientName: ERASED_TEXT,
          clientEmail: ERASED_TEXT,
          clientPhone: null,
          notes: null,
          providerCustomerId: null,
        })
        .where(inArray(orders.id, orderIds));
      await tx.update(payments).set({ note: null }).where(inArray(payments.orderId, orderIds));
      await eraseOrderClientsFromAudit(tx, orderIds, ERASED_TEXT);
    }
    // Notes and emails may quote the person; the bookings name them: all go (their events too, below).
    const noteIds = found.staffNotes.map((note) => note.id);
    const staffEmailIds = found.staffEmails.map((email) => email.id);
    const bookingIds = found.bookings.map((booking) => booking.id);
    if (noteIds.length > 0) await tx.delete(staffNotes).where(inArray(staffNotes.id, noteIds));
    if (staffEmailIds.length > 0) await tx.delete(staffEmails).where(inArray(staffEmails.id, staffEmailIds));
    if (bookingIds.length > 0) await tx.delete(bookings).where(inArray(bookings.id, bookingIds));
    if (messageIds.length > 0) await tx.delete(contactMessages).where(inArray(contactMessages.id, messageIds));
    let mediaUrls: string[] = [];
    if (sessionIds.length > 0) {
      const deleted = await tx
        .delete(chatMessages)
        .where(inArray(chatMessages.sessionId, sessionIds))
        .returning({ mediaUrl: chatMessages.mediaUrl });
      mediaUrls = deleted.flatMap((row) => (row.mediaUrl ? [row.mediaUrl] : []));
    }
    const names = mediaUrls.map(mediaName);
    const uploads = names.length > 0 ? await tx.select().from(chatUploads).where(inArray(chatUploads.name, names)) : [];
    const tracked = new Set(uploads.map((upload) => upload.name));
    // The business events that carried these records, with their deliveries: an
    // erased person is not sent on by a retry, nor kept in the delivery log.
    const recordIds = [...orderIds, ...messageIds, ...staffEmailIds, ...bookingIds];
    if (recordIds.length > 0 || sessionIds.length > 0) {
      await tx.delete(outboxEvents).where(
        or(
          recordIds.length > 0 ? inArray(sql`${outboxEvents.data}->>'id'`, recordIds) : undefined,
          // Payment events name their order here, with the client's details nested under `order`.
          orderIds.length > 0 ? inArray(sql`${outboxEvents.data}->>'order_id'`, orderIds) : undefined,
          sessionIds.length > 0 ? inArray(sql`${outboxEvents.data}->>'session_id'`, sessionIds) : undefined,
        ),
      );
    }
    const counts = {
      orders: orderIds.length,
      contactMessages: messageIds.length,
      conversations: sessionIds.length,
      staffNotes: noteIds.length,
      staffEmails: staffEmailIds.length,
      bookings: bookingIds.length,
    };
    await writeAuditEntry(tx, audit(counts));
    return { ...counts, uploads, untrackedMediaUrls: mediaUrls.filter((url) => !tracked.has(mediaName(url))) };
  });
}

/** The file name a media address ends with: /uploads/{name} or Supabase's …/chat-images/{name}. */
export function mediaName(url: string): string {
  return url.split(/[?#]/)[0].split("/").pop() ?? "";
}
