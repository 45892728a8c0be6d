// A chat message's answer does not wait for the database (issue #11's chat overhead): the
// visitor's message and the reply are stored once the visitor has the reply. A failure to store
// was only ever logged (docs/product.md §8), so the visitor sees no difference.
// This queue keeps each conversation's messages in the order they were said, lets this instance's
// next read of a conversation include its own writes, and lets shutdown wait for them.

const queued = new Map<string, Promise<void>>();

/**
 * Runs `write` once the conversation's writes queued before it are done, after the I/O already
 * waiting (the answer on its way out) has gone. `write` logs its own failure and never rejects.
 */
export function queueConversationWrite(sessionId: string, write: () => Promise<unknown>): void {
  const next = (queued.get(sessionId) ?? Promise.resolve())
    .then(() => new Promise((resolve) => setImmediate(resolve)))
    .then(write)
    .then(() => {
      if (queued.get(sessionId) === next) queued.delete(sessionId);
    });
  queued.set(sessionId, next);
}

/** Resolves once every write queued so far for the conversation is done. */
export function conversationWritten(sessionId: string): Promise<void> {
  return queued.get(sessionId) ?? Promise.resolve();
}

/** Resolves once every conversation's writes queued so far are done: shutdown waits for it. */
export async function allConversationsWritten(): Promise<void> {
  await Promise.all(queued.values());
}
