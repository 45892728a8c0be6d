import * as Dialog from "@radix-ui/react-dialog";
import { type ComponentProps, useEffect, useId, useRef, useState } from "react";

import { PrivacyNotice } from "~/components/site/privacy-notice";
import { WhatsAppIcon } from "~/components/ui/brand-icons";
import { Button, buttonClasses } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { CHAT_ERROR, CHAT_TEXT, welcomeMessage } from "~/copy/chat";
import { LIVE_CHAT_TEXT } from "~/copy/live-chat";
import { DEFAULT_CHAT_MAX_MESSAGE_CHARS } from "~/lib/chat";
import { detectMediaType } from "~/lib/media-type";

import { BookCallReply } from "./book-call-reply";
import { ChatHeader, useChatSettings, WhatsAppLink } from "./chat-header";
import { ChatLog } from "./chat-message";
import { OfflineEmailForm } from "./offline-email-form";
import { StarterPrompts } from "./starter-prompts";
import { TalkToPerson } from "./talk-to-person";
import { useChatState } from "./use-chat-state";
import { useLiveChat } from "./use-live-chat";
import { useVoiceRecorder } from "./use-voice-recorder";

/**
 * The widget's panel and its conversation, loaded when the visitor first reaches for the chat
 * (chat-widget.tsx). It stays mounted while closed, so the conversation and the typed text stay.
 * `maxMessageChars` is the server's text limit, so the input stops where the server would refuse;
 * without it (an error page has no layout data) the server's default.
 */
export function ChatPanel({
  open,
  onClose,
  returnFocus,
  maxMessageChars,
}: {
  open: boolean;
  onClose: () => void;
  /** Where focus goes back to once the panel has closed: what opened it, else the trigger. */
  returnFocus: () => HTMLElement | null;
  maxMessageChars: number | undefined;
}) {
  const { tool, whatsapp, starterPrompts } = useChatSettings();
  const { state, dispatch, sending, send, restart } = useChatState();
  const handoff = state.handoff;
  const withTeam = handoff !== null && handoff.status !== "assistant";
  // Never on every page view: only while the panel is open on a conversation, or staff have it.
  useLiveChat({
    active: (open && state.messages.length > 0) || withTeam,
    open,
    cursor: state.cursor,
    dispatch,
  });
  // Once the reply's first words have come, its bubble shows that the assistant is answering.
  const replying = sending && state.messages.at(-1)?.isUserMessage === false;
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const inputId = useId();
  // A chosen photo waits here, with its preview, until the visitor sends it (with a caption or not).
  const [attached, setAttached] = useState<{ file: File; previewUrl: string } | null>(null);
  const previewUrl = attached?.previewUrl;
  useEffect(() => {
    if (previewUrl) return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  function attach(file: File) {
    setAttached({ file, previewUrl: URL.createObjectURL(file) });
    input.current?.focus();
  }

  function sendMessage() {
    if (!attached) return send();
    // Kept until the message before it has its answer (the input is disabled until then anyway).
    if (sending) return;
    send({ media: { file: attached.file, kind: "image" } });
    setAttached(null);
  }

  const recorder = useVoiceRecorder({
    onRecorded: (file) => send({ media: { file, kind: "voice" } }),
    onError: (notice) => dispatch({ type: "noticed", notice }),
  });
  const recording = recorder.state === "recording";
  // While a recording is being made it is the next message: nothing else may go out before it.
  const locked = sending || recorder.state !== "idle";

  function close() {
    recorder.cancel();
    onClose();
  }

  // Once a message has its answer, typing goes on where it left off.
  useEffect(() => {
    if (state.settledCount > 0) input.current?.focus();
  }, [state.settledCount]);

  useEffect(() => {
    const list = scroller.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [state.messages, sending, open]);

  // Not modal: the page stays usable while the chat is open, and clicking it leaves the chat open.
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()} modal={false}>
      <Dialog.Content
        ref={panel}
        aria-describedby={undefined}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          // Reopened while a message is on its way the input is disabled: the panel takes focus.
          (input.current && !input.current.disabled ? input.current : panel.current)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus()?.focus();
        }}
        onInteractOutside={(event) => event.preventDefault()}
        className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-slate-50 sm:inset-auto sm:bottom-5 sm:right-5 sm:h-[600px] sm:max-h-[calc(100dvh-2.5rem)] sm:w-96 sm:rounded-2xl sm:shadow-2xl sm:ring-1 sm:ring-slate-200"
      >
        {/* Radix keeps Tab inside the panel; stopped here, Tab goes on to the page as before. */}
        <div className="contents" onKeyDown={(event) => event.key === "Tab" && event.stopPropagation()}>
          <ChatHeader
            look="panel"
            title={Dialog.Title}
            status={
              handoff?.status === "staff" && handoff.staffName
                ? LIVE_CHAT_TEXT.withStaff(handoff.staffName)
                : handoff?.status === "waiting"
                  ? LIVE_CHAT_TEXT.waiting
                  : undefined
            }
          >
            {state.messages.length ? (
              <IconButton
                label={CHAT_TEXT.newConversation}
                icon="rotate-ccw"
                iconClassName="size-5"
                onClick={restart}
                disabled={sending}
                className="rounded-md p-2 hover:bg-white/15 disabled:opacity-60"
              />
            ) : null}
            <Dialog.Close
              aria-label={CHAT_TEXT.close}
              title={CHAT_TEXT.close}
              className="rounded-md p-2 hover:bg-white/15"
            >
              <Icon name="x" className="size-5" />
            </Dialog.Close>
          </ChatHeader>

          <ChatLog
            ref={scroller}
            welcome={welcomeMessage(tool, "voice and images")}
            messages={state.messages}
            typing={sending && !replying}
            className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:max-h-[400px]"
          >
            {state.messages.length === 0 && !sending ? (
              <StarterPrompts
                prompts={starterPrompts}
                onPick={(text) => send({ text })}
                disabled={locked}
                className="mt-3"
              />
            ) : null}
            {handoff?.notice ? (
              <p
                data-handoff-notice
                className="mt-3 rounded-lg bg-white px-3 py-2 text-xs text-slate-700 ring-1 ring-slate-200"
              >
                {handoff.notice}
              </p>
            ) : null}
            {/* No webhook answered: the team can answer by email instead. */}
            {!sending && state.messages.at(-1)?.offline ? (
              <OfflineEmailForm id="chat-widget-email" className="mt-3" />
            ) : null}
            {sending ? null : <BookCallReply className="mt-3" />}
          </ChatLog>

          <form
            onSubmit={(event) => {
              event.preventDefault();
              sendMessage();
            }}
            className="mt-auto border-t border-slate-200 bg-white p-3"
          >
            {state.notice ? (
              <p
                role="alert"
                className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200"
              >
                {state.notice}
              </p>
            ) : null}
            {attached ? (
              <div className="mb-2 flex items-center gap-2">
                <img
                  src={attached.previewUrl}
                  alt={CHAT_TEXT.attachedPhoto}
                  className="size-16 rounded-lg object-cover ring-1 ring-slate-200"
                />
                <IconButton
                  label={CHAT_TEXT.removePhoto}
                  icon="x"
                  iconClassName="size-4"
                  onClick={() => {
                    setAttached(null);
                    input.current?.focus();
                  }}
                  disabled={sending}
                  className="grid size-8 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50"
                />
              </div>
            ) : null}
            <div className="flex gap-2">
              <label htmlFor={inputId} className="sr-only">
                {CHAT_TEXT.messageLabel}
              </label>
              <input
                ref={input}
                id={inputId}
                type="text"
                autoComplete="off"
                value={state.text}
                onChange={(event) => dispatch({ type: "typed", text: event.target.value })}
                maxLength={maxMessageChars ?? DEFAULT_CHAT_MAX_MESSAGE_CHARS}
                disabled={locked}
                placeholder={attached ? CHAT_TEXT.captionPlaceholder : CHAT_TEXT.placeholder}
                className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-slate-50 sm:text-sm"
              />
              <Button
                type="submit"
                size="icon"
                disabled={locked || (!state.text.trim() && !attached)}
                aria-label={CHAT_TEXT.send}
                title={CHAT_TEXT.send}
                className="size-10"
              >
                <Icon name="send" className="size-4" />
              </Button>
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant={recording ? "danger" : "secondary"}
                size="sm"
                onClick={recording ? recorder.stop : recorder.start}
                disabled={locked && !recording}
              >
                {recording ? <Icon name="square" className="size-3.5" /> : <Icon name="mic" className="size-3.5" />}
                {recording ? CHAT_TEXT.stop : CHAT_TEXT.voice}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => photo.current?.click()} disabled={locked}>
                <Icon name="image" className="size-3.5" />
                {CHAT_TEXT.photo}
              </Button>
              <input
                ref={photo}
                type="file"
                accept={SENDABLE_IMAGE_TYPES}
                hidden
                tabIndex={-1}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (!file) return;
                  // A file the server would refuse never shows as a sent bubble: the
                  // server's own test of the first bytes decides here too, not the declared type.
                  void isSendableImage(file).then((sendable) =>
                    sendable ? attach(file) : dispatch({ type: "noticed", notice: CHAT_ERROR.notImage }),
                  );
                }}
              />
              {withTeam ? null : <TalkToPerson dispatch={dispatch} disabled={locked} />}
              {whatsapp ? (
                <WhatsAppLink href={whatsapp} className={buttonClasses("secondary", "sm")}>
                  <WhatsAppIcon className="size-3.5" />
                  {CHAT_TEXT.whatsapp}
                </WhatsAppLink>
              ) : null}
            </div>
            <PrivacyNotice className="mt-2" />
          </form>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The raster images the server stores (media-type.ts), offered first by the picker. */
const SENDABLE_IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

/** The longest signature media-type.ts reads: "RIFF", four size bytes, "WEBP". */
const SIGNATURE_BYTES = 12;

async function isSendableImage(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return detectMediaType(head)?.kind === "image";
}

/** A button drawn as an icon: its label is also its tooltip. */
function IconButton({
  label,
  icon,
  iconClassName,
  ...button
}: { label: string; icon: IconName; iconClassName: string } & ComponentProps<"button">) {
  return (
    <button type="button" aria-label={label} title={label} {...button}>
      <Icon name={icon} className={iconClassName} />
    </button>
  );
}
