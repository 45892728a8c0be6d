import { useEffect, useReducer, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { CHAT_ERROR, CHAT_TEXT } from "~/copy/chat";
import { defaultMediaText, newChatSessionId } from "~/lib/chat";
import type { ChatMediaType } from "~/lib/domain";
import type { ChatActionData, clientAction } from "~/routes/public/chat";
import type { ChatLogMessage } from "./chat-message";
import { addVisitFields } from "./visit";

// The widget's conversation as a reducer: what each event does to it is a pure function, tested
// on its own (chat-state.test.ts); the hook below ties it to the fetcher that posts to /chat.

export interface ChatState {
  /** What the visitor is typing. */
  text: string;
  /** A problem that belongs to no message (the microphone, a recording that could not go out). */
  notice: string | null;
  messages: ChatLogMessage[];
  /**
   * The message on its way: its preview, and the answer the fetcher held when it left, so the
   * answer to this message can be told from the one before.
   */
  pending: { localId: string; blobUrl: string | null; previousOutcome: ChatActionData | undefined } | null;
  sentCount: number;
  settledCount: number;
}

export type ChatEvent =
  | { type: "typed"; text: string }
  | { type: "noticed"; notice: string }
  | {
      type: "sent";
      /** The typed text, trimmed; empty when a file goes alone. */
      text: string;
      media: { kind: ChatMediaType; blobUrl: string } | null;
      previousOutcome: ChatActionData | undefined;
    }
  /** The fetcher's answer, or undefined when it came back with none. */
  | { type: "settled"; outcome: ChatActionData | undefined };

export const INITIAL_CHAT_STATE: ChatState = {
  text: "",
  notice: null,
  messages: [],
  pending: null,
  sentCount: 0,
  settledCount: 0,
};

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case "typed":
      return { ...state, text: event.text };
    case "noticed":
      return { ...state, notice: event.notice };
    case "sent": {
      const localId = `local-${state.sentCount + 1}`;
      const message: ChatLogMessage = {
        id: localId,
        message: event.text || defaultMediaText(event.media!.kind),
        isUserMessage: true,
        mediaUrl: event.media?.blobUrl ?? null,
        mediaType: event.media?.kind ?? null,
      };
      return {
        ...state,
        text: "",
        notice: null,
        messages: [...state.messages, message],
        pending: { localId, blobUrl: message.mediaUrl, previousOutcome: event.previousOutcome },
        sentCount: state.sentCount + 1,
      };
    }
    case "settled":
      if (!state.pending) return state;
      return {
        ...state,
        messages: settle(state.messages, state.pending.localId, event.outcome),
        pending: null,
        settledCount: state.settledCount + 1,
      };
  }
}

/**
 * Sent, the stored message replaces the preview and the reply follows; refused, the message
 * keeps its text and says why; lost, docs/product.md §8's apology follows it.
 */
function settle(messages: ChatLogMessage[], localId: string, outcome: ChatActionData | undefined): ChatLogMessage[] {
  // The message keeps its local id as its key: a new key would make the log announce it again.
  const update = (change: Partial<ChatLogMessage>) =>
    messages.map((message) => (message.id === localId ? { ...message, ...change, id: localId } : message));
  if (outcome?.exchange) return [...update(outcome.exchange.user), outcome.exchange.bot];
  if (!outcome || outcome.unexpected) {
    const apology: ChatLogMessage = {
      id: `${localId}-error`,
      message: CHAT_TEXT.technicalDifficulties,
      isUserMessage: false,
      mediaUrl: null,
      mediaType: null,
    };
    return [...update({ mediaUrl: null }), apology];
  }
  const reason =
    Object.values(outcome.result.error ?? {})
      .flat()
      .find(Boolean) ?? CHAT_TEXT.technicalDifficulties;
  return update({ mediaUrl: null, failed: reason });
}

/** The widget's state, and `send`, which posts a message to /chat the way the page's form does. */
export function useChatState() {
  const [state, dispatch] = useReducer(chatReducer, INITIAL_CHAT_STATE);
  // docs/product.md §3: one session id per widget load.
  const [sessionId] = useState(newChatSessionId);
  const fetcher = useFetcher<typeof clientAction>();
  const location = useLocation();
  const sending = fetcher.state !== "idle";

  // The answer is the fetcher's, so the conversation takes it in while rendering, not an effect later.
  if (state.pending && !sending && fetcher.data !== state.pending.previousOutcome) {
    dispatch({ type: "settled", outcome: fetcher.data });
  }

  // A preview lives as long as its message is on its way.
  const blobUrl = state.pending?.blobUrl;
  useEffect(() => {
    if (blobUrl) return () => URL.revokeObjectURL(blobUrl);
  }, [blobUrl]);

  function send(media?: { file: File; kind: ChatMediaType }) {
    if (sending) {
      // Only a finished recording can get here; a visitor must not lose one without being told.
      if (media) dispatch({ type: "noticed", notice: CHAT_ERROR.stillSending });
      return;
    }
    const text = state.text.trim();
    if (!text && !media) return;
    dispatch({
      type: "sent",
      text,
      media: media ? { kind: media.kind, blobUrl: URL.createObjectURL(media.file) } : null,
      previousOutcome: fetcher.data,
    });
    const form = new FormData();
    form.set("sessionId", sessionId);
    addVisitFields(form, `${location.pathname}${location.search}`);
    if (text) form.set("message", text);
    if (media) form.set(media.kind, media.file);
    fetcher.submit(form, {
      method: "post",
      action: "/chat",
      encType: "multipart/form-data",
      // A chat message changes nothing the page shows: no need to reload its data.
      defaultShouldRevalidate: false,
    });
  }

  return { state, dispatch, sending, send };
}
