import { and, desc, eq, inArray, sql } from "drizzle-orm";

import { db, withReadRetry } from "~/db/client.server";
import {
  bookingEvents,
  bookings,
  contactMessages,
  eventDeliveries,
  orders,
  orderStatusChanges,
  outboxEvents,
  payments,
  staffEmails,
  staffNotes,
} from "~/db/schema";
import type { BookingTrigger, DeliveryChannel, DeliveryStatus, OrderStatus, PaymentStatus } from "~/lib/domain";

import { recordEvent } from "./outbox.server";

// An order's or a contact message's history for staff, newest first: the record itself, status
// changes, payments, bookings, the emails that went out about it, and staff's internal notes.
// docs/product.md §14.3.

export type TimelineSubject = { orderId: string } | { contactMessageId: string };

export type TimelineEntry = { id: string; at: Date } & (
  | { kind: "created" }
  | { kind: "status"; from: OrderStatus; to: OrderStatus; by: string | null }
  | { kind: "payment"; amount: number; currency: string; status: PaymentStatus }
  | { kind: "booking"; trigger: BookingTrigger; startTime: Date }
  | { kind: "email"; channel: DeliveryChannel; eventType: string; status: DeliveryStatus }
  | { kind: "staff_email"; subject: string; body: string; to: string; by: string; status: DeliveryStatus | null }
  | { kind: "note"; body: string; by: string }
);

/** The event type that carries an email staff wrote: only the client's email channel takes it. */
export const STAFF_EMAIL_EVENT = "staff.email_to_client";

const subjectColumn = <T extends { orderId: unknown; contactMessageId: unknown }>(
  table: T,
  subject: TimelineSubject,
) =>
  "orderId" in subject
    ? eq(table.orderId as never, subject.orderId)
    : eq(table.contactMessageId as never, subject.contactMessageId);

/** The timeline of an order or a contact message, newest first; null when it is not there. */
export function timelineOf(subject: TimelineSubject): Promise<TimelineEntry[] | null> {
  return withReadRetry(async () => {
    const database = db();
    const created =
      "orderId" in subject
        ? await database
            .select({ id: orders.id, at: orders.createdAt })
            .from(orders)
            .where(eq(orders.id, subject.orderId))
        : await database
            .select({ id: contactMessages.id, at: contactMessages.createdAt })
            .from(contactMessages)
            .where(eq(contactMessages.id, subject.contactMessageId));
    if (created.length === 0) return null;
    const entries: TimelineEntry[] = [{ ...created[0], kind: "created" }];
    const recordId = created[0].id;

    if ("orderId" in subject) {
      const changes = await database
        .select({
          id: orderStatusChanges.id,
          at: orderStatusChanges.createdAt,
          from: orderStatusChanges.fromStatus,
          to: orderStatusChanges.toStatus,
          by: orderStatusChanges.actorName,
        })
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, recordId));
      for (const change of changes) entries.push({ ...change, kind: "status" });
      const paid = await database
        .select({
          id: payments.id,
          at: payments.paidAt,
          amount: payments.amount,
          currency: payments.currency,
          status: payments.status,
        })
        .from(payments)
        .where(eq(payments.orderId, recordId));
      for (const payment of paid) entries.push({ ...payment, kind: "payment" });
    }

    const booked = await database
      .select({
        id: bookingEvents.id,
        at: bookingEvents.createdAt,
        trigger: bookingEvents.trigger,
        startTime: bookingEvents.startTime,
      })
      .from(bookingEvents)
      .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
      .where(subjectColumn(bookings, subject));
    for (const row of booked) entries.push({ ...row, kind: "booking" });

    const notes = await database
      .select({ id: staffNotes.id, at: staffNotes.createdAt, body: staffNotes.body, by: staffNotes.authorName })
      .from(staffNotes)
      .where(subjectColumn(staffNotes, subject));
    for (const note of notes) entries.push({ ...note, kind: "note" });

    const written = await database.select().from(staffEmails).where(subjectColumn(staffEmails, subject));
    const sent = await emailDeliveries(
      recordId,
      written.map((email) => email.id),
    );
    for (const email of written) {
      entries.push({
        id: email.id,
        at: email.createdAt,
        kind: "staff_email",
        subject: email.subject,
        body: email.body,
        to: email.toAddress,
        by: email.authorName,
        status: sent.find((row) => row.staffEmailId === email.id)?.status ?? null,
      });
    }
    for (const row of sent) {
      if (row.staffEmailId) continue;
      entries.push({
        id: row.id,
        at: row.at,
        kind: "email",
        channel: row.channel,
        eventType: row.eventType,
        status: row.status,
      });
    }
    return entries.sort((a, b) => b.at.getTime() - a.at.getTime() || b.id.localeCompare(a.id));
  });
}

/**
 * The email deliveries of the outbox's events about this record (kept a month, as the outbox is):
 * its own events name it by `id`, a payment's by `order_id`, a staff email's by the email's id.
 */
async function emailDeliveries(recordId: string, staffEmailIds: string[]) {
  const names = [recordId, ...staffEmailIds];
  const rows = await db()
    .select({
      id: eventDeliveries.id,
      at: eventDeliveries.createdAt,
      channel: eventDeliveries.channel,
      status: eventDeliveries.status,
      eventType: outboxEvents.type,
      dataId: sql<string | null>`${outboxEvents.data} ->> 'id'`,
    })
    .from(eventDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, eventDeliveries.eventId))
    .where(
      and(
        inArray(eventDeliveries.channel, ["client_email", "staff_email"]),
        sql`(${inArray(sql`${outboxEvents.data} ->> 'id'`, names)} or ${outboxEvents.data} ->> 'order_id' = ${recordId})`,
      ),
    )
    .orderBy(desc(eventDeliveries.createdAt));
  return rows.map((row) => ({
    ...row,
    staffEmailId: row.eventType === STAFF_EMAIL_EVENT ? row.dataId : null,
  }));
}

/** An internal note by `author`. */
export async function addStaffNote(
  subject: TimelineSubject,
  author: { id: string; username: string },
  body: string,
): Promise<void> {
  await db()
    .insert(staffNotes)
    .values({ ...subject, authorId: author.id, authorName: author.username, body });
}

/** Deletes a note of this subject; false when it was not there. */
export async function deleteStaffNote(subject: TimelineSubject, noteId: string): Promise<boolean> {
  const rows = await db()
    .delete(staffNotes)
    .where(and(eq(staffNotes.id, noteId), subjectColumn(staffNotes, subject)))
    .returning({ id: staffNotes.id });
  return rows.length > 0;
}

/**
 * An email staff write to the client of an order or a contact message: kept for the timeline and
 * sent by the outbox (its client email channel), in one transaction. False when the record is gone.
 */
export function sendStaffEmail(
  subject: TimelineSubject,
  author: { id: string; username: string },
  email: { subject: string; body: string },
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [to] =
      "orderId" in subject
        ? await tx.select({ address: orders.clientEmail }).from(orders).where(eq(orders.id, subject.orderId))
        : await tx
            .select({ address: contactMessages.email })
            .from(contactMessages)
            .where(eq(contactMessages.id, subject.contactMessageId));
    if (!to) return false;
    const [row] = await tx
      .insert(staffEmails)
      .values({
        ...subject,
        authorId: author.id,
        authorName: author.username,
        toAddress: to.address,
        subject: email.subject,
        body: email.body,
      })
      .returning();
    await recordEvent(tx, STAFF_EMAIL_EVENT, {
      id: row.id,
      order_id: row.orderId,
      contact_message_id: row.contactMessageId,
      to: row.toAddress,
      subject: row.subject,
      text: row.body,
    });
    return true;
  });
}
