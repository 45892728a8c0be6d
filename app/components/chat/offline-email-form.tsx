import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { z } from "zod";

import { EnhancedFlag } from "~/components/site/enhanced-flag";
import { HoneypotField } from "~/components/site/honeypot-field";
import { type PublicFormResult, usePublicForm } from "~/components/site/public-form";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Field, TextareaField } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { CHAT_OFFLINE } from "~/copy/chat";
import { optionalText, VISITOR_EMAIL } from "~/lib/visitor-fields";

// The offline fallback: after a reply no webhook gave, the visitor may leave their email
// address, which reaches the admin's Messages linked to the conversation (app/routes/public/chat-email.tsx).
// It posts through a fetcher and says so in place; without JavaScript the action redirects back
// to /chat, which then shows the same thanks.

export const CHAT_EMAIL_ACTION = "/chat/email";

const NOTE_MAX_CHARS = 1000;

/** The form's schema, checked alike in the browser and by the action. */
export const ChatEmailSchema = z.object({
  email: VISITOR_EMAIL,
  note: optionalText(NOTE_MAX_CHARS, CHAT_OFFLINE.noteTooLong(NOTE_MAX_CHARS)),
});

/** What the action answers a post with JavaScript. */
export type ChatEmailActionData = { result: PublicFormResult; sent?: true };

export function OfflineEmailForm({
  id = "chat-email-form",
  sent = false,
  lastResult,
  className,
}: {
  /** Ids of the form and its fields: unique on the page. */
  id?: string;
  /** The conversation has an address already: the thanks instead of the form. */
  sent?: boolean;
  /** The action's answer to a post without JavaScript (its /chat/email page). */
  lastResult?: PublicFormResult;
  className?: string;
}) {
  const fetcher = useFetcher<ChatEmailActionData>();
  const sending = fetcher.state !== "idle";
  const [form, fields] = usePublicForm(ChatEmailSchema, { id, lastResult: fetcher.data?.result ?? lastResult });
  const box = cn("rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200", className);
  if (sent || fetcher.data?.sent) {
    return (
      <p role="status" className={cn(box, "flex items-start gap-2 text-slate-700")}>
        <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-brand" />
        {CHAT_OFFLINE.sent}
      </p>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={CHAT_EMAIL_ACTION}
      {...getFormProps(form)}
      aria-labelledby={`${id}-heading`}
      className={cn(box, "relative space-y-3")}
    >
      <HoneypotField />
      <EnhancedFlag />
      <div>
        <p id={`${id}-heading`} className="flex items-center gap-2 font-semibold text-slate-900">
          <Icon name="mail" className="size-4 shrink-0 text-brand" />
          {CHAT_OFFLINE.heading}
        </p>
        <p className="mt-1 text-slate-600">{CHAT_OFFLINE.intro}</p>
      </div>
      <Field
        label={CHAT_OFFLINE.fields.email.label}
        errors={fields.email.errors}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          placeholder: CHAT_OFFLINE.fields.email.placeholder,
        }}
      />
      <TextareaField
        label={CHAT_OFFLINE.fields.note.label}
        errors={fields.note.errors}
        textareaProps={{
          ...getTextareaProps(fields.note),
          rows: 2,
          maxLength: NOTE_MAX_CHARS,
          placeholder: CHAT_OFFLINE.fields.note.placeholder,
        }}
      />
      <Button type="submit" disabled={sending}>
        {sending ? CHAT_OFFLINE.sending : CHAT_OFFLINE.submit}
      </Button>
    </fetcher.Form>
  );
}
