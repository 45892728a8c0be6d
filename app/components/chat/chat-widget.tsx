import { useEffect, useRef, useState } from "react";

import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";
import { CHAT_TEXT } from "~/copy/chat";
import { PENDING_CHAT_ATTRIBUTE } from "~/lib/deferred-hydration";
import { useHydrated } from "~/lib/hydrated";

import { rememberVisitUtm } from "./visit";

/** Any element with this attribute opens the chat (the hero's "Try AI Chat Demo", the trigger). */
const OPEN_CHAT_SELECTOR = "[data-open-chat]";

/** Where the chat works without the panel: the page the trigger links to. */
const CHAT_PAGE = "/chat";

type ChatPanelComponent = (typeof import("./chat-panel"))["ChatPanel"];

let panelLoading: Promise<ChatPanelComponent> | null = null;

/** Fetches the panel's code once per page; a failed fetch is forgotten, so the next attempt tries again. */
function loadChatPanel(): Promise<ChatPanelComponent> {
  panelLoading ??= import("./chat-panel").then(
    (module) => module.ChatPanel,
    (error: unknown) => {
      panelLoading = null;
      throw error;
    },
  );
  return panelLoading;
}

/**
 * The chat widget on every public page. Rendered on the server as a link to /chat, where the
 * same conversation works without JavaScript; once hydrated the link opens the panel instead.
 * Most visitors never open the chat, so the panel (the dialog, the conversation, the voice
 * recorder) is fetched only when a visitor reaches for an opener: pointing at it, touching it or
 * focusing it starts the fetch, so that by the click it has usually arrived. `maxMessageChars` is
 * the server's text limit; an error page may lack the layout's data, and the panel its default.
 */
export function ChatWidget({ maxMessageChars }: { maxMessageChars: number | undefined }) {
  // Until hydrated, the trigger is a plain link to /chat; only then does it open a dialog.
  const hydrated = useHydrated();
  const [ChatPanel, setChatPanel] = useState<ChatPanelComponent | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const trigger = useRef<HTMLAnchorElement>(null);

  // The widget mounts on the visit's first page, whose address carries the UTM parameters.
  useEffect(() => rememberVisitUtm(window.location.search), []);

  useEffect(() => {
    let mounted = true;
    const load = () =>
      loadChatPanel().then((panel) => {
        if (mounted) setChatPanel(() => panel);
      });

    function opensChat(event: Event) {
      return event.target instanceof Element ? event.target.closest<HTMLElement>(OPEN_CHAT_SELECTOR) : null;
    }
    function onIntent(event: Event) {
      // A failed early fetch costs nothing: the click fetches again.
      if (opensChat(event)) load().catch(() => {});
    }
    function openFrom(target: HTMLElement) {
      opener.current = target;
      setOpen(true);
      load().catch((error: unknown) => {
        // Offline, or a new release replaced the file: the chat page still works.
        console.error("loading the chat failed", error);
        window.location.assign(CHAT_PAGE);
      });
    }
    function onClick(event: MouseEvent) {
      // Modified clicks keep their meaning (open /chat in a new tab).
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = opensChat(event);
      if (!target) return;
      // Capture phase: before a router <Link> could navigate to /chat.
      event.preventDefault();
      openFrom(target);
    }

    // Pointer events cover the mouse, the pen and a finger's first touch alike.
    const intents = ["pointerover", "focusin"] as const;
    for (const type of intents) document.addEventListener(type, onIntent, { capture: true, passive: true });
    document.addEventListener("click", onClick, true);
    // A click that came before hydration (app/lib/deferred-hydration.ts) is answered now.
    function openPending() {
      const pending = document.querySelector<HTMLElement>(`[${PENDING_CHAT_ATTRIBUTE}]`);
      if (!pending) return;
      pending.removeAttribute(PENDING_CHAT_ATTRIBUTE);
      openFrom(pending);
    }
    openPending();
    document.addEventListener(PENDING_CHAT_ATTRIBUTE, openPending);
    return () => {
      document.removeEventListener(PENDING_CHAT_ATTRIBUTE, openPending);
      mounted = false;
      for (const type of intents) document.removeEventListener(type, onIntent, true);
      document.removeEventListener("click", onClick, true);
    };
  }, []);

  // The trigger stays until the panel can take its place.
  const shown = open && ChatPanel !== null;
  return (
    <aside aria-label={CHAT_TEXT.region}>
      <a
        ref={trigger}
        href={CHAT_PAGE}
        data-open-chat
        title={CHAT_TEXT.trigger}
        aria-label={CHAT_TEXT.trigger}
        aria-haspopup={hydrated ? "dialog" : undefined}
        className={cn(
          "fixed bottom-5 right-5 z-40 size-14 items-center justify-center rounded-full bg-brand text-white shadow-lg transition hover:scale-105 hover:brightness-110",
          shown ? "hidden" : "flex",
        )}
      >
        <Icon name="message-circle" className="size-6" />
      </a>
      {ChatPanel ? (
        <ChatPanel
          open={shown}
          onClose={() => setOpen(false)}
          returnFocus={() => (opener.current?.isConnected ? opener.current : trigger.current)}
          maxMessageChars={maxMessageChars}
        />
      ) : null}
    </aside>
  );
}
