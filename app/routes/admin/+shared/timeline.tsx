import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "react-router";

import { ActionBox } from "~/components/admin/action-box";
import { ChoiceField, FormFooter, InputField, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { formatDateTime } from "~/components/admin/format";
import { IntentButton } from "~/components/admin/intent-button";
import { useIsSubmitting } from "~/components/admin/pending";
import { orderStatusLabel } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { BOOKING_TEXTS } from "~/copy/booking";
import { CLIENT_EMAIL_TEXTS, NOTE_TEXTS, TIMELINE_TEXTS as TEXTS } from "~/copy/timeline";
import type { Booking } from "~/db/schema";
import { formatPrice } from "~/lib/pricing";
import type { TimelineEntry } from "~/models/timeline.server";

import { DetailSection } from "./record-details";
import {
  AddNoteSchema,
  AttachBookingSchema,
  EMAIL_BODY_MAX_CHARS,
  EmailClientSchema,
  NOTE_MAX_CHARS,
  type TimelineIntent,
} from "./timeline-forms";

// An order's or a contact message's timeline, with staff's forms: a note, an email to the client,
// and attaching a booking that matched nothing. Plain posts to the screen's action, so each works
// without JavaScript; a refused form comes back with what was typed.

type TimelineAnswer = { intent: TimelineIntent; result: SubmissionResult<string[]> } | undefined;

export function Timeline({
  kind,
  recordId,
  timeline: { entries, unmatched },
  email,
}: {
  kind: "order" | "message";
  recordId: string;
  timeline: { entries: TimelineEntry[]; unmatched: Booking[] };
  /** The email form: the subject it starts with, and the support address replies go to; null without SMTP. */
  email: { defaultSubject: string; supportEmail: string } | null;
}) {
  const createdLabel = kind === "order" ? TEXTS.orderPlaced : TEXTS.messageReceived;
  // The route's action answers each of these forms with its intent and result.
  const answer = useActionData() as TimelineAnswer;
  const resultOf = (intent: TimelineIntent) => (answer?.intent === intent ? answer.result : undefined);
  return (
    <DetailSection id="timeline-title" title={TEXTS.heading}>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{TEXTS.empty}</p>
      ) : (
        <ol className="mt-3 space-y-3 border-l border-slate-200 pl-4" aria-labelledby="timeline-title">
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`} className="text-sm">
              <TimelineItem entry={entry} recordId={recordId} createdLabel={createdLabel} />
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <NoteForm recordId={recordId} lastResult={resultOf("add-note")} />
        {email ? (
          <EmailForm recordId={recordId} email={email} lastResult={resultOf("email-client")} />
        ) : (
          <p className="rounded-lg border border-slate-200 p-3 text-sm text-slate-600">{CLIENT_EMAIL_TEXTS.noEmail}</p>
        )}
        {unmatched.length > 0 ? (
          <AttachBookingForm recordId={recordId} unmatched={unmatched} lastResult={resultOf("attach-booking")} />
        ) : null}
      </div>
    </DetailSection>
  );
}

function Meta({ at, children }: { at: Date; children?: React.ReactNode }) {
  return (
    <p className="text-xs text-slate-500">
      <time dateTime={new Date(at).toISOString()}>{formatDateTime(at)}</time>
      {children ? <> · {children}</> : null}
    </p>
  );
}

function TimelineItem({
  entry,
  recordId,
  createdLabel,
}: {
  entry: TimelineEntry;
  recordId: string;
  createdLabel: string;
}) {
  switch (entry.kind) {
    case "created":
      return (
        <>
          <p className="font-medium text-slate-900">{createdLabel}</p>
          <Meta at={entry.at} />
        </>
      );
    case "status":
      return (
        <>
          <p className="font-medium text-slate-900">
            {TEXTS.statusChanged(orderStatusLabel(entry.from), orderStatusLabel(entry.to))}
          </p>
          <Meta at={entry.at}>{entry.by ? TEXTS.by(entry.by) : null}</Meta>
        </>
      );
    case "payment":
      return (
        <>
          <p className="font-medium text-slate-900">
            {TEXTS.payment(formatPrice(entry.amount, entry.currency), entry.status)}
          </p>
          <Meta at={entry.at} />
        </>
      );
    case "booking":
      return (
        <>
          <p className="font-medium text-slate-900">
            {TEXTS.booking[entry.trigger]} {TEXTS.bookingFor(formatDateTime(entry.startTime))}
          </p>
          <Meta at={entry.at} />
        </>
      );
    case "email":
      return (
        <>
          <p className="font-medium text-slate-900">
            {TEXTS.automaticEmail[entry.channel as "client_email" | "staff_email"]}:{" "}
            {TEXTS.eventEmails[entry.eventType] ?? TEXTS.otherEmail}
          </p>
          <Meta at={entry.at}>{TEXTS.deliveryStates[entry.status]}</Meta>
        </>
      );
    case "staff_email":
      return (
        <>
          <p className="font-medium text-slate-900">{TEXTS.emailSent(entry.subject)}</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">{entry.body}</p>
          <Meta at={entry.at}>
            {TEXTS.by(entry.by)}
            {entry.status ? <> · {TEXTS.deliveryStates[entry.status]}</> : null}
          </Meta>
        </>
      );
    case "note":
      return (
        <div className="rounded-md bg-amber-50 p-2">
          <p className="flex items-center gap-2 font-medium text-slate-900">
            {TEXTS.note} <Badge tone="warning">{TEXTS.staffOnly}</Badge>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{entry.body}</p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Meta at={entry.at}>{TEXTS.by(entry.by)}</Meta>
            <IntentButton intent="delete-note" fields={{ recordId, noteId: entry.id }} variant="ghost" size="sm">
              {NOTE_TEXTS.delete}
              <span className="sr-only"> {NOTE_TEXTS.deleteOf(entry.by)}</span>
            </IntentButton>
          </div>
        </div>
      );
  }
}

function NoteForm({ recordId, lastResult }: { recordId: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(AddNoteSchema, {
    id: `add-note-${recordId}`,
    // An error line that went away on blur would move the button from under the pointer.
    shouldRevalidate: "onInput",
    lastResult,
    defaultValue: { recordId },
  });
  const submitting = useIsSubmitting({ intent: "add-note" });
  return (
    <ActionBox id="add-note-title" title={NOTE_TEXTS.heading} hint={NOTE_TEXTS.hint}>
      <Form method="post" preventScrollReset className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name={fields.recordId.name} value={recordId} />
        <TextField label={NOTE_TEXTS.label} field={fields.body} rows={3} maxLength={NOTE_MAX_CHARS} />
        <FormFooter form={form} submitting={submitting} intent="add-note">
          {NOTE_TEXTS.submit}
        </FormFooter>
      </Form>
    </ActionBox>
  );
}

function EmailForm({
  recordId,
  email,
  lastResult,
}: {
  recordId: string;
  email: { defaultSubject: string; supportEmail: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(EmailClientSchema, {
    id: `email-client-${recordId}`,
    // An error line that went away on blur would move the button from under the pointer.
    shouldRevalidate: "onInput",
    lastResult,
    defaultValue: { recordId, subject: email.defaultSubject },
  });
  const submitting = useIsSubmitting({ intent: "email-client" });
  return (
    <ActionBox
      id="email-client-title"
      title={CLIENT_EMAIL_TEXTS.heading}
      hint={CLIENT_EMAIL_TEXTS.hint(email.supportEmail)}
    >
      <Form method="post" preventScrollReset className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name={fields.recordId.name} value={recordId} />
        <InputField label={CLIENT_EMAIL_TEXTS.subjectLabel} field={fields.subject} />
        <TextField label={CLIENT_EMAIL_TEXTS.bodyLabel} field={fields.body} rows={5} maxLength={EMAIL_BODY_MAX_CHARS} />
        <FormFooter form={form} submitting={submitting} intent="email-client">
          {CLIENT_EMAIL_TEXTS.submit}
        </FormFooter>
      </Form>
    </ActionBox>
  );
}

function AttachBookingForm({
  recordId,
  unmatched,
  lastResult,
}: {
  recordId: string;
  unmatched: Booking[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(AttachBookingSchema, {
    id: `attach-booking-${recordId}`,
    // An error line that went away on blur would move the button from under the pointer.
    shouldRevalidate: "onInput",
    lastResult,
    defaultValue: { recordId },
  });
  const submitting = useIsSubmitting({ intent: "attach-booking" });
  return (
    <ActionBox id="attach-booking-title" title={BOOKING_TEXTS.unmatchedHeading} hint={BOOKING_TEXTS.unmatchedHint}>
      <Form method="post" preventScrollReset className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name={fields.recordId.name} value={recordId} />
        <ChoiceField label={BOOKING_TEXTS.attachLabel} field={fields.bookingId}>
          {unmatched.map((booking) => (
            <option key={booking.id} value={booking.id}>
              {BOOKING_TEXTS.option(booking.attendeeName, booking.attendeeEmail, formatDateTime(booking.startTime))}
            </option>
          ))}
        </ChoiceField>
        <FormFooter form={form} submitting={submitting} intent="attach-booking">
          {BOOKING_TEXTS.attachSubmit}
        </FormFooter>
      </Form>
    </ActionBox>
  );
}
