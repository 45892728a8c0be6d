import * as Dialog from "@radix-ui/react-dialog";
import { ImageIcon, MessageCircle, Mic, Send, Square, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { WhatsAppIcon } from "~/components/ui/brand-icons";
import { Button, buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CHAT_TEXT, welcomeMessage } from "~/copy/chat";
import { useHydrated } from "~/lib/hydrated";
import { ChatHeader, useChatSettings, WhatsAppLink } from "./chat-header";
import { ChatLog } from "./chat-message";
import { useChatState } from "./use-chat-state";
import { useVoiceRecorder } from "./use-voice-recorder";

/** Any element with this attribute opens the chat (the hero's "Try AI Chat Demo", the trigger). */
const OPEN_CHAT_SELECTOR = "[data-open-chat]";

/**
 * The chat widget on every public page. Rendered on the server as a link to /chat, where the
 * same conversation works without JavaScript; once hydrated the link opens this panel instead.
 * `maxMessageChars` is the server's text limit, so the input stops where the server would refuse.
 */
export function ChatWidget({ maxMessageChars }: { maxMessageChars: number }) {
  const { tool, whatsapp } = useChatSettings();
  // Until hydrated, the trigger is a plain link to /chat; only then does it open a dialog.
  const hydrated = useHydrated();
  const { state, dispatch, sending, send } = useChatState();
  const opener = useRef<HTMLElement | null>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const inputId = useId();

  const recorder = useVoiceRecorder({
    onRecorded: (file) => send({ file, kind: "voice" }),
    onError: (notice) => dispatch({ type: "noticed", notice }),
  });
  const recording = recorder.state === "recording";
  // While a recording is being made it is the next message: nothing else may go out before it.
  const locked = sending || recorder.state !== "idle";

  function close() {
    recorder.cancel();
    dispatch({ type: "closed" });
  }

  useEffect(() => {
    function onClick(event: MouseEvent) {
      // Modified clicks keep their meaning (open /chat in a new tab).
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(OPEN_CHAT_SELECTOR) : null;
      if (!target) return;
      // Capture phase: before a router <Link> could navigate to /chat.
      event.preventDefault();
      opener.current = target;
      dispatch({ type: "opened" });
    }
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [dispatch]);

  // Once a message has its answer, typing goes on where it left off.
  useEffect(() => {
    if (state.settledCount > 0) input.current?.focus();
  }, [state.settledCount]);

  useEffect(() => {
    const list = scroller.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [state.messages, sending, state.open]);

  return (
    <aside aria-label={CHAT_TEXT.region}>
      <a
        ref={trigger}
        href="/chat"
        data-open-chat
        title={CHAT_TEXT.trigger}
        aria-label={CHAT_TEXT.trigger}
        aria-haspopup={hydrated ? "dialog" : undefined}
        className={cn(
          "fixed bottom-5 right-5 z-40 flex size-14 items-center justify-center rounded-full bg-brand text-white shadow-lg transition hover:scale-105 hover:brightness-110",
          state.open && "hidden",
        )}
      >
        <MessageCircle aria-hidden className="size-6" />
      </a>
      {/* Not modal: the page stays usable while the chat is open, and clicking it leaves the chat open. */}
      <Dialog.Root open={state.open} onOpenChange={(open) => !open && close()} modal={false}>
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
            (opener.current?.isConnected ? opener.current : trigger.current)?.focus();
          }}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-slate-50 sm:inset-auto sm:bottom-5 sm:right-5 sm:h-[600px] sm:max-h-[calc(100dvh-2.5rem)] sm:w-96 sm:rounded-2xl sm:shadow-2xl sm:ring-1 sm:ring-slate-200"
        >
          {/* Radix keeps Tab inside the panel; stopped here, Tab goes on to the page as before. */}
          <div className="contents" onKeyDown={(event) => event.key === "Tab" && event.stopPropagation()}>
            <ChatHeader look="panel" title={Dialog.Title}>
              <Dialog.Close
                aria-label={CHAT_TEXT.close}
                title={CHAT_TEXT.close}
                className="rounded-md p-2 hover:bg-white/15"
              >
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            </ChatHeader>

            <ChatLog
              ref={scroller}
              welcome={welcomeMessage(tool)}
              messages={state.messages}
              typing={sending}
              className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:max-h-[400px]"
            />

            <form
              onSubmit={(event) => {
                event.preventDefault();
                send();
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
                  maxLength={maxMessageChars}
                  disabled={locked}
                  placeholder={CHAT_TEXT.placeholder}
                  className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-slate-50 sm:text-sm"
                />
                <Button
                  type="submit"
                  size="icon"
                  disabled={locked || !state.text.trim()}
                  aria-label={CHAT_TEXT.send}
                  title={CHAT_TEXT.send}
                  className="size-10"
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
                    // docs/product.md §5: the picker takes images only; anything else is ignored.
                    if (file?.type.startsWith("image/")) send({ file, kind: "image" });
                  }}
                />
                {whatsapp ? (
                  <WhatsAppLink href={whatsapp} className={buttonClasses("secondary", "sm")}>
                    <WhatsAppIcon className="size-3.5" />
                    {CHAT_TEXT.whatsapp}
                  </WhatsAppLink>
                ) : null}
              </div>
            </form>
          </div>
        </Dialog.Content>
      </Dialog.Root>
    </aside>
  );
}
