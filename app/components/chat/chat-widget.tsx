import { ImageIcon, MessageCircle, Mic, Send, Square, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  CHAT_ERROR,
  CHAT_TEXT,
  defaultMediaText,
  newChatSessionId,
  welcomeMessage,
  type ChatMessageView,
} from "~/lib/chat";
import { whatsappUrl } from "~/lib/messaging";
import type { ChatMediaType } from "~/lib/domain";
import type { loader as rootLoader } from "~/root";
import type { clientAction } from "~/routes/public/chat";
import { ChatAvatar, ChatBubble, ChatStatus, TypingIndicator } from "./chat-message";
import { WhatsAppIcon } from "~/components/ui/brand-icons";
import { useVoiceRecorder } from "./use-voice-recorder";

type WidgetMessage = ChatMessageView & { failed?: string };

/** Any element with this attribute opens the chat (the hero's "Try AI Chat Demo", the trigger). */
export const OPEN_CHAT_SELECTOR = "[data-open-chat]";

/**
 * The chat widget on every public page. Rendered on the server as a link to /chat, where the
 * same conversation works without JavaScript; once hydrated the link opens this panel instead.
 * `maxMessageChars` is the server's text limit, so the input stops where the server would refuse.
 */
export function ChatWidget({ maxMessageChars }: { maxMessageChars: number }) {
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  const tool = settings?.workflowToolName ?? "n8n";
  const whatsapp = whatsappUrl(settings?.whatsappNumber, tool);

  const [open, setOpen] = useState(false);
  // Until hydrated, the trigger is a plain link to /chat; only then does it open a dialog.
  const [hydrated, setHydrated] = useState(false);
  const [messages, setMessages] = useState<WidgetMessage[]>([]);
  const [text, setText] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const fetcher = useFetcher<typeof clientAction>();
  const sessionId = useRef("");
  const pending = useRef<{ localId: string; blobUrl: string | null } | null>(null);
  const localIds = useRef(0);
  const opener = useRef<HTMLElement | null>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  const titleId = useId();
  const inputId = useId();

  const recorder = useVoiceRecorder({
    onRecorded: (file) => send({ file, kind: "voice" }),
    onError: setNotice,
  });
  const sending = fetcher.state !== "idle";
  const recording = recorder.state === "recording";
  // While a recording is being made it is the next message: nothing else may go out before it.
  const locked = sending || recorder.state !== "idle";

  function send(media?: { file: File; kind: ChatMediaType }) {
    const typed = text.trim();
    if (sending) {
      // Only a finished recording can get here; a visitor must not lose one without being told.
      if (media) setNotice(CHAT_ERROR.stillSending);
      return;
    }
    if (!typed && !media) return;
    const localId = `local-${++localIds.current}`;
    const blobUrl = media ? URL.createObjectURL(media.file) : null;
    setMessages((current) => [
      ...current,
      {
        id: localId,
        message: typed || defaultMediaText(media!.kind),
        isUserMessage: true,
        mediaUrl: blobUrl,
        mediaType: media?.kind ?? null,
      },
    ]);
    setText("");
    setNotice(null);
    const form = new FormData();
    form.set("sessionId", sessionId.current);
    if (typed) form.set("message", typed);
    if (media) form.set(media.kind, media.file);
    pending.current = { localId, blobUrl };
    fetcher.submit(form, {
      method: "post",
      action: "/chat",
      encType: "multipart/form-data",
      // A chat message changes nothing the page shows: no need to reload its data.
      defaultShouldRevalidate: false,
    });
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !pending.current) return;
    const { localId, blobUrl } = pending.current;
    pending.current = null;
    // Sent, the stored file replaces the preview; not sent, the message keeps its text only.
    if (blobUrl) URL.revokeObjectURL(blobUrl);
    // The message keeps its local id as its key: a new key would make the log announce it again.
    const update = (change: Partial<WidgetMessage>) => (m: WidgetMessage) =>
      m.id === localId ? { ...m, ...change, id: localId } : m;
    const outcome = fetcher.data;
    const exchange = outcome?.exchange;
    if (exchange) {
      setMessages((current) => [...current.map(update(exchange.user)), exchange.bot]);
    } else if (!outcome || outcome.unexpected) {
      setMessages((current) => [
        ...current.map(update({ mediaUrl: null })),
        {
          id: `${localId}-error`,
          message: CHAT_TEXT.technicalDifficulties,
          isUserMessage: false,
          mediaUrl: null,
          mediaType: null,
        },
      ]);
    } else {
      const reason =
        Object.values(outcome.result.error ?? {})
          .flat()
          .find(Boolean) ?? CHAT_TEXT.technicalDifficulties;
      setMessages((current) => current.map(update({ mediaUrl: null, failed: reason })));
    }
    input.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const close = useCallback(() => {
    recorder.cancel();
    setOpen(false);
  }, [recorder.cancel]);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      // Modified clicks keep their meaning (open /chat in a new tab).
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(OPEN_CHAT_SELECTOR) : null;
      if (!target) return;
      // Capture phase: before a router <Link> could navigate to /chat.
      event.preventDefault();
      opener.current = target;
      setOpen(true);
    }
    document.addEventListener("click", onClick, true);
    // The spec: one session id per widget load.
    sessionId.current = newChatSessionId();
    setHydrated(true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      setMessages((current) =>
        current.length > 0
          ? current
          : [{ id: "welcome", message: welcomeMessage(tool), isUserMessage: false, mediaUrl: null, mediaType: null }],
      );
      // Reopened while a message is on its way the input is disabled: the panel takes focus.
      (input.current && !input.current.disabled ? input.current : panel.current)?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      (opener.current?.isConnected ? opener.current : trigger.current)?.focus();
    }
  }, [open, tool]);

  useEffect(() => {
    if (!open) return;
    // On the document, not the panel: Escape closes the chat wherever focus is.
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && !event.defaultPrevented) close();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  useEffect(() => {
    const list = scroller.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, sending, open]);

  return (
    <aside aria-label="AI chat">
      <a
        ref={trigger}
        href="/chat"
        data-open-chat
        title={CHAT_TEXT.trigger}
        aria-label={CHAT_TEXT.trigger}
        aria-haspopup={hydrated ? "dialog" : undefined}
        className={cn(
          "fixed bottom-5 right-5 z-40 flex size-14 items-center justify-center rounded-full bg-brand text-white shadow-lg transition hover:scale-105 hover:brightness-110",
          open && "hidden",
        )}
      >
        <MessageCircle aria-hidden className="size-6" />
      </a>
      {open ? (
        <div
          ref={panel}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-slate-50 sm:inset-auto sm:bottom-5 sm:right-5 sm:h-[600px] sm:max-h-[calc(100dvh-2.5rem)] sm:w-96 sm:rounded-2xl sm:shadow-2xl sm:ring-1 sm:ring-slate-200"
        >
          <header className="flex items-center gap-3 bg-brand px-4 py-3 text-white">
            <ChatAvatar />
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="font-semibold leading-tight">
                {CHAT_TEXT.title}
              </h2>
              <ChatStatus workflowToolName={tool} className="text-white/90" />
            </div>
            {whatsapp ? (
              <a
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                title={CHAT_TEXT.continueOnWhatsapp}
                aria-label={CHAT_TEXT.continueOnWhatsapp}
                className="rounded-md p-2 hover:bg-white/15"
              >
                <WhatsAppIcon className="size-5" />
              </a>
            ) : null}
            <button
              type="button"
              onClick={close}
              aria-label={CHAT_TEXT.close}
              title={CHAT_TEXT.close}
              className="rounded-md p-2 hover:bg-white/15"
            >
              <X aria-hidden className="size-5" />
            </button>
          </header>

          <div
            ref={scroller}
            role="log"
            aria-live="polite"
            aria-label={CHAT_TEXT.messages}
            className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:max-h-[400px]"
          >
            <ol className="space-y-3">
              {messages.map((message) => (
                <ChatBubble
                  key={message.id}
                  message={message}
                  note={
                    message.failed ? (
                      <p role="alert" className="mt-1 rounded bg-white/90 px-2 py-1 text-xs font-medium text-red-700">
                        Not sent: {message.failed}
                      </p>
                    ) : null
                  }
                />
              ))}
              {sending ? <TypingIndicator /> : null}
            </ol>
          </div>

          <form
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
            className="mt-auto border-t border-slate-200 bg-white p-3"
          >
            {notice ? (
              <p
                role="alert"
                className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200"
              >
                {notice}
              </p>
            ) : null}
            <div className="flex gap-2">
              <label htmlFor={inputId} className="sr-only">
                Message
              </label>
              <input
                ref={input}
                id={inputId}
                type="text"
                autoComplete="off"
                value={text}
                onChange={(event) => setText(event.target.value)}
                maxLength={maxMessageChars}
                disabled={locked}
                placeholder={CHAT_TEXT.placeholder}
                className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-slate-50 sm:text-sm"
              />
              <Button
                type="submit"
                size="icon"
                disabled={locked || !text.trim()}
                aria-label={CHAT_TEXT.send}
                title={CHAT_TEXT.send}
                className="size-10 rounded-full"
              >
                <Send aria-hidden className="size-4" />
              </Button>
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant={recording ? "danger" : "secondary"}
                size="sm"
                onClick={recording ? recorder.stop : recorder.start}
                disabled={locked && !recording}
              >
                {recording ? <Square aria-hidden className="size-3.5" /> : <Mic aria-hidden className="size-3.5" />}
                {recording ? CHAT_TEXT.stop : CHAT_TEXT.voice}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => photo.current?.click()} disabled={locked}>
                <ImageIcon aria-hidden className="size-3.5" />
                {CHAT_TEXT.photo}
              </Button>
              <input
                ref={photo}
                type="file"
                accept="image/*"
                hidden
                tabIndex={-1}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  // The spec: the picker takes images only; anything else is ignored.
                  if (file?.type.startsWith("image/")) send({ file, kind: "image" });
                }}
              />
              {whatsapp ? (
                <a
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses("secondary", "sm")}
                >
                  <WhatsAppIcon className="size-3.5" />
                  {CHAT_TEXT.whatsapp}
                </a>
              ) : null}
            </div>
          </form>
        </div>
      ) : null}
    </aside>
  );
}
