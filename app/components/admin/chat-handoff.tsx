import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorList, TextareaField } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { HANDOFF_ADMIN_TEXT as TEXTS } from "~/copy/handoff";
import type { HandoffView } from "~/lib/chat";
import { staffReplySchema } from "~/lib/handoff-schema";

import { ChoiceLink } from "./choice-link";
import { IntentButton } from "./intent-button";
import { useIsSubmitting } from "./pending";

// Admin → Chats' live-chat parts (docs/product.md §12.1): the waiting conversations, a
// conversation's status, the reply form and "Hand back to assistant". Plain forms: they work
// without JavaScript.

export function HandoffBadge({ status }: { status: HandoffView["status"] }) {
  if (status === "waiting") return <Badge tone="warning">{TEXTS.waiting}</Badge>;
  if (status === "staff") return <Badge tone="success">{TEXTS.withStaff}</Badge>;
  return null;
}

export interface WaitingConversation {
  sessionId: string;
  firstMessage: string | null;
  /** "12 min", worked out on the server, so the page reads the same before and after hydration. */
  waited: string;
  to: string;
}

/** Shown above the conversations: the longest waiting first. */
export function WaitingList({
  conversations,
  selected,
  noVisitorMessage,
}: {
  conversations: WaitingConversation[];
  selected: string | null;
  noVisitorMessage: string;
}) {
  if (conversations.length === 0) return null;
  return (
    <section aria-labelledby="waiting-heading" className="mb-4">
      <h2 id="waiting-heading" className="mb-2 flex items-center gap-2 text-sm font-semibold text-amber-800">
        <Icon name="messages-square" className="size-4" />
        {TEXTS.waiting}
      </h2>
      <ul className="space-y-2">
        {conversations.map((conversation) => (
          <li key={conversation.sessionId}>
            <ChoiceLink
              look="entry"
              to={conversation.to}
              preventScrollReset
              current={conversation.sessionId === selected}
            >
              <span className="flex flex-wrap items-center gap-2 text-sm">
                <HandoffBadge status="waiting" />
                <span className="text-xs text-slate-600">{TEXTS.waitedFor(conversation.waited)}</span>
              </span>
              <span className="mt-0.5 block truncate text-xs text-slate-800">
                {conversation.firstMessage ?? noVisitorMessage}
              </span>
              <span className="mt-0.5 block truncate text-xs text-slate-500">{conversation.sessionId}</span>
            </ChoiceLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The reply form and the hand-back button under a conversation. A refused reply comes back with
 * its reason and the text as typed (conform's lastResult).
 */
export function StaffReplyForm({
  sessionId,
  status,
  maxChars,
  lastResult,
}: {
  sessionId: string;
  status: HandoffView["status"];
  maxChars: number;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useIsSubmitting();
  const schema = staffReplySchema(maxChars);
  const [form, fields] = useForm({
    id: `staff-reply-${sessionId}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-2">
        <input type="hidden" name="sessionId" value={sessionId} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <TextareaField
          label={TEXTS.replyLabel}
          hint={TEXTS.replyHint}
          errors={fields.message.errors}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 3, maxLength: maxChars }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" name="intent" value="reply" disabled={submitting}>
            <Icon name="send" className="size-4" />
            {TEXTS.sendReply}
          </Button>
        </div>
      </Form>
      {status !== "assistant" ? (
        <IntentButton intent="hand-back" fields={{ sessionId }} variant="secondary" disabled={submitting}>
          <Icon name="bot" className="size-4" />
          {TEXTS.handBack}
        </IntentButton>
      ) : null}
    </div>
  );
}
