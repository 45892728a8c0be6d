import { z } from "zod";

import { BOOKING_TEXTS } from "~/copy/booking";
import { CLIENT_EMAIL_TEXTS, NOTE_TEXTS } from "~/copy/timeline";

// The timeline's forms on an order and a contact message (./timeline.tsx), checked with the same
// schemas in the browser and in the screens' actions (./timeline-actions.server.ts).

export const NOTE_MAX_CHARS = 5000;
export const EMAIL_SUBJECT_MAX_CHARS = 200;
export const EMAIL_BODY_MAX_CHARS = 10_000;

const text = (max: number, missing: string, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

export const AddNoteSchema = z.object({
  recordId: z.uuid(),
  body: text(NOTE_MAX_CHARS, NOTE_TEXTS.required, NOTE_TEXTS.tooLong(NOTE_MAX_CHARS)),
});

export const DeleteNoteSchema = z.object({ recordId: z.uuid(), noteId: z.uuid() });

export const EmailClientSchema = z.object({
  recordId: z.uuid(),
  subject: text(
    EMAIL_SUBJECT_MAX_CHARS,
    CLIENT_EMAIL_TEXTS.subjectRequired,
    CLIENT_EMAIL_TEXTS.subjectTooLong(EMAIL_SUBJECT_MAX_CHARS),
  ),
  body: text(
    EMAIL_BODY_MAX_CHARS,
    CLIENT_EMAIL_TEXTS.bodyRequired,
    CLIENT_EMAIL_TEXTS.bodyTooLong(EMAIL_BODY_MAX_CHARS),
  ),
});

export const AttachBookingSchema = z.object({
  recordId: z.uuid(),
  bookingId: z.uuid({ error: BOOKING_TEXTS.attachInvalid }),
});

export const TIMELINE_INTENTS = ["add-note", "delete-note", "email-client", "attach-booking"] as const;
export type TimelineIntent = (typeof TIMELINE_INTENTS)[number];
