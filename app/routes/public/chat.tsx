import { retryAfterHeaders } from "~/lib/retry-after";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ImageIcon, Send } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ChatHeader, useChatSettings } from "~/components/chat/chat-header";
import { ChatLog } from "~/components/chat/chat-message";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { CHAT_ERROR, CHAT_TEXT, welcomeMessage } from "~/copy/chat";
import { chatMessageSchema, defaultMediaText, newChatSessionId } from "~/lib/chat";
import type { ChatMediaType } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { readFormWithLimit } from "~/lib/read-form.server";
import { siteOrigin } from "~/lib/site-url.server";
import { clientIp } from "~/lib/request-context.server";
import { listSessionMessages } from "~/models/chat-messages.server";
import { handleChatMessage, toChatMessageView, type ChatExchange } from "~/services/chat/conversation.server";
import {
  chatLimits,
  chatMessageSchemaFor,
  countChatMessage,
  maxChatFileBytes,
  maxChatRequestBytes,
} from "~/services/chat/limits.server";
import { readChatPageSession, serializeChatPageSession } from "~/services/chat/page-session.server";
import { chatMetadata } from "~/services/chat/metadata.server";
import { storeUpload } from "~/services/chat/upload.server";
import { PrivacyNotice } from "~/components/site/privacy-notice";
import type { Route } from "./+types/chat";

// The chat's one server action: the widget posts here with a fetcher (multipart, with its own
// session id) and gets the exchange back; the page below posts here without JavaScript and is
// redirected back to the conversation, kept in a cookie.

const CHAT_FORM_ID = "chat-form";

export async function loader({ request }: Route.LoaderArgs) {
  const sessionId = await readChatPageSession(request);
  const messages = sessionId ? await listSessionMessages(sessionId) : [];
  return { messages: messages.map(toChatMessageView), limits: chatLimits() };
}

export type ChatActionData = { result: SubmissionResult; exchange: ChatExchange | null; unexpected?: boolean };

function refused(message: string, status: number, headers?: HeadersInit) {
  return data<ChatActionData>(
    { result: { status: "error", error: { "": [message] } }, exchange: null },
    { status, headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv();
  const limits = chatLimits(env);
  // Counted before anything is read, so nobody can flood the agency's webhooks through us.
  const address = clientIp(context);
  const rate = await countChatMessage(address, env);
  if (!rate.allowed) return refused(CHAT_ERROR.tooFast, 429, { "Retry-After": String(rate.retryAfterSeconds) });

  const formData = await readFormWithLimit(request, maxChatRequestBytes(limits));
  if (formData === "too-large") return refused(CHAT_ERROR.requestTooLarge(maxChatFileBytes(limits)), 413);
  if (formData === "malformed") return refused(CHAT_ERROR.malformed, 400);

  const submission = parseWithZod(formData, { schema: chatMessageSchemaFor(env) });
  if (submission.status !== "success") {
    return data<ChatActionData>({ result: submission.reply(), exchange: null }, { status: 400 });
  }
  const { sessionId: widgetSessionId, message, image, voice, page, utm } = submission.value;

  const upload = image
    ? { file: image, type: "image" as const }
    : voice
      ? { file: voice, type: "voice" as const }
      : null;
  let media: { url: string; type: ChatMediaType; file: File } | null = null;
  if (upload) {
    const stored = await storeUpload(upload, address, env);
    if ("error" in stored) {
      // Like a file over the size limit: the message is refused with the reason, its text kept.
      return data<ChatActionData>(
        { result: submission.reply({ fieldErrors: { [upload.type]: [stored.error] } }), exchange: null },
        {
          status: stored.status,
          headers: stored.retryAfterSeconds ? { "Retry-After": String(stored.retryAfterSeconds) } : undefined,
        },
      );
    }
    media = { url: stored.url, type: upload.type, file: upload.file };
  }

  const sessionId = widgetSessionId ?? (await readChatPageSession(request)) ?? newChatSessionId();
  const { user, bot } = await handleChatMessage({
    sessionId,
    message: message || defaultMediaText(upload!.type),
    media,
    metadata: await chatMetadata({ page, utm }, request),
    origin: siteOrigin(),
    visitorIp: address,
  });
  if (widgetSessionId) {
    return data<ChatActionData>({ result: submission.reply({ resetForm: true }), exchange: { user, bot } });
  }
  return redirect(`/chat#${CHAT_FORM_ID}`, {
    headers: { "Set-Cookie": await serializeChatPageSession(sessionId) },
  });
}

/** A lost connection or a server error becomes docs/product.md §8's apology instead of an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ChatActionData> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("sending the chat message failed", error);
    return {
      result: { status: "error", error: { "": [CHAT_TEXT.technicalDifficulties] } },
      exchange: null,
      unexpected: true,
    };
  }
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tool } = useChatSettings();
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
        <ChatHeader look="page" title="h1" titleId="chat-title" />
        <ChatLog
          welcome={welcomeMessage(tool, "images")}
          messages={loaderData.messages}
          typing={sending}
          className="px-3 py-5 sm:px-4"
        />
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          // A new form after each message: the text and file inputs start empty again.
          key={loaderData.messages.length}
          className="scroll-mt-24 border-t border-slate-200 bg-white p-3 sm:p-4"
        >
          <ErrorList id={form.errorId} errors={form.errors} />
          <label htmlFor={fields.message.id} className="sr-only">
            {CHAT_TEXT.messageLabel}
          </label>
          <div className="flex gap-2">
            <input
              {...getInputProps(fields.message, { type: "text" })}
              maxLength={loaderData.limits.maxMessageChars}
              autoComplete="off"
              placeholder={CHAT_TEXT.placeholder}
              className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500 sm:text-sm"
            />
            <Button type="submit" disabled={sending}>
              <Send aria-hidden className="size-4" />
              {CHAT_TEXT.send}
            </Button>
          </div>
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
            <label htmlFor={fields.image.id} className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
              <ImageIcon aria-hidden className="size-4" />
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

export function meta({ matches }: Route.MetaArgs) {
  const settings = matches[0]?.loaderData?.settings;
  return [
    { title: settings ? `${CHAT_TEXT.title} | ${settings.companyName}` : CHAT_TEXT.title },
    { name: "robots", content: "noindex" },
  ];
}

export const headers = retryAfterHeaders;
