import { createHash, createHmac, timingSafeEqual } from "node:crypto";

import { z } from "zod";

import { BOOKING_TRIGGERS } from "~/lib/domain";
import { log } from "~/lib/log.server";
import { type BookingOutcome, recordBooking, type ReportedBooking } from "~/models/bookings.server";
import { readIntegrationSecret } from "~/models/integrations.server";

// Cal.com's booking webhook: verified over the raw body with the secret of Admin → Integrations
// (X-Cal-Signature-256, hex HMAC-SHA256), then read into the booking it reports. docs/integrations.md,
// "Booking a call".

export type CalReceipt = BookingOutcome | "ignored" | "invalid" | "not_configured" | "unverified";

/** Whether `signature` is the hex HMAC-SHA256 of `rawBody` with `secret`, compared in constant time. */
export function calSignatureMatches(rawBody: string, signature: string | null, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(signature.trim(), "hex"));
}

const Person = z.object({ email: z.email(), name: z.string().max(200).optional() });

const CalWebhookSchema = z.object({
  triggerEvent: z.string(),
  createdAt: z.string().max(100),
  payload: z.unknown(),
});

const BookingPayloadSchema = z.object({
  uid: z.string().min(1).max(200),
  title: z.string().max(300).nullish(),
  startTime: z.coerce.date(),
  endTime: z.coerce.date(),
  attendees: z.array(Person).min(1),
  // Cal.com has named the booking a reschedule replaces in each of these over its versions.
  rescheduleUid: z.string().max(200).nullish(),
  fromReschedule: z.string().max(200).nullish(),
  rescheduledFromUid: z.string().max(200).nullish(),
});

/**
 * The booking a post reports, "ignored" for a trigger the site does not take (Cal.com's ping
 * among them), or "invalid" for a booking trigger it cannot read.
 */
export function readCalWebhook(body: unknown): ReportedBooking | "ignored" | "invalid" {
  const post = CalWebhookSchema.safeParse(body);
  if (!post.success) return "invalid";
  const trigger = BOOKING_TRIGGERS.find((name) => name === post.data.triggerEvent);
  if (!trigger) return "ignored";
  const payload = BookingPayloadSchema.safeParse(post.data.payload);
  if (
    !payload.success ||
    Number.isNaN(payload.data.startTime.getTime()) ||
    Number.isNaN(payload.data.endTime.getTime())
  ) {
    return "invalid";
  }
  const booking = payload.data;
  const [attendee] = booking.attendees;
  return {
    trigger,
    deliveryKey: createHash("sha256").update(`${trigger}\n${booking.uid}\n${post.data.createdAt}`).digest("hex"),
    uid: booking.uid,
    previousUid: booking.rescheduleUid ?? booking.fromReschedule ?? booking.rescheduledFromUid ?? null,
    title: booking.title ?? null,
    attendeeName: attendee.name?.trim() || attendee.email,
    attendeeEmail: attendee.email,
    startTime: booking.startTime,
    endTime: booking.endTime,
  };
}

/** Verifies and handles one delivery of Cal.com's webhook. */
export async function receiveCalWebhook(rawBody: string, signature: string | null): Promise<CalReceipt> {
  const secret = await readIntegrationSecret("calWebhookSecret");
  if (!secret) return "not_configured";
  if (!calSignatureMatches(rawBody, signature, secret)) {
    log.warn("cal webhook: signature not verified");
    return "unverified";
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return "invalid";
  }
  const reported = readCalWebhook(body);
  if (typeof reported === "string") return reported;
  return recordBooking(reported);
}
