import { type Dispatch, useEffect, useRef, useState } from "react";

import type { ChatMessageView, HandoffView } from "~/lib/chat";

import type { ChatEvent, ConversationSoFar } from "./use-chat-state";

// The widget's live side (docs/product.md §12.2): while it is `active` (the panel open, or staff
// asked for or holding the conversation) a Server-Sent Events stream brings staff replies and the
// handoff's state as they happen. A stream the server refuses (its caps), ends as unavailable, or
// that cannot connect, gives way to asking /chat/messages every few seconds.

const STREAM_URL = "/chat/stream";
const MESSAGES_URL = "/chat/messages";
/** How often the widget asks for new replies when it has no stream. */
export const POLL_MS = 5000;
/** Connection errors in a row, with no event between, before the widget stops trying the stream. */
const MAX_STREAM_ERRORS = 3;

type Mode = "stream" | "poll" | "rested";

export function useLiveChat({
  active,
  open,
  cursor,
  dispatch,
}: {
  active: boolean;
  /** The panel is open: a stream that ended while idle starts again when the visitor comes back. */
  open: boolean;
  cursor: string | null;
  dispatch: Dispatch<ChatEvent>;
}): void {
  const [mode, setMode] = useState<Mode>("stream");
  // Read when a stream opens, not a reason to open another.
  const latest = useRef(cursor);
  useEffect(() => {
    latest.current = cursor;
  }, [cursor]);

  // Opening the panel tries the stream again, whatever ended the last one (set while rendering,
  // as React advises for state that follows a prop).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setMode("stream");
  }

  useEffect(() => {
    if (!active || mode === "rested") return;
    if (mode === "poll") return poll(dispatch);
    const source = new EventSource(latest.current ? `${STREAM_URL}?after=${latest.current}` : STREAM_URL);
    let errors = 0;
    source.addEventListener("open", () => (errors = 0));
    source.addEventListener("message", (event) => {
      errors = 0;
      dispatch({ type: "received", message: JSON.parse(event.data) as ChatMessageView });
    });
    source.addEventListener("handoff", (event) => {
      dispatch({ type: "handedOff", handoff: JSON.parse(event.data) as HandoffView });
    });
    source.addEventListener("end", (event) => {
      source.close();
      const { reason } = JSON.parse(event.data) as { reason: string };
      setMode(reason === "idle" ? "rested" : "poll");
    });
    source.addEventListener("error", () => {
      // Closed: refused (a cap, no conversation), or failed for good. Else it is reconnecting.
      errors += 1;
      if (source.readyState === EventSource.CLOSED || errors >= MAX_STREAM_ERRORS) {
        source.close();
        setMode("poll");
      }
    });
    return () => source.close();
  }, [active, mode, dispatch]);
}

/**
 * Asks for the conversation every POLL_MS and passes on what the stream would: staff replies, the
 * site's lines on a handover, and the handoff's state.
 */
function poll(dispatch: Dispatch<ChatEvent>): () => void {
  let controller: AbortController | undefined;
  const ask = () => {
    controller?.abort();
    controller = new AbortController();
    fetch(MESSAGES_URL, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ConversationSoFar>) : null))
      .then((body) => {
        if (!body) return;
        // The visitor's messages and the assistant's replies are already shown, under local keys.
        for (const message of body.messages) {
          if (message.staffName || message.system) dispatch({ type: "received", message });
        }
        if (body.handoff) dispatch({ type: "handedOff", handoff: body.handoff });
      })
      // The next turn asks again.
      .catch(() => {});
  };
  ask();
  const timer = setInterval(ask, POLL_MS);
  return () => {
    clearInterval(timer);
    controller?.abort();
  };
}
