import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";

import { type Db, db, withReadRetry } from "~/db/client.server";
import {
  type Booking,
  bookingEvents,
  bookings,
  contactMessages,
  contactMessageSearchText,
  orders,
  orderSearchText,
} from "~/db/schema";
import { containsText } from "~/db/search.server";
import type { BookingStatus, BookingTrigger, EventType } from "~/lib/domain";

import { recordEvent } from "./outbox.server";

// Calls booked on the booking page, as Cal.com's webhook reports them (app/services/bookings.server.ts),
// each attached to the order or contact message of the attendee's email. docs/integrations.md,
// "Booking a call".

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** One webhook post about a booking, read from Cal.com's payload. */
export interface ReportedBooking {
  trigger: BookingTrigger;
  /** Unique per post: trigger, uid and the post's time; a redelivery repeats it. */
  deliveryKey: string;
  uid: string;
  /** A reschedule names the booking it replaces. */
  previousUid: string | null;
  title: string | null;
  attendeeName: string;
  attendeeEmail: string;
  startTime: Date;
  endTime: Date;
}

export type BookingOutcome = "handled" | "duplicate";

const STATUS_AFTER: Record<BookingTrigger, BookingStatus> = {
  BOOKING_CREATED: "booked",
  BOOKING_RESCHEDULED: "rescheduled",
  BOOKING_CANCELLED: "cancelled",
};
const EVENT_OF: Record<BookingTrigger, EventType> = {
  BOOKING_CREATED: "booking.created",
  BOOKING_RESCHEDULED: "booking.rescheduled",
  BOOKING_CANCELLED: "booking.cancelled",
};

/** Thrown inside the transaction to undo a redelivery that raced the first. */
class Duplicate extends Error {}

/**
 * Applies one post once: the booking (found by its uid, or the uid it replaces, else new and
 * attached by email), its event row, and a booking.* business event, in one transaction.
 */
export async function recordBooking(reported: ReportedBooking): Promise<BookingOutcome> {
  try {
    return await db().transaction(async (tx) => {
      const [seen] = await tx
        .select({ id: bookingEvents.id })
        .from(bookingEvents)
        .where(eq(bookingEvents.deliveryKey, reported.deliveryKey));
      if (seen) return "duplicate";
      const booking = await upsertBooking(tx, reported);
      const [event] = await tx
        .insert(bookingEvents)
        .values({
          bookingId: booking.id,
          trigger: reported.trigger,
          startTime: reported.startTime,
          endTime: reported.endTime,
          deliveryKey: reported.deliveryKey,
        })
        .onConflictDoNothing()
        .returning({ id: bookingEvents.id });
      if (!event) throw new Duplicate();
      await recordEvent(tx, EVENT_OF[reported.trigger], bookingEventData(booking));
      return "handled" as const;
    });
  } catch (error) {
    if (error instanceof Duplicate) return "duplicate";
    throw error;
  }
}

async function upsertBooking(tx: Tx, reported: ReportedBooking): Promise<Booking> {
  const uids = [reported.uid, ...(reported.previousUid ? [reported.previousUid] : [])];
  const [existing] = await tx
    .select()
    .from(bookings)
    .where(or(...uids.map((uid) => eq(bookings.uid, uid))))
    .orderBy(desc(bookings.updatedAt))
    .limit(1)
    .for("update");
  const values = {
    uid: reported.uid,
    status: STATUS_AFTER[reported.trigger],
    attendeeName: reported.attendeeName,
    attendeeEmail: reported.attendeeEmail,
    title: reported.title,
    startTime: reported.startTime,
    endTime: reported.endTime,
  };
  if (existing) {
    // A cancellation keeps the time it was for; a reschedule moves it.
    const changes =
      reported.trigger === "BOOKING_CANCELLED"
        ? { status: values.status }
        : { ...values, title: values.title ?? existing.title };
    const [row] = await tx.update(bookings).set(changes).where(eq(bookings.id, existing.id)).returning();
    return row;
  }
  const match = await matchEmail(tx, reported.attendeeEmail);
  const [row] = await tx
    .insert(bookings)
    .values({ ...values, ...match })
    .returning();
  return row;
}

/** The newest open order with this email, else the newest contact message, else nothing. */
async function matchEmail(tx: Tx, email: string): Promise<{ orderId: string | null; contactMessageId: string | null }> {
  const address = email.trim().toLowerCase();
  // The trigram indexes of the admin searches narrow the rows; the equality keeps exact matches.
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        containsText(orderSearchText(orders), address),
        eq(sql`lower(${orders.clientEmail})`, address),
        ne(orders.status, "cancelled"),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (order) return { orderId: order.id, contactMessageId: null };
  const [message] = await tx
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        containsText(contactMessageSearchText(contactMessages), address),
        eq(sql`lower(${contactMessages.email})`, address),
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(1);
  return { orderId: null, contactMessageId: message?.id ?? null };
}

export function bookingEventData(booking: Booking): Record<string, unknown> {
  return {
    id: booking.id,
    uid: booking.uid,
    status: booking.status,
    title: booking.title,
    attendee_name: booking.attendeeName,
    attendee_email: booking.attendeeEmail,
    start_time: booking.startTime.toISOString(),
    end_time: booking.endTime.toISOString(),
    order_id: booking.orderId,
    contact_message_id: booking.contactMessageId,
  };
}

/** The bookings of an order or a contact message, soonest call first. */
export function listBookingsOf(subject: { orderId: string } | { contactMessageId: string }): Promise<Booking[]> {
  const where =
    "orderId" in subject
      ? eq(bookings.orderId, subject.orderId)
      : eq(bookings.contactMessageId, subject.contactMessageId);
  return withReadRetry(() => db().select().from(bookings).where(where).orderBy(bookings.startTime));
}

/** The order's latest booking that is not cancelled, for the client's status page. */
export async function getOrderCall(orderId: string): Promise<Booking | null> {
  const [row] = await withReadRetry(() =>
    db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.orderId, orderId), ne(bookings.status, "cancelled")))
      .orderBy(desc(bookings.updatedAt))
      .limit(1),
  );
  return row ?? null;
}

const UNMATCHED = and(isNull(bookings.orderId), isNull(bookings.contactMessageId));

/** Bookings whose email matched nothing, newest first, for staff to attach. */
export function listUnmatchedBookings(limit = 50): Promise<Booking[]> {
  return withReadRetry(() =>
    db().select().from(bookings).where(UNMATCHED).orderBy(desc(bookings.createdAt)).limit(limit),
  );
}

/** Attaches an unmatched booking; false when it is gone or attached already. */
export async function attachBooking(
  bookingId: string,
  subject: { orderId: string } | { contactMessageId: string },
): Promise<boolean> {
  const rows = await db()
    .update(bookings)
    .set(subject)
    .where(and(eq(bookings.id, bookingId), UNMATCHED))
    .returning({ id: bookings.id });
  return rows.length > 0;
}
