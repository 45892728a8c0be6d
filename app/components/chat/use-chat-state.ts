import { useEffect, useReducer } from "react";
import { useLocation } from "react-router";

import { CHAT_ERROR, CHAT_TEXT } from "~/copy/chat";
import { type ChatMessageView, type ChatReplyEvent, defaultMediaText, type HandoffView } from "~/lib/chat";
import type { ChatMediaType } from "~/lib/domain";

import type { ChatLogMessage } from "./chat-message";
import { addVisitFields } from "./visit";

// The widget's conversation as a reducer: what each event does to it is a pure function, tested
// on its own (chat-state.test.ts); the hook below ties it to /chat/messages, which answers a
// message with the reply's text as it streams in, then the exchange as stored.

/** Where the widget reads the conversation so far and posts each message. */
const MESSAGES_URL = "/chat/messages";
const NEW_CONVERSATION_URL = "/chat/new";

export interface ChatState {
  /** What the visitor is typing. */
  text: string;
  /** A problem that belongs to no message (the microphone, a recording that could not go out). */
  notice: string | null;
  messages: ChatLogMessage[];
  /** The message on its way and its preview, which lives until the message is settled. */
  pending: { localId: string; blobUrl: string | null } | null;
  sentCount: number;
  settledCount: number;
  /** Who answers: the assistant, or staff (asked for, or holding it); null until the server says. */
  handoff: HandoffView | null;
  /** The latest stored message the widget has: where a live stream goes on from. */
  cursor: string | null;
}

/** How a message ended: stored with its reply, refused with a reason, or lost on the way. */
export type ChatOutcome =
  | { exchange: { user: ChatMessageView; bot?: ChatMessageView }; handoff?: HandoffView }
  | { refused: string }
  | { lost: true };

export type ChatEvent =
  | { type: "typed"; text: string }
  | { type: "noticed"; notice: string }
  /** The conversation so far, read when the widget opens. */
  | { type: "loaded"; messages: ChatMessageView[]; handoff?: HandoffView }
  /** A message that came live (a staff reply), or by polling: shown once. */
  | { type: "received"; message: ChatMessageView }
  /** The handoff's state, as the server says it now. */
  | { type: "handedOff"; handoff: HandoffView }
  | {
      type: "sent";
      /** The typed text, trimmed; empty when a file goes alone. */
      text: string;
      media: { kind: ChatMediaType; blobUrl: string } | null;
    }
  /** A piece of the reply's text, while a webhook streams it. */
  | { type: "streamed"; text: string }
  | { type: "settled"; outcome: ChatOutcome }
  /** "New conversation": the next message starts a new session. */
  | { type: "restarted" };

export const INITIAL_CHAT_STATE: ChatState = {
  text: "",
  notice: null,
  messages: [],
  pending: null,
  sentCount: 0,
  settledCount: 0,
  handoff: null,
  cursor: null,
};

/** The reply's bubble keeps one key from its first streamed word to the stored reply. */
const replyId = (localId: string) => `${localId}-reply`;

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case "typed":
      return { ...state, text: event.text };
    case "noticed":
      return { ...state, notice: event.notice };
    case "loaded": {
      const handoff = event.handoff ?? state.handoff;
      // A message sent before the history came is already in it: the history would repeat it.
      if (state.sentCount > 0) return { ...state, handoff };
      return { ...state, messages: event.messages, handoff, cursor: event.messages.at(-1)?.id ?? state.cursor };
    }
    case "received":
      if (state.messages.some((message) => message.id === event.message.id)) return state;
      return { ...state, messages: [...state.messages, event.message], cursor: event.message.id };
    case "handedOff":
      return { ...state, handoff: event.handoff };
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
        pending: { localId, blobUrl: message.mediaUrl },
        sentCount: state.sentCount + 1,
      };
    }
    case "streamed": {
      if (!state.pending) return state;
      const id = replyId(state.pending.localId);
      const last = state.messages.at(-1);
      const messages =
        last?.id === id
          ? [...state.messages.slice(0, -1), { ...last, message: last.message + event.text }]
          : [...state.messages, { id, message: event.text, isUserMessage: false, mediaUrl: null, mediaType: null }];
      return { ...state, messages };
    }
    case "settled":
      if (!state.pending) return state;
      return {
        ...state,
        messages: settle(state.messages, state.pending.localId, event.outcome),
        pending: null,
        settledCount: state.settledCount + 1,
        ...("exchange" in event.outcome
          ? {
              cursor: (event.outcome.exchange.bot ?? event.outcome.exchange.user).id,
              handoff: event.outcome.handoff ?? state.handoff,
            }
          : {}),
      };
    case "restarted":
      return { ...state, notice: null, messages: [], handoff: null, cursor: null };
  }
}

/**
 * Sent, the stored message replaces the preview and the stored reply the streamed one; refused,
 * the message keeps its text and says why; lost, docs/product.md §8's apology follows whatever
 * of the reply had come.
 */
function settle(messages: ChatLogMessage[], localId: string, outcome: ChatOutcome): ChatLogMessage[] {
  // Messages keep their local ids as keys: a new key would make the log announce them again.
  const update = (change: Partial<ChatLogMessage>) =>
    messages.map((message) => (message.id === localId ? { ...message, ...change, id: localId } : message));
  if ("exchange" in outcome) {
    // Held by staff: the message went to the team, and their reply comes later.
    if (!outcome.exchange.bot) return update(outcome.exchange.user);
    const reply = { ...outcome.exchange.bot, id: replyId(localId) };
    return [...update(outcome.exchange.user).filter((message) => message.id !== reply.id), reply];
  }
  if ("refused" in outcome) return update({ mediaUrl: null, failed: outcome.refused });
  const apology: ChatLogMessage = {
    id: `${localId}-error`,
    message: CHAT_TEXT.technicalDifficulties,
    isUserMessage: false,
    mediaUrl: null,
    mediaType: null,
  };
  return [...update({ mediaUrl: null }), apology];
}

/** The first reason a refusal gives (the form's, else a field's), else the apology. */
function refusalReason(body: unknown): string {
  const errors = (body as { result?: { error?: Record<string, string[] | null> } } | null)?.result?.error;
  return (
    Object.values(errors ?? {})
      .flat()
      .find(Boolean) ?? CHAT_TEXT.technicalDifficulties
  );
}

/** The widget's latest post, until its answer's headers (and so its Set-Cookie) have come. */
let lastPost: Promise<unknown> = Promise.resolve();

/**
 * Posts once the widget's previous post has been answered. The conversation cookie is minted by
 * the first post of a conversation: a message and "Talk to a person" sent at once would each mint
 * their own and split it in two.
 */
export function postInTurn(url: string, init: RequestInit): Promise<Response> {
  const response = lastPost.then(() => fetch(url, { ...init, method: "POST" }));
  lastPost = response.catch(() => {});
  return response;
}

/** Posts a message and reports the reply as it comes: pieces of streamed text, then the outcome. */
async function postMessage(form: FormData, onText: (text: string) => void): Promise<ChatOutcome> {
  let response: Response;
  try {
    response = await postInTurn(MESSAGES_URL, { body: form });
  } catch {
    return { lost: true };
  }
  if (!response.headers.get("Content-Type")?.startsWith("application/x-ndjson") || !response.body) {
    return { refused: refusalReason(await response.json().catch(() => null)) };
  }
  const lines = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await lines.read();
      if (done) return { lost: true };
      buffered += value;
      let end: number;
      while ((end = buffered.indexOf("\n")) >= 0) {
        const event = JSON.parse(buffered.slice(0, end)) as ChatReplyEvent;
        buffered = buffered.slice(end + 1);
        if (event.type === "delta") onText(event.text);
        else return { exchange: { user: event.user, bot: event.bot }, handoff: event.handoff };
      }
    }
  } catch {
    return { lost: true };
  }
}

/** GET /chat/messages: the conversation so far and who answers it. */
export interface ConversationSoFar {
  messages: ChatMessageView[];
  handoff?: HandoffView;
}

/** The widget's state; `send` posts a message to /chat/messages the way the page's form does. */
export function useChatState() {
  const [state, dispatch] = useReducer(chatReducer, INITIAL_CHAT_STATE);
  const location = useLocation();
  const sending = state.pending !== null;

  // The conversation so far: a visitor who comes back within its lifetime goes on where they were.
  useEffect(() => {
    const controller = new AbortController();
    fetch(MESSAGES_URL, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ConversationSoFar>) : null))
      .then((body) => body && dispatch({ type: "loaded", messages: body.messages, handoff: body.handoff }))
      // Without the history the widget still works: the visitor just does not see it.
      .catch(() => {});
    return () => controller.abort();
  }, []);

  // A preview lives as long as its message is on its way.
  const blobUrl = state.pending?.blobUrl;
  useEffect(() => {
    if (blobUrl) return () => URL.revokeObjectURL(blobUrl);
  }, [blobUrl]);

  /** Sends what the visitor typed, or `text` (a starter prompt), with the file if there is one. */
  function send({
    media,
    text = state.text.trim(),
  }: { media?: { file: File; kind: ChatMediaType }; text?: string } = {}) {
    if (sending) {
      // Only a finished recording can get here; a visitor must not lose one without being told.
      if (media) dispatch({ type: "noticed", notice: CHAT_ERROR.stillSending });
      return;
    }
    if (!text && !media) return;
    dispatch({
      type: "sent",
      text,
      media: media ? { kind: media.kind, blobUrl: URL.createObjectURL(media.file) } : null,
    });
    const form = new FormData();
    addVisitFields(form, `${location.pathname}${location.search}`);
    if (text) form.set("message", text);
    if (media) form.set(media.kind, media.file);
    void postMessage(form, (piece) => dispatch({ type: "streamed", text: piece })).then((outcome) =>
      dispatch({ type: "settled", outcome }),
    );
  }

  function restart() {
    if (sending) return;
    // A redirect to /chat answers; the widget needs only its cookie, not the page.
    void postInTurn(NEW_CONVERSATION_URL, { body: new FormData(), redirect: "manual" }).then(
      () => dispatch({ type: "restarted" }),
      () => dispatch({ type: "noticed", notice: CHAT_TEXT.technicalDifficulties }),
    );
  }

  return { state, dispatch, sending, send, restart };
}
