import { randomUUID } from "node:crypto";

import { LIVE_CHAT_TEXT } from "~/copy/live-chat";
import { rateLimitAddress } from "~/lib/address-key";
import type { HandoffView } from "~/lib/chat";
import { getEnv } from "~/lib/env.server";
import { SSE_HEARTBEAT, SSE_RETRY_MS, sseEvent, StreamCaps } from "~/lib/live-stream";
import { log } from "~/lib/log.server";
import { countWaitingConversations, handoffView } from "~/models/chat-handoff.server";
import {
  listenForChatActivity,
  messagesAfter,
  pingChatActivity,
  STREAM_BATCH,
  streamStart,
} from "~/models/chat-stream.server";

import { toChatMessageView } from "./conversation.server";

// The live chat's streams (Server-Sent Events, docs/decisions/020-live-chat-over-sse.md). ONE
// LISTEN per instance on chat_activity, which the database fills with a conversation's session id
// whenever it changes (a message, a handoff), whichever instance or script wrote it; each
// notification reaches, in memory, the streams open on that conversation (the visitor's) and every
// staff stream (the admin's Chats). A stream reads what is new itself: the notification only says where.

/** A comment every this often keeps proxies from closing a quiet stream; staff presence beats with it. */
const HEARTBEAT_MS = 15_000;
/** A visitor's stream that has sent nothing for this long ends; the widget opens another when needed. */
const IDLE_MS = 30 * 60_000;

type Subscriber = {
  /** The conversation followed; null: every conversation (staff). */
  sessionId: string | null;
  /** Something changed in `sessionId` (every conversation's after a lost subscription: "*"). */
  onActivity: (sessionId: string) => void;
  beat: () => void;
  /** Ends the stream; with a reason, the browser is told it (else it reconnects, as after a drop). */
  end: (reason?: "idle" | "unavailable") => void;
};

const subscribers = new Set<Subscriber>();
const caps = new StreamCaps(() => {
  const env = getEnv();
  return { max: env.CHAT_STREAMS_MAX, perAddress: env.CHAT_STREAMS_PER_ADDRESS };
});

// This instance's ping, sent through the database with each heartbeat and expected back before the
// next: LISTEN that silently stopped (a connection postgres-js gave up remaking, or a transaction
// pooler, which takes LISTEN and never delivers) ends the streams, and the widgets poll instead.
const PING_PREFIX = "ping:";
const ownPing = `${PING_PREFIX}${randomUUID()}`;
let pingAnswered = true;
let listening: Promise<boolean> | undefined;
let unlisten: (() => Promise<void>) | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

function onNotification(payload: string): void {
  if (payload === ownPing) {
    pingAnswered = true;
    return;
  }
  if (payload.startsWith(PING_PREFIX)) return;
  for (const subscriber of subscribers) {
    if (subscriber.sessionId === null || subscriber.sessionId === payload) subscriber.onActivity(payload);
  }
}

/** A (re)made subscription may have missed notifications: every stream reads again. */
function onListen(): void {
  for (const subscriber of subscribers) subscriber.onActivity(subscriber.sessionId ?? "*");
}

/** Whether this instance listens: subscribes on the first stream, and again after a lost subscription. */
function ensureListening(): Promise<boolean> {
  listening ??= listenForChatActivity(onNotification, onListen).then(
    (stop) => {
      unlisten = stop;
      pingAnswered = true;
      timer ??= setInterval(tick, HEARTBEAT_MS).unref();
      return true;
    },
    (error: unknown) => {
      log.warn("live chat: cannot listen for chat activity; widgets poll instead", { error });
      listening = undefined;
      return false;
    },
  );
  return listening;
}

function tick(): void {
  if (!pingAnswered) {
    log.warn("live chat: lost touch with the database's notifications; widgets poll until it is back");
    dropSubscription("unavailable");
    return;
  }
  for (const subscriber of subscribers) subscriber.beat();
  if (subscribers.size === 0) return;
  pingAnswered = false;
  pingChatActivity(ownPing).catch(() => {});
}

function dropSubscription(reason?: "unavailable"): void {
  for (const subscriber of subscribers) subscriber.end(reason);
  clearInterval(timer);
  timer = undefined;
  listening = undefined;
  const stop = unlisten;
  unlisten = undefined;
  void stop?.().catch(() => {});
}

/** Shutdown: the streams end first, and their browsers reconnect (to another instance, or poll). */
export function closeLiveStreams(): void {
  dropSubscription();
}

const encoder = new TextEncoder();

const PRIVATE_STREAM = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: compression (server/main.ts) would hold events back until it had a block's worth.
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
};

function refusal(status: 429 | 503, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
  });
}

/**
 * A text/event-stream body for one subscriber: `start` sends the first events; `onActivity` runs
 * one read at a time, again if something changed meanwhile. The stream ends when the browser
 * leaves (`signal`), on `end`, or when the instance stops.
 */
function eventStream(options: {
  signal: AbortSignal;
  sessionId: string | null;
  release: () => void;
  read: (send: (chunk: string) => void) => Promise<void>;
  /** Told which conversation changed, before the read. */
  noted?: (sessionId: string) => void;
  beat?: () => void;
  idleMs?: number;
}): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let lastSent = Date.now();
  let reading: Promise<void> | undefined;
  let again = false;

  const write = (chunk: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(chunk));
    } catch {
      close();
    }
  };
  const send = (chunk: string) => {
    lastSent = Date.now();
    write(chunk);
  };
  const read = () => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          await options.read(send);
        } catch (error) {
          log.warn("live chat: a stream's read failed", { error });
        }
      } while (again && !closed);
      reading = undefined;
    })();
  };
  const subscriber: Subscriber = {
    sessionId: options.sessionId,
    onActivity(sessionId) {
      options.noted?.(sessionId);
      read();
    },
    beat() {
      if (options.idleMs !== undefined && Date.now() - lastSent > options.idleMs) return this.end("idle");
      write(SSE_HEARTBEAT);
      options.beat?.();
    },
    end(reason) {
      if (reason) write(sseEvent("end", { reason }));
      close();
    },
  };
  function close() {
    if (closed) return;
    closed = true;
    subscribers.delete(subscriber);
    options.release();
    options.signal.removeEventListener("abort", close);
    try {
      controller.close();
    } catch {
      // Already cancelled by the browser leaving.
    }
  }

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      write(`retry: ${SSE_RETRY_MS}\n\n`);
      subscribers.add(subscriber);
      options.signal.addEventListener("abort", close);
      read();
    },
    cancel: close,
  });
  return new Response(body, { headers: PRIVATE_STREAM });
}

/** Takes a place for a stream and makes sure this instance listens; or the refusal to send. */
async function admit(address: string | null): Promise<{ release: () => void } | { refused: Response }> {
  const place = caps.take(address === null ? null : rateLimitAddress(address));
  if ("refused" in place) {
    log.warn("live chat: stream refused", { reason: place.refused });
    return { refused: refusal(place.refused === "address" ? 429 : 503, LIVE_CHAT_TEXT.streamRefused) };
  }
  if (!(await ensureListening())) {
    place.release();
    return { refused: refusal(503, LIVE_CHAT_TEXT.streamRefused) };
  }
  return place;
}

/** What the visitor's own tab did not post: staff replies, and the site's lines on a handover. */
const LIVE_ANSWERS = new Set(["staff", "system"]);

/**
 * The visitor's stream on their conversation: the handoff's state at once and whenever it changes,
 * and each staff message (or the site's line on a handover) after `cursor` (the visitor's own
 * messages and the assistant's replies come back with their post). Each carries its id, which the browser sends back as
 * Last-Event-ID when it reconnects: what it missed meanwhile comes first.
 */
export async function visitorStream(input: {
  sessionId: string;
  cursor: string | null;
  address: string;
  signal: AbortSignal;
}): Promise<Response> {
  const { sessionId, signal } = input;
  const admitted = await admit(input.address);
  if ("refused" in admitted) return admitted.refused;
  let after: string | null;
  try {
    // No cursor: the browser has none of the conversation, and gets all that is the stream's to send.
    after = input.cursor ? await streamStart(sessionId, input.cursor) : null;
  } catch (error) {
    admitted.release();
    throw error;
  }
  let handoff: string | undefined;
  return eventStream({
    signal,
    sessionId,
    release: admitted.release,
    idleMs: IDLE_MS,
    async read(send) {
      for (;;) {
        const rows = await messagesAfter(sessionId, after);
        for (const row of rows) {
          after = row.id;
          if (row.answeredBy && LIVE_ANSWERS.has(row.answeredBy)) {
            send(sseEvent("message", toChatMessageView(row), row.id));
          }
        }
        if (rows.length < STREAM_BATCH) break;
      }
      const view: HandoffView = await handoffView(sessionId);
      const json = JSON.stringify(view);
      if (json !== handoff) send(sseEvent("handoff", view));
      handoff = json;
    },
  });
}

/**
 * A staff member's stream: `change` with a conversation's session id whenever one changes, for the
 * Chats screen to read again, and `waiting` with the number of conversations waiting for staff
 * whenever it changes (at once, too); `onBeat` with each heartbeat (staff presence).
 */
export async function staffStream(input: { signal: AbortSignal; onBeat: () => void }): Promise<Response> {
  const admitted = await admit(null);
  if ("refused" in admitted) return admitted.refused;
  const changed = new Set<string>();
  let waiting: number | undefined;
  input.onBeat();
  return eventStream({
    signal: input.signal,
    sessionId: null,
    release: admitted.release,
    beat: input.onBeat,
    noted: (sessionId) => changed.add(sessionId),
    read: async (send) => {
      for (const sessionId of changed) send(sseEvent("change", { sessionId }));
      changed.clear();
      const count = await countWaitingConversations();
      if (count !== waiting) send(sseEvent("waiting", count));
      waiting = count;
    },
  });
}
