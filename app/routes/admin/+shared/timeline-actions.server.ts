import type { RouterContextProvider } from "react-router";

import { BOOKING_TEXTS } from "~/copy/booking";
import { CLIENT_EMAIL_TEXTS, NOTE_TEXTS } from "~/copy/timeline";
import { getAdmin } from "~/middleware/admin-guard.server";
import { attachBooking } from "~/models/bookings.server";
import { addStaffNote, deleteStaffNote, sendStaffEmail, type TimelineSubject } from "~/models/timeline.server";
import { emailEnabled } from "~/services/outbox/channels.server";

import { failure, saveForm } from "./save-form.server";
import {
  AddNoteSchema,
  AttachBookingSchema,
  DeleteNoteSchema,
  EmailClientSchema,
  type TimelineIntent,
} from "./timeline-forms";

// The timeline's forms, for the Orders and Messages screens' actions: each answers with a redirect
// to `back` (the record still open) and a toast, or the form again with what was typed.

export function timelineAction(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  intent: TimelineIntent,
  options: { subject: (recordId: string) => TimelineSubject; back: string },
) {
  const actor = getAdmin(context);
  const extra = { intent };
  const { subject, back } = options;
  switch (intent) {
    case "add-note":
      return saveForm(context, formData, {
        schema: AddNoteSchema,
        extra,
        async save({ recordId, body }) {
          await addStaffNote(subject(recordId), actor, body);
          return { redirectTo: back, toast: NOTE_TEXTS.added };
        },
        failed: (error) => failure(error, NOTE_TEXTS.heading),
      });
    case "delete-note":
      return saveForm(context, formData, {
        schema: DeleteNoteSchema,
        extra,
        async save({ recordId, noteId }) {
          if (!(await deleteStaffNote(subject(recordId), noteId))) {
            return { status: 404, toast: { message: NOTE_TEXTS.delete, description: NOTE_TEXTS.gone } };
          }
          return { redirectTo: back, toast: NOTE_TEXTS.deleted };
        },
        failed: (error) => failure(error, NOTE_TEXTS.delete),
      });
    case "email-client":
      return saveForm(context, formData, {
        schema: EmailClientSchema,
        extra,
        async save({ recordId, subject: title, body }) {
          if (!emailEnabled()) {
            return {
              status: 409,
              toast: { message: CLIENT_EMAIL_TEXTS.failed, description: CLIENT_EMAIL_TEXTS.noEmail },
            };
          }
          if (!(await sendStaffEmail(subject(recordId), actor, { subject: title, body }))) return null;
          return { redirectTo: back, toast: CLIENT_EMAIL_TEXTS.sent };
        },
        failed: (error) => failure(error, CLIENT_EMAIL_TEXTS.failed),
      });
    case "attach-booking":
      return saveForm(context, formData, {
        schema: AttachBookingSchema,
        extra,
        async save({ recordId, bookingId }) {
          if (!(await attachBooking(bookingId, subject(recordId)))) {
            return {
              status: 409,
              toast: { message: BOOKING_TEXTS.attachSubmit, description: BOOKING_TEXTS.attachGone },
              fieldErrors: { bookingId: [BOOKING_TEXTS.attachGone] },
            };
          }
          return { redirectTo: back, toast: BOOKING_TEXTS.attached };
        },
        failed: (error) => failure(error, BOOKING_TEXTS.attachSubmit),
      });
  }
}
