import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";

import { ChatHeader, useChatSettings } from "~/components/chat/chat-header";
import { ChatLog } from "~/components/chat/chat-message";
import { OfflineEmailForm } from "~/components/chat/offline-email-form";
import { StarterPrompts } from "~/components/chat/starter-prompts";
import { PrivacyNotice } from "~/components/site/privacy-notice";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { CHAT_TEXT, welcomeMessage } from "~/copy/chat";
import { HANDOFF_TEXT } from "~/copy/handoff";
import type { HandoffView } from "~/lib/chat";
import { chatMessageSchema } from "~/lib/chat-schema";
import { clientIp } from "~/lib/request-context.server";
import { retryAfterHeaders } from "~/lib/retry-after";
import { siteOrigin } from "~/lib/site-url.server";
import { hasChatContactMessage } from "~/models/contact-messages.server";
import { handleChatMessage, visitorConversation, visitorHistory } from "~/services/chat/conversation.server";
import { conversationWritten } from "~/services/chat/conversation-writes.server";
import { visitorHandoffView } from "~/services/chat/handoff.server";
import { acceptChatMessage } from "~/services/chat/intake.server";
import { chatLimits } from "~/services/chat/limits.server";
import { renewChatSession } from "~/services/chat/session-cookie.server";

import type { Route } from "./+types/chat";

// The chat without JavaScript: the page posts here and is redirected back to the conversation,
// which lives in the same cookie as the widget's (app/services/chat/session-cookie.server.ts),
// so a visitor sees one conversation on both. The widget posts to /chat/messages instead, where
// a streamed reply grows as it arrives.

const CHAT_FORM_ID = "chat-form";

export async function loader({ request }: Route.LoaderArgs) {
  const { sessionId, messages } = await visitorHistory(request);
  const limits = chatLimits();
  const handoff = await visitorHandoffView(sessionId);
  // After a reply no webhook gave, or while the team is away, the offer to leave an email, until one is left.
  const offline =
    sessionId && (messages.at(-1)?.offline || handoff.away)
      ? { emailLeft: await hasChatContactMessage(sessionId) }
      : null;
  // A starter prompt's link (app/components/chat/starter-prompts.tsx) fills the message box.
  const prefill = (new URL(request.url).searchParams.get("message") ?? "").slice(0, limits.maxMessageChars);
  return { messages, limits, offline, prefill, handoff };
}

export type ChatActionData = { result: SubmissionResult };

export async function action({ request, context }: Route.ActionArgs) {
  const address = clientIp(context);
  const read = await acceptChatMessage(request, address);
  if ("refused" in read) {
    const { result, status, headers } = read.refused;
    return data<ChatActionData>({ result }, { status, headers });
  }
  const { sessionId, lifetimeHours, settings } = await visitorConversation(request);
  await handleChatMessage({
    sessionId,
    ...read.accepted,
    origin: siteOrigin(),
    visitorIp: address,
    settings,
  });
  // The page that shows the exchange is another request, which another instance may answer.
  await conversationWritten(sessionId);
  return redirect(`/chat#${CHAT_FORM_ID}`, {
    headers: { "Set-Cookie": await renewChatSession(sessionId, lifetimeHours) },
  });
}

/** A lost connection or a server error becomes docs/product.md §8's apology instead of an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ChatActionData> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("sending the chat message failed", error);
    return { result: { status: "error", error: { "": [CHAT_TEXT.technicalDifficulties] } } };
  }
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, starterPrompts } = useChatSettings();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/chat";
  const [form, fields] = useForm({
    id: CHAT_FORM_ID,
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chatMessageSchema(loaderData.limits) }),
    shouldValidate: "onSubmit",
  });

  return (
    <div className="mx-auto w-full max-w-2xl px-3 pb-24 pt-8 sm:px-4 sm:py-12">
      <section
        aria-labelledby="chat-title"
        className="overflow-hidden rounded-2xl bg-slate-50 shadow-sm ring-1 ring-slate-200"
      >
        <ChatHeader look="page" title="h1" titleId="chat-title">
          {loaderData.messages.length ? (
            // A document post (not the router's): /chat/new is a resource route.
            <form method="post" action="/chat/new">
              <button
                type="submit"
                title={CHAT_TEXT.newConversation}
                className="flex shrink-0 items-center gap-2 rounded-md p-2 text-sm font-medium ring-1 ring-white/50 hover:bg-white/15 sm:px-3 sm:py-1.5"
              >
                <Icon name="rotate-ccw" className="size-5 sm:size-4" />
                <span className="sr-only sm:not-sr-only">{CHAT_TEXT.newConversation}</span>
              </button>
            </form>
          ) : null}
        </ChatHeader>
        <ChatLog
          welcome={welcomeMessage(tool, "images")}
          messages={loaderData.messages}
          typing={sending}
          className="px-3 py-5 sm:px-4"
        />
        {loaderData.messages.length === 0 ? (
          <StarterPrompts prompts={starterPrompts} className="px-3 pb-5 sm:px-4" />
        ) : null}
        <HandoffPanel handoff={loaderData.handoff} />
        {loaderData.offline ? (
          <div className="px-3 pb-5 sm:px-4">
            <OfflineEmailForm sent={loaderData.offline.emailLeft} />
          </div>
        ) : null}
        <Form
          method="post"
          // Not the page's own address, which may carry a starter prompt's ?message=.
          action="/chat"
          encType="multipart/form-data"
          {...getFormProps(form)}
          // A new form after each message: the text and file inputs start empty again (or with
          // the starter prompt the visitor picked).
          key={`${loaderData.messages.length} ${loaderData.prefill}`}
          className="scroll-mt-24 border-t border-slate-200 bg-white p-3 sm:p-4"
        >
          <ErrorList id={form.errorId} errors={form.errors} />
          <label htmlFor={fields.message.id} className="sr-only">
            {CHAT_TEXT.messageLabel}
          </label>
          <div className="flex gap-2">
            <input
              {...getInputProps(fields.message, { type: "text" })}
              {...(loaderData.prefill && !actionData ? { defaultValue: loaderData.prefill } : {})}
              maxLength={loaderData.limits.maxMessageChars}
              autoComplete="off"
              placeholder={CHAT_TEXT.placeholder}
              className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500 sm:text-sm"
            />
            <Button type="submit" disabled={sending}>
              <Icon name="send" className="size-4" />
              {CHAT_TEXT.send}
            </Button>
          </div>
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
            <label htmlFor={fields.image.id} className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
              <Icon name="image" className="size-4" />
              {CHAT_TEXT.photo}
            </label>
            <input
              {...getInputProps(fields.image, { type: "file" })}
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="min-w-0 flex-1 text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-200"
            />
          </div>
          <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
          <PrivacyNotice className="mt-3" />
        </Form>
      </section>
    </div>
  );
}

/**
 * docs/product.md §12.1 without JavaScript: "Talk to a person" posts to /chat/handoff; while the
 * team has the conversation, its line and a link that loads the page again for their replies.
 */
function HandoffPanel({ handoff }: { handoff: HandoffView }) {
  if (handoff.status === "assistant") {
    return (
      <form method="post" action="/chat/handoff" className="px-3 pb-4 sm:px-4">
        <Button type="submit" variant="secondary" size="sm">
          <Icon name="user-round" className="size-4" />
          {HANDOFF_TEXT.talkToPerson}
        </Button>
      </form>
    );
  }
  return (
    <div
      role="status"
      className="mx-3 mb-4 rounded-lg bg-white p-3 text-sm text-slate-700 ring-1 ring-slate-200 sm:mx-4"
    >
      <p className="font-medium text-slate-900">
        {handoff.status === "staff" ? HANDOFF_TEXT.staffStatus : HANDOFF_TEXT.waitingStatus}
      </p>
      {handoff.notice ? <p className="mt-1">{handoff.notice}</p> : null}
      <a
        href="/chat#chat-form"
        className="mt-2 inline-flex items-center gap-1.5 font-medium text-brand hover:underline"
      >
        <Icon name="rotate-ccw" className="size-4" />
        {HANDOFF_TEXT.checkReplies}
      </a>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const settings = matches[0]?.loaderData?.settings;
  return [
    { title: settings ? `${CHAT_TEXT.title} | ${settings.companyName}` : CHAT_TEXT.title },
    { name: "robots", content: "noindex" },
  ];
}

export const headers = retryAfterHeaders;
