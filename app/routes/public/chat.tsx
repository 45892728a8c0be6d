import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ImageIcon, Send } from "lucide-react";
import { data, Form, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { ChatAvatar, ChatBubble, ChatStatus, TypingIndicator } from "~/components/chat/chat-message";
import { WhatsAppIcon } from "~/components/ui/brand-icons";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { CHAT_ERROR, CHAT_TEXT, chatMessageSchema, defaultMediaText, welcomeMessage } from "~/lib/chat";
import {
  chatLimits,
  handleChatMessage,
  inspectUpload,
  maxChatRequestBytes,
  newPageSessionId,
  readChatForm,
  readChatPageSession,
  serializeChatPageSession,
  toChatMessageView,
  type ChatExchange,
} from "~/services/chat.server";
import { getEnv } from "~/lib/env.server";
import { storeChatMedia } from "~/services/media-storage.server";
import { whatsappUrl } from "~/lib/messaging";
import { hitRateLimit } from "~/models/rate-limits.server";
import { clientIp } from "~/lib/request-context.server";
import type { ChatMediaType } from "~/lib/domain";
import { listSessionMessages } from "~/models/chat-messages.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/chat";

// The chat's one server action: the widget posts here with a fetcher (multipart, with its own
// session id) and gets the exchange back; the page below posts here without JavaScript and is
// redirected back to the conversation, kept in a cookie.

const CHAT_FORM_ID = "chat-form";
const RATE_WINDOW_MS = 60_000;

export async function loader({ request }: Route.LoaderArgs) {
  const sessionId = await readChatPageSession(request);
  const messages = sessionId ? await listSessionMessages(sessionId) : [];
  return { messages: messages.map(toChatMessageView), limits: chatLimits() };
}

type ChatActionData = { result: SubmissionResult; exchange: ChatExchange | null; unexpected?: boolean };

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
  const rate = await hitRateLimit(`chat:${clientIp(context)}`, env.CHAT_MESSAGES_PER_MINUTE, RATE_WINDOW_MS);
  if (!rate.allowed) return refused(CHAT_ERROR.tooFast, 429, { "Retry-After": String(rate.retryAfterSeconds) });

  const maxBytes = maxChatRequestBytes(limits);
  const formData = await readChatForm(request, maxBytes);
  if (formData === "too-large") {
    return refused(CHAT_ERROR.requestTooLarge(Math.max(limits.maxImageBytes, limits.maxVoiceBytes)), 413);
  }
  if (formData === "malformed") return refused(CHAT_ERROR.malformed, 400);

  const submission = parseWithZod(formData, { schema: chatMessageSchema(limits) });
  if (submission.status !== "success") {
    return data<ChatActionData>({ result: submission.reply(), exchange: null }, { status: 400 });
  }
  const { sessionId: widgetSessionId, message, image, voice } = submission.value;

  let media: { url: string; type: ChatMediaType } | null = null;
  const upload = image
    ? { file: image, type: "image" as const }
    : voice
      ? { file: voice, type: "voice" as const }
      : null;
  if (upload) {
    const inspected = await inspectUpload(upload.file, upload.type);
    if ("error" in inspected) {
      return data<ChatActionData>(
        { result: submission.reply({ fieldErrors: { [upload.type]: [inspected.error] } }), exchange: null },
        { status: 400 },
      );
    }
    media = { url: await storeChatMedia(inspected.media), type: upload.type };
  }

  const sessionId = widgetSessionId ?? (await readChatPageSession(request)) ?? newPageSessionId();
  const { user, bot } = await handleChatMessage({
    sessionId,
    message: message || defaultMediaText(upload!.type),
    media,
    origin: env.SITE_URL ?? new URL(request.url).origin,
  });
  if (widgetSessionId) {
    return data<ChatActionData>({ result: submission.reply({ resetForm: true }), exchange: { user, bot } });
  }
  return redirect(`/chat#${CHAT_FORM_ID}`, {
    headers: { "Set-Cookie": await serializeChatPageSession(sessionId) },
  });
}

/** A lost connection or a server error becomes the spec's apology instead of an error page. */
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
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  const tool = settings?.workflowToolName ?? "n8n";
  const whatsapp = whatsappUrl(settings?.whatsappNumber, tool);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/chat";
  const [form, fields] = useForm({
    id: CHAT_FORM_ID,
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chatMessageSchema(loaderData.limits) }),
    shouldValidate: "onSubmit",
  });
  const messages = [
    { id: "welcome", message: welcomeMessage(tool), isUserMessage: false, mediaUrl: null, mediaType: null },
    ...loaderData.messages,
  ];

  return (
    <div className="mx-auto w-full max-w-2xl px-3 pb-24 pt-8 sm:px-4 sm:py-12">
      <section
        aria-labelledby="chat-title"
        className="overflow-hidden rounded-2xl bg-slate-50 shadow-sm ring-1 ring-slate-200"
      >
        <header className="flex items-center gap-3 bg-brand px-4 py-4 text-white">
          <ChatAvatar />
          <div className="min-w-0 flex-1">
            <h1 id="chat-title" className="text-lg font-semibold leading-tight">
              {CHAT_TEXT.title}
            </h1>
            <ChatStatus workflowToolName={tool} className="text-white/90" />
          </div>
          {whatsapp ? (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              title={CHAT_TEXT.continueOnWhatsapp}
              className="flex shrink-0 items-center gap-2 rounded-md p-2 text-sm font-medium ring-1 ring-white/50 hover:bg-white/15 sm:px-3 sm:py-1.5"
            >
              <WhatsAppIcon className="size-5 sm:size-4" />
              <span className="sr-only sm:not-sr-only">{CHAT_TEXT.continueOnWhatsapp}</span>
            </a>
          ) : null}
        </header>

        <div role="log" aria-live="polite" aria-label={CHAT_TEXT.messages} className="px-3 py-5 sm:px-4">
          <ol className="space-y-3">
            {messages.map((message) => (
              <ChatBubble key={message.id} message={message} />
            ))}
            {sending ? <TypingIndicator /> : null}
          </ol>
        </div>

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
            Message
          </label>
          <div className="flex gap-2">
            <input
              {...getInputProps(fields.message, { type: "text" })}
              maxLength={loaderData.limits.maxMessageChars}
              autoComplete="off"
              placeholder={CHAT_TEXT.placeholder}
              className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500 sm:text-sm"
            />
            <Button type="submit" disabled={sending} className="rounded-full">
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
