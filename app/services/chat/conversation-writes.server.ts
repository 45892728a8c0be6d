import { log } from "~/lib/log.server";
import { type ChatExchangeInput, saveChatExchanges } from "~/models/chat-messages.server";

// A chat message's answer does not wait for the database (docs/decisions/007-chat-writes-after-the-answer.md): the
// visitor's message and its reply are stored once the visitor has the reply, with the exchanges
// of the next few milliseconds in one statement, so that a burst of chat costs the database one
// statement (and one run of chat_messages' triggers) per batch, not per message: on the embedded
// database each statement is a millisecond or two of the thread that answers visitors. Each
// message is dated when it happened (exchangeTime), so the batches keep every conversation in
// order. A failure to store was only ever logged (docs/product.md §8): the visitor sees no
// difference. This instance's next read of a conversation, and shutdown, wait for its writes.

/** How long an exchange waits for others to share its statement. */
const BATCH_MS = 20;
/** Written at once past this many. */
const MAX_BATCH = 100;

let waiting: ChatExchangeInput[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** The batches on their way, one after another. */
let written: Promise<void> = Promise.resolve();
let lastTime = 0;

/**
 * Now, in milliseconds since the epoch to the microsecond, and later than any time it gave
 * before (by 10 µs at least: what survives the float's rounding to PostgreSQL's microseconds).
 */
export function exchangeTime(): number {
  lastTime = Math.max(performance.timeOrigin + performance.now(), lastTime + 0.01);
  return lastTime;
}

function writeWaiting(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const batch = waiting;
  waiting = [];
  if (batch.length > 0) {
    written = written.then(() =>
      saveChatExchanges(batch).catch((error: unknown) => {
        log.error("storing chat exchanges failed", {
          error,
          exchanges: batch.length,
          sessionIds: [...new Set(batch.map((exchange) => exchange.sessionId))],
        });
      }),
    );
  }
  return written;
}

/** Stores the exchange with the others of the next few milliseconds. */
export function queueExchange(exchange: ChatExchangeInput): void {
  waiting.push(exchange);
  if (waiting.length >= MAX_BATCH) void writeWaiting();
  else timer ??= setTimeout(writeWaiting, BATCH_MS);
}

/** Resolves once every exchange of the conversation queued so far is stored (or its failure logged). */
export function conversationWritten(sessionId: string): Promise<void> {
  return waiting.some((exchange) => exchange.sessionId === sessionId) ? writeWaiting() : written;
}

/** Resolves once every exchange queued so far is stored: shutdown waits for it. */
export function allConversationsWritten(): Promise<void> {
  return writeWaiting();
}
