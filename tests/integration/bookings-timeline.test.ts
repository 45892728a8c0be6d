import { createHmac, randomBytes } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import {
  bookingEvents,
  bookings,
  contactMessages,
  integrations,
  outboxEvents,
  staffEmails,
  staffNotes,
} from "~/db/schema";
import { saveIntegrations } from "~/models/integrations.server";
import { findPersonalData } from "~/models/personal-data.server";
import type { TimelineEntry } from "~/models/timeline.server";
import { erasePersonalDataFor, personalDataExport } from "~/services/personal-data.server";

import { overrideAppEnv } from "../support/app-env";
import { createTestAdmin, createTestOrder, unique } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, useTestDatabase } from "../support/test-database";

// Cal.com's booking webhook through the route table, as a local stand-in posts it (signed like
// Cal.com: hex HMAC-SHA256 of the raw body in X-Cal-Signature-256), and the order's timeline with
// staff's notes and emails through the Orders and Messages screens' actions (docs/product.md §14.2, §14.3).

const WEBHOOK_PATH = "/webhooks/cal";
const address = (name: string) => `${unique(name).replace(/\W/g, "").toLowerCase()}@example.com`;
let secret = "";

/** A Cal.com-shaped post: triggerEvent, createdAt and the booking's payload. */
function calPost(
  trigger: string,
  booking: { uid: string; email: string; name?: string; start?: string; rescheduleUid?: string },
  createdAt = new Date().toISOString(),
) {
  const start = booking.start ?? "2026-12-03T15:00:00.000Z";
  return {
    triggerEvent: trigger,
    createdAt,
    payload: {
      type: "consultation",
      title: `Consultation between Acme and ${booking.name ?? "Ada"}`,
      uid: booking.uid,
      startTime: start,
      endTime: new Date(new Date(start).getTime() + 30 * 60_000).toISOString(),
      organizer: { name: "Acme", email: "owner@acme.test", timeZone: "Europe/London" },
      attendees: [{ name: booking.name ?? "Ada Lovelace", email: booking.email, timeZone: "Europe/London" }],
      ...(booking.rescheduleUid ? { rescheduleUid: booking.rescheduleUid } : {}),
    },
  };
}

async function deliver(post: unknown, signWith: string | null = secret) {
  const body = JSON.stringify(post);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signWith !== null) headers["X-Cal-Signature-256"] = createHmac("sha256", signWith).update(body).digest("hex");
  const answer = await send(new Request(`${TEST_ORIGIN}${WEBHOOK_PATH}`, { method: "POST", body, headers }));
  return answer.status;
}

const bookingByUid = async (uid: string) => (await db().select().from(bookings).where(eq(bookings.uid, uid)))[0];
const eventsOfBooking = (bookingId: string) =>
  db()
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(sql`${outboxEvents.data} ->> 'id' = ${bookingId}`)
    .orderBy(outboxEvents.createdAt);

// The email form needs the site to send email; nothing is sent here (the outbox is not run).
overrideAppEnv({ SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: "site@example.com", STAFF_EMAIL: "staff@example.com" });

describe.each(BACKENDS)("bookings and the timeline on %s", (backend) => {
  useTestDatabase(backend);
  beforeAll(async () => {
    secret = randomBytes(24).toString("hex");
    await saveIntegrations({ calWebhookSecret: secret, bookingPageUrl: "https://cal.com/acme/consultation" });
  });

  async function staff() {
    const actor = await createTestAdmin(db());
    const cookie = await sessionFor(actor);
    return {
      actor,
      post: (path: string, fields: Record<string, string>) => send(postRequest(path, fields, cookie)),
      get: (path: string) => send(getRequest(path, cookie)),
    };
  }
  const timelineOn = async (get: (path: string) => ReturnType<typeof send>, orderId: string) => {
    const page = await get(`/admin/orders?view=${orderId}`);
    return (page.loaderData["routes/admin/orders"] as { timeline: { entries: TimelineEntry[] } }).timeline.entries;
  };

  it("keeps the webhook secret sealed, and refuses a post it did not sign", async () => {
    const [row] = await db().select({ stored: integrations.calWebhookSecret }).from(integrations);
    expect(row.stored).toMatch(/^enc:v1:/);
    const uid = unique("uid");
    const post = calPost("BOOKING_CREATED", { uid, email: "nobody@example.com" });
    expect(await deliver(post, "another-secret")).toBe(400);
    expect(await deliver(post, null)).toBe(400);
    expect(await bookingByUid(uid)).toBeUndefined();
  });

  it("attaches a booking to the newest open order of the attendee, once however often it is delivered", async () => {
    const email = address("ada");
    await createTestOrder(db(), { clientEmail: email, createdAt: new Date(Date.now() - 60_000) });
    const open = await createTestOrder(db(), { clientEmail: email, createdAt: new Date(Date.now() - 30_000) });
    await createTestOrder(db(), { clientEmail: email, status: "cancelled" });
    const uid = unique("uid");
    const post = calPost("BOOKING_CREATED", { uid, email: email.toUpperCase() });

    expect(await deliver(post)).toBe(200);
    expect(await deliver(post)).toBe(200);

    const booking = await bookingByUid(uid);
    expect(booking).toMatchObject({ orderId: open.id, status: "booked", contactMessageId: null });
    expect(await db().select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id))).toHaveLength(1);
    const events = await eventsOfBooking(booking.id);
    expect(events.map(({ type }) => type)).toEqual(["booking.created"]);
    expect(events[0].data).toMatchObject({ uid, order_id: open.id, start_time: "2026-12-03T15:00:00.000Z" });
    // The client's status page shows the call instead of the booking link.
    const statusPage = await send(getRequest(`/order/status/${open.statusToken}`));
    expect(statusPage.loaderData["routes/public/order-status"]).toMatchObject({
      call: { status: "booked" },
      bookingUrl: null,
    });

    // Moved (Cal.com gives the new booking its own uid), then cancelled: the same booking, each an event.
    const moved = unique("uid");
    const start = "2026-12-04T10:00:00.000Z";
    expect(await deliver(calPost("BOOKING_RESCHEDULED", { uid: moved, email, start, rescheduleUid: uid }))).toBe(200);
    expect(await deliver(calPost("BOOKING_CANCELLED", { uid: moved, email, start }))).toBe(200);
    const after = await bookingByUid(moved);
    expect(after).toMatchObject({ id: booking.id, status: "cancelled", startTime: new Date(start) });
    expect((await eventsOfBooking(booking.id)).map(({ type }) => type)).toEqual([
      "booking.created",
      "booking.rescheduled",
      "booking.cancelled",
    ]);

    const { get } = await staff();
    const timeline = await timelineOn(get, open.id);
    expect(
      timeline.filter((entry) => entry.kind === "booking").map((entry) => "trigger" in entry && entry.trigger),
    ).toEqual(["BOOKING_CANCELLED", "BOOKING_RESCHEDULED", "BOOKING_CREATED"]);
  });

  it("attaches to a contact message when no order matches, and keeps an unmatched one for staff to attach", async () => {
    const sender = address("grace");
    const [message] = await db()
      .insert(contactMessages)
      .values({ name: "Grace", email: sender, message: "Can we talk?" })
      .returning();
    const toMessage = unique("uid");
    expect(await deliver(calPost("BOOKING_CREATED", { uid: toMessage, email: sender }))).toBe(200);
    expect(await bookingByUid(toMessage)).toMatchObject({ contactMessageId: message.id, orderId: null });

    const stranger = unique("uid");
    expect(await deliver(calPost("BOOKING_CREATED", { uid: stranger, email: "elsewhere@example.org" }))).toBe(200);
    const unmatched = await bookingByUid(stranger);
    expect(unmatched).toMatchObject({ orderId: null, contactMessageId: null });

    const order = await createTestOrder(db());
    const { post, get } = await staff();
    const page = await get(`/admin/orders?view=${order.id}`);
    const { timeline } = page.loaderData["routes/admin/orders"] as { timeline: { unmatched: { id: string }[] } };
    expect(timeline.unmatched).toContainEqual(expect.objectContaining({ id: unmatched.id }));
    const attached = await post(`/admin/orders?view=${order.id}`, {
      intent: "attach-booking",
      recordId: order.id,
      bookingId: unmatched.id,
    });
    expect(attached.status).toBe(302);
    expect(attached.toast?.message).toBe(productText("Booking attached"));
    expect(await bookingByUid(stranger)).toMatchObject({ orderId: order.id });
    // Attached once: a second try is refused and says why.
    const again = await post(`/admin/orders?view=${order.id}`, {
      intent: "attach-booking",
      recordId: order.id,
      bookingId: unmatched.id,
    });
    expect(again.status).toBe(409);
  });

  it("shows the order's status changes, notes and staff emails newest first; notes can be deleted", async () => {
    const order = await createTestOrder(db(), { clientEmail: address("lin") });
    const { post, get, actor } = await staff();
    const path = `/admin/orders?view=${order.id}`;

    expect((await post(path, { intent: "status", orderId: order.id, status: "paid" })).status).toBe(302);
    const noted = await post(path, { intent: "add-note", recordId: order.id, body: "Prefers mornings" });
    expect(noted.toast?.message).toBe(productText("Note added"));
    const refused = await post(path, { intent: "email-client", recordId: order.id, subject: "Your call", body: " " });
    expect(refused.status).toBe(400);
    expect(refused.actionData).toMatchObject({
      intent: "email-client",
      result: { initialValue: { subject: "Your call" }, error: { body: [productText("Write the message.")] } },
    });
    const emailed = await post(path, {
      intent: "email-client",
      recordId: order.id,
      subject: "Your call",
      body: "Hello, shall we talk on Thursday?",
    });
    expect(emailed.toast?.message).toBe(productText("Email on its way"));

    const timeline = await timelineOn(get, order.id);
    expect(timeline.map((entry) => entry.kind)).toEqual(["staff_email", "note", "status", "created"]);
    expect(timeline[0]).toMatchObject({ subject: "Your call", to: order.clientEmail, by: actor.username });
    expect(timeline[1]).toMatchObject({ body: "Prefers mornings", by: actor.username });
    expect(timeline[2]).toMatchObject({ from: "pending", to: "paid", by: actor.username });
    const [event] = await db()
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, "staff.email_to_client"), sql`${outboxEvents.data} ->> 'order_id' = ${order.id}`),
      );
    expect(event.data).toMatchObject({ to: order.clientEmail, subject: "Your call" });

    const deleted = await post(path, { intent: "delete-note", recordId: order.id, noteId: timeline[1].id });
    expect(deleted.toast?.message).toBe(productText("Note deleted"));
    expect((await timelineOn(get, order.id)).map((entry) => entry.kind)).toEqual(["staff_email", "status", "created"]);
  });

  it("gives a contact message the same notes and reply", async () => {
    const [message] = await db()
      .insert(contactMessages)
      .values({ name: "Mo", email: address("mo"), message: "Hi" })
      .returning();
    const { post, get } = await staff();
    const path = `/admin/messages?view=${message.id}`;
    await post(path, { intent: "add-note", recordId: message.id, body: "Sounds like a lead" });
    const replied = await post(path, { intent: "email-client", recordId: message.id, subject: "Re", body: "Hello Mo" });
    expect(replied.location).toBe(path);
    const page = await get(path);
    const viewing = (page.loaderData["routes/admin/messages"] as { viewing: { entries: TimelineEntry[] } }).viewing;
    expect(viewing.entries.map((entry) => entry.kind)).toEqual(["staff_email", "note", "created"]);
  });

  it("exports and erases a person's notes, staff emails and bookings", async () => {
    const email = address("erase");
    const order = await createTestOrder(db(), { clientEmail: email });
    const { post, actor } = await staff();
    const path = `/admin/orders?view=${order.id}`;
    await post(path, { intent: "add-note", recordId: order.id, body: "Called back" });
    await post(path, { intent: "email-client", recordId: order.id, subject: "Hi", body: "Hello" });
    const uid = unique("uid");
    await deliver(calPost("BOOKING_CREATED", { uid, email }));

    const exported = personalDataExport(email, await findPersonalData(email));
    expect(exported.staffNotes).toMatchObject([{ orderId: order.id, note: "Called back", author: actor.username }]);
    expect(exported.staffEmails).toMatchObject([{ orderId: order.id, to: email, subject: "Hi", text: "Hello" }]);
    expect(exported.bookings).toMatchObject([{ attendeeEmail: email, orderId: order.id, status: "booked" }]);

    const erased = await erasePersonalDataFor(email, actor);
    expect(erased.orders).toBe(1);
    expect(await bookingByUid(uid)).toBeUndefined();
    expect(await db().select().from(staffEmails).where(eq(staffEmails.orderId, order.id))).toEqual([]);
    expect(await db().select().from(staffNotes).where(eq(staffNotes.orderId, order.id))).toEqual([]);
    const left = await db()
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(sql`${outboxEvents.data}::text like ${`%${email}%`}`);
    expect(left).toEqual([]);
  });
});
